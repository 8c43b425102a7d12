import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Many children of one container finished, begun, cancelled, added, removed (and, for
/// segments, selected) from threads and tasks at once, with seeded jitter. Off the main actor,
/// workers read their tokens' validity as completion handlers do; on the main actor the
/// ``CompositionContentionHarness`` oracle judges every step: the container's state, its
/// `hasContent` and the drawn state always equal a scan of the children's states by the rule,
/// every frame drawn is the container's state (the selected child's) at that moment, exactly
/// one finish wins per token, and each round ends, once every load is finished, on the state
/// the rule calls for.
///
/// Thread interleavings do not replay: a failure prints its seed (fixing each worker's choices
/// and jitter, not the scheduler) and the first violations.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct CompositionContentionTests {
    private nonisolated static let workers = 8
    private nonisolated static let children = 12

    nonisolated static let containers: [CompositionScenario.Container] = [
        .composed(.allTogether), .composed(.asTheyArrive), .segmented,
    ]

    /// Real threads (`concurrentPerform`) read tokens while the main actor publishes new ones,
    /// then hop to the main actor to act.
    @Test(arguments: containers)
    func threadsFinishChildrenWhileTheyJoinAndLeave(_ kind: CompositionScenario.Container) async {
        let seed = RaceSettings.seed(for: "CompositionContentionTests.threads \(kind)")
        let harness = CompositionContentionHarness(children: Self.children, container: kind)
        let reads = harness.reads
        let segments = kind == .segmented
        for round in 0..<RaceSettings.iterations(100) {
            // Each round starts with loads open, so the workers race to finish them.
            if !harness.isOpen.contains(true) { harness.perform(.reload(keepingContent: round % 3 != 0)) }
            let tickets = harness.tickets(newest: 3)
            _ = await harness.raceThreads(workers: Self.workers, seed: seed, round: round, tickets: tickets) {
                CompositionContentionHarness.action(tickets: $0, segments: segments, using: &$1)
            }
            harness.settleEverything()
            if !harness.violations.isEmpty || !reads.violations.isEmpty { break }
        }
        Self.expectClean(harness, kind: kind, seed: seed)
    }

    /// Task-group children (off the main actor) pick tokens, read them, jitter, and hop to the
    /// main actor to act, many steps each.
    @Test(arguments: containers)
    func taskGroupChildrenFinishChildrenWhileTheyJoinAndLeave(_ kind: CompositionScenario.Container) async {
        let seed = RaceSettings.seed(for: "CompositionContentionTests.taskGroup \(kind)")
        let harness = CompositionContentionHarness(children: Self.children, container: kind)
        let reads = harness.reads
        let segments = kind == .segmented
        harness.perform(.reload(keepingContent: true))
        // In rounds, each awaited on its own: a round is short enough to end well within the
        // wait limit even on a loaded machine under a sanitizer.
        for round in 0..<RaceSettings.iterations(8) {
            await runSeededWorkers(Self.workers, seed: seed, round: round) { random in
                for _ in 0..<20 {
                    let tickets = await harness.tickets(newest: 2)
                    let action = CompositionContentionHarness.action(
                        tickets: tickets, segments: segments, using: &random)
                    if case .finish(let ticket, _) = action { reads.observe(ticket) }
                    _ = Jitter.spin(&random, limit: 500)
                    await Jitter.yield(&random, limit: 2)
                    await MainActor.run { harness.perform(action) }
                }
            }
            if !harness.violations.isEmpty || !reads.violations.isEmpty { break }
        }
        harness.settleEverything()
        Self.expectClean(harness, kind: kind, seed: seed)
    }

    /// Async `load { }` calls on children, begun from many tasks while children join and leave,
    /// with work that reads its token and jitters off the main actor: a child that leaves
    /// mid-load has its task cancelled at once and its result never lands; only each child's
    /// newest load commits; once every task returned, nothing is left loading.
    @Test(arguments: [RevealPolicy.allTogether, .asTheyArrive])
    func asyncLoadsOfChildrenThatLeaveMidLoad(_ reveal: RevealPolicy) async {
        let seed = RaceSettings.seed(for: "CompositionContentionTests.async \(reveal)")
        let harness = CompositionContentionHarness(children: Self.children, container: .composed(reveal))
        var total = 0
        for round in 0..<RaceSettings.iterations(60) {
            let loads = BoundedTasks<Bool>()
            await runSeededWorkers(Self.workers, seed: seed, round: round) { random in
                for _ in 0..<3 {
                    await Jitter.yield(&random, limit: 3)
                    let child = Int.random(in: 0..<Self.children, using: &random)
                    let roll = Int.random(in: 0..<100, using: &random)
                    let keeping = random.chance(60)
                    let workSeed = random.next()
                    await MainActor.run {
                        switch roll {
                        case 0..<70:
                            loads.add(
                                harness.beginAsync(child: child, keepingContent: keeping) { state in
                                    var workRandom = SeededGenerator(seed: workSeed)
                                    _ = Jitter.spin(&workRandom, limit: 1_000)
                                    await Jitter.yield(&workRandom, limit: 3)
                                    if workRandom.chance(30) { try state.checkValid() }
                                })
                        case 70..<85: harness.perform(.remove(child: child))
                        default: harness.perform(.add(child: child))
                        }
                    }
                }
            }
            let values = await loads.values()
            total += values.count
            harness.noteAsyncValues(values)
            harness.expectEveryLoadEnded()
            if !harness.violations.isEmpty || !harness.reads.violations.isEmpty { break }
        }
        print("async \(reveal): \(total) loads, \(harness.asyncCommits) landed")
        #expect(harness.violations.isEmpty, "\(reveal) seed \(seed): \(harness.violations.prefix(5))")
        #expect(harness.reads.violations.isEmpty, "\(reveal) seed \(seed): \(harness.reads.violations.prefix(5))")
        #expect(
            harness.asyncCommits > 0 && harness.asyncCommits < total, "\(reveal) seed \(seed): some landed, some not")
        #expect(harness.removalsMidLoad > 0, "\(reveal) seed \(seed): children left mid-load")
    }

    private static func expectClean(
        _ harness: CompositionContentionHarness, kind: CompositionScenario.Container, seed: UInt64
    ) {
        let reads = harness.reads.counts
        print(
            "\(kind) seed \(seed): \(harness.accepted) accepted, \(harness.dropped) dropped, \(harness.cancels) "
                + "cancelled, \(harness.removalsMidLoad) removed mid-load, \(harness.frames) frames, "
                + "\(reads.valid) valid and \(reads.invalid) invalid reads off the main actor")
        #expect(harness.violations.isEmpty, "\(kind) seed \(seed): \(harness.violations.prefix(5))")
        #expect(harness.reads.violations.isEmpty, "\(kind) seed \(seed): \(harness.reads.violations.prefix(5))")
        #expect(harness.accepted > 0 && harness.dropped > 0, "\(kind) seed \(seed): current and stale finishes")
        #expect(reads.valid > 0 && reads.invalid > 0, "\(kind) seed \(seed): workers saw current and stale tokens")
        if kind != .segmented {
            #expect(harness.removalsMidLoad > 0, "\(kind) seed \(seed): children left mid-load")
        }
    }
}
