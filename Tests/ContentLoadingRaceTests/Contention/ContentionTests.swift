import ContentLoading
import ContentLoadingTestSupport
import Dispatch
import Testing

/// Many threads and tasks begin, finish and cancel loads at once, with seeded jitter. The
/// harness judges every step on the main actor: an accepted finish always held the then-current
/// token, a dropped one changed nothing, switches follow the transition table, and every real
/// change reached the wrapper's delegate and renderers exactly once and in order.
@MainActor
@Suite struct ContentionTests {
    private nonisolated static let workers = 8

    /// Real threads (`concurrentPerform`) read tokens' validity while the main actor publishes
    /// new ones, then hop to the main actor to finish, begin or cancel.
    @Test func threadsFinishBeginAndCancelAtOnce() async {
        let seed = RaceSettings.seed(for: "ContentionTests.threads")
        let harness = ContentionHarness()
        harness.begin(keepingContent: true)
        var validReads = 0
        for round in 0..<RaceSettings.iterations(2_000) {
            let tokens = Array(harness.tokens.suffix(4))
            let collector = TaskCollector()
            let reads = await Task.detached {
                let readCount = ValidReadCounter()
                DispatchQueue.concurrentPerform(iterations: Self.workers) { worker in
                    var random = SeededGenerator(
                        seed: SeededGenerator.seed(base: seed, index: round * Self.workers + worker))
                    _ = Jitter.spin(&random)
                    let token = tokens.randomElement(using: &random)!
                    if token.isValid { readCount.increment() }  // Off the main actor, racing the publishes.
                    let action = Int.random(in: 0..<20, using: &random)
                    var taskRandom = random
                    collector.add(
                        Task { @MainActor in
                            await Jitter.yield(&taskRandom)
                            Self.perform(action, token: token, on: harness)
                        })
                }
                return readCount.value
            }.value
            validReads += reads
            await collector.awaitAll()
            Self.endRound(harness)
            if !harness.violations.isEmpty { break }
        }
        Self.expectClean(harness, seed: seed)
        #expect(validReads > 0, "some workers saw a current token")
    }

    /// Task-group children (off the main actor) pick tokens, jitter, and hop to the main
    /// actor to act, many steps each.
    @Test func taskGroupChildrenFinishBeginAndCancelAtOnce() async {
        let seed = RaceSettings.seed(for: "ContentionTests.taskGroup")
        let harness = ContentionHarness()
        harness.begin(keepingContent: false)
        let steps = RaceSettings.iterations(1_000)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<Self.workers {
                group.addTask {
                    var random = SeededGenerator(seed: SeededGenerator.seed(base: seed, index: worker))
                    for _ in 0..<steps {
                        let token = await harness.tokens.suffix(3).randomElement(using: &random)!
                        _ = token.isValid
                        _ = Jitter.spin(&random, limit: 500)
                        await Jitter.yield(&random, limit: 2)
                        let action = Int.random(in: 0..<20, using: &random)
                        await MainActor.run { Self.perform(action, token: token, on: harness) }
                    }
                }
            }
        }
        Self.endRound(harness)
        Self.expectClean(harness, seed: seed)
    }

    /// Async `load { }` calls begun from many tasks, each superseding the last, with work that
    /// jitters off the main actor and sometimes checks its token: only the current load's
    /// result may ever be committed, and the last one begun always lands.
    @Test func asyncLoadsSupersedeEachOtherUnderContention() async {
        let seed = RaceSettings.seed(for: "ContentionTests.async")
        let harness = ContentionHarness()
        var accepted = 0
        var dropped = 0
        for round in 0..<RaceSettings.iterations(500) {
            let collector = LoadTaskCollector()
            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<Self.workers {
                    group.addTask {
                        var random = SeededGenerator(
                            seed: SeededGenerator.seed(base: seed, index: round * Self.workers + worker))
                        await Jitter.yield(&random, limit: 3)
                        let workSeed = random.next()
                        let task = await harness.beginAsync(keepingContent: random.chance(50)) { state in
                            var workRandom = SeededGenerator(seed: workSeed)
                            _ = Jitter.spin(&workRandom, limit: 1_000)
                            await Jitter.yield(&workRandom, limit: 3)
                            if workRandom.chance(30) { try state.checkValid() }
                        }
                        collector.add(task)
                    }
                }
            }
            let values = await collector.values()
            accepted += values.filter { $0 }.count
            dropped += values.filter { !$0 }.count
            // The last load begun is never superseded, so it lands: the model is its result.
            #expect(harness.dataSource.items == ["generation \(harness.lastBegun)"], "seed \(seed)")
            #expect(harness.wrapper.displayedState == .content, "seed \(seed)")
            if !harness.violations.isEmpty { break }
        }
        Self.expectClean(harness, seed: seed, syncFinishes: false)
        #expect(accepted >= RaceSettings.iterations(500))
        #expect(dropped > 0, "some loads were superseded")
    }

    // MARK: - Helpers

    private static func perform(_ action: Int, token: LoadingState, on harness: ContentionHarness) {
        switch action {
        case 0..<3: harness.begin(keepingContent: action != 0)
        case 3..<9: harness.finish(token)
        case 9: harness.finish(token, empty: true)
        case 10..<12: harness.finish(token, failing: true)
        case 12..<17: harness.finish(harness.tokens.last!)  // The newest token: current unless finished.
        case 17: harness.finish(harness.tokens.last!, failing: true)
        default: harness.cancel()
        }
    }

    /// Settles the round: the last load begun is finished (if still open), and then the model
    /// and the screen must be its result.
    private static func endRound(_ harness: ContentionHarness) {
        if !harness.lastBegunIsOpen { harness.begin(keepingContent: true) }
        let last = harness.tokens.last!
        #expect(harness.finish(last))
        #expect(harness.dataSource.items == ContentionHarness.items(for: last))
        #expect(harness.wrapper.displayedState == .content)
    }

    private static func expectClean(_ harness: ContentionHarness, seed: UInt64, syncFinishes: Bool = true) {
        print(
            "seed \(seed): \(harness.acceptedFinishes) accepted, \(harness.droppedFinishes) dropped, "
                + "\(harness.willShowStates.count) switches")
        #expect(harness.violations.isEmpty, "seed \(seed): \(harness.violations.prefix(5))")
        #expect(harness.switchProblems().isEmpty, "seed \(seed): \(harness.switchProblems())")
        #expect(harness.acceptedFinishes > 0, "seed \(seed): some finishes were accepted")
        if syncFinishes { #expect(harness.droppedFinishes > 0, "seed \(seed): some stale finishes were dropped") }
    }
}
