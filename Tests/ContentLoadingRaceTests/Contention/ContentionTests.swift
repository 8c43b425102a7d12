import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Many threads and tasks begin, finish and cancel loads at once, with seeded jitter.
///
/// Off the main actor, workers read tokens' validity the way completion handlers do, and
/// ``OffMainChecks`` holds them to it: a token read valid is never older than a load already
/// begun, and a token read invalid is never accepted later. On the main actor the
/// ``ContentionHarness`` oracle predicts every step: an accepted finish held the then-current
/// token, a dropped one changed nothing, `cancel()` returns to the last accepted outcome,
/// switches follow the transition table, and every real change reached the wrapper's delegate
/// and renderers exactly once and in order. Rounds end without the test finishing anything
/// itself: the state a round leaves is whatever its racing finishes made it.
///
/// Thread interleavings are not replayable: a failure prints its seed (which fixes each
/// worker's choices and jitter, not the scheduler) and the first violations.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct ContentionTests {
    private nonisolated static let workers = 8

    /// Real threads (`concurrentPerform`) read tokens' validity while the main actor publishes
    /// new ones, then hop to the main actor to finish, begin or cancel.
    @Test func threadsFinishBeginAndCancelAtOnce() async {
        let seed = RaceSettings.seed(for: "ContentionTests.threads")
        let harness = ContentionHarness()
        let offMain = harness.offMain
        let rounds = RaceSettings.iterations(2_000)
        for round in 0..<rounds {
            // Each round starts with a load open, so its workers race to finish it.
            if !harness.lastBegunIsOpen { harness.begin(keepingContent: round % 4 != 0) }
            let tokens = Array(harness.tokens.suffix(4))
            // Off the main actor, the threads read tokens racing the publishes.
            await offMain.race(Self.workers, seed: seed, round: round, tokens: tokens) {
                Self.perform($0, token: $1, on: harness)
            }
            Self.endRound(harness)
            if !harness.violations.isEmpty || !offMain.violations.isEmpty { break }
        }
        Self.expectClean(harness, seed: seed)
    }

    /// Task-group children (off the main actor) pick tokens, read them, jitter, and hop to the
    /// main actor to act, many steps each.
    @Test func taskGroupChildrenFinishBeginAndCancelAtOnce() async {
        let seed = RaceSettings.seed(for: "ContentionTests.taskGroup")
        let harness = ContentionHarness()
        let offMain = harness.offMain
        harness.begin(keepingContent: false)
        let steps = RaceSettings.iterations(1_000)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<Self.workers {
                group.addTask {
                    var random = SeededGenerator(seed: SeededGenerator.seed(base: seed, index: worker))
                    for _ in 0..<steps {
                        let token = await harness.tokens.suffix(3).randomElement(using: &random)!
                        offMain.observe(token)
                        _ = Jitter.spin(&random, limit: 500)
                        await Jitter.yield(&random, limit: 2)
                        offMain.observe(token)
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
    /// reads its token and jitters off the main actor and sometimes checks it: only the current
    /// load's result is ever committed, and the last one begun always lands.
    @Test func asyncLoadsSupersedeEachOtherUnderContention() async {
        let seed = RaceSettings.seed(for: "ContentionTests.async")
        let harness = ContentionHarness()
        let rounds = RaceSettings.iterations(500)
        for round in 0..<rounds {
            let collector = BoundedTasks<Bool>()
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
            harness.noteAsyncValues(await collector.values())
            // The last load begun is never superseded, so it lands: the model is its result.
            #expect(harness.dataSource.items == ContentionHarness.items(for: harness.lastBegun), "seed \(seed)")
            #expect(harness.wrapper.displayedState == .content, "seed \(seed)")
            if !harness.violations.isEmpty || !harness.offMain.violations.isEmpty { break }
        }
        Self.expectClean(harness, seed: seed, syncFinishes: false)
        #expect(harness.asyncAccepted >= rounds, "seed \(seed): the last load of every round lands")
        #expect(harness.asyncAccepted + harness.asyncDropped == rounds * Self.workers, "seed \(seed)")
        #expect(harness.asyncDropped > 0, "seed \(seed): some loads were superseded")
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

    /// Ends a round without finishing anything: a load the racers left open is cancelled, and
    /// then the model and the screen must be the outcome of the last finish that was accepted
    /// (the harness checks it after the cancel, and again here).
    private static func endRound(_ harness: ContentionHarness) {
        if harness.lastBegunIsOpen { harness.cancel() }
        harness.check(after: "end of round")
        #expect(harness.wrapper.displayedState == harness.settled.state)
    }

    private static func expectClean(_ harness: ContentionHarness, seed: UInt64, syncFinishes: Bool = true) {
        let reads = harness.offMain.reads
        print(
            "seed \(seed): \(harness.acceptedFinishes) accepted, \(harness.droppedFinishes) dropped, "
                + "\(harness.asyncAccepted) async accepted, \(harness.asyncDropped) async dropped, "
                + "\(harness.cancels) cancels, \(harness.willShowStates.count) switches, "
                + "\(reads.valid) valid and \(reads.invalid) invalid reads off the main actor")
        #expect(harness.violations.isEmpty, "seed \(seed): \(harness.violations.prefix(5))")
        #expect(harness.offMain.violations.isEmpty, "seed \(seed): \(harness.offMain.violations.prefix(5))")
        #expect(harness.switchProblems().isEmpty, "seed \(seed): \(harness.switchProblems())")
        #expect(harness.acceptedFinishes > 0, "seed \(seed): some finishes were accepted")
        #expect(reads.valid > 0 && reads.invalid > 0, "seed \(seed): workers saw current and stale tokens")
        if syncFinishes {
            #expect(harness.droppedFinishes > 0, "seed \(seed): some stale finishes were dropped")
            #expect(harness.cancels > 0, "seed \(seed): some cancels restored an earlier state")
        }
    }
}
