import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// Under contention: children re-listed, segments inserted and removed, and
/// containers reset, from threads and tasks, among finishes of current and stale tokens,
/// cancels, begins and reloads. The ``CompositionContentionHarness`` oracle judges every step as
/// in ``CompositionContentionTests``, and knows a reset: a child counts as never loaded until a
/// finish of it that the oracle judged settles. Awaited reloads of the screen begun among those
/// steps all return, and leave no child's coordinator waiting.
///
/// Thread interleavings do not replay: a failure prints its seed (fixing each worker's choices
/// and jitter, not the scheduler) and the first violations.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct CompositionStructureContentionTests {
    private nonisolated static let workers = 8
    private nonisolated static let children = 10

    /// Real threads (`concurrentPerform`) read tokens while the main actor re-lists, resets and
    /// publishes new ones, then hop to the main actor to act.
    @Test(arguments: CompositionContentionTests.containers)
    func threadsFinishChildrenWhileTheContainerIsReListedAndReset(_ kind: CompositionScenario.Container) async {
        let seed = RaceSettings.seed(for: "CompositionStructureContentionTests.threads \(kind)")
        let harness = CompositionContentionHarness(children: Self.children, container: kind)
        let reads = harness.reads
        let segments = kind == .segmented
        var structural = 0
        for round in 0..<RaceSettings.iterations(100) {
            if !harness.isOpen.contains(true) { harness.perform(.reload(keepingContent: round % 3 != 0)) }
            let tickets = harness.tickets(newest: 3)
            let performed = await harness.raceThreads(
                workers: Self.workers, seed: seed, round: round, tickets: tickets
            ) { CompositionContentionHarness.structureAction(tickets: $0, segments: segments, using: &$1) }
            structural += performed.filter(Self.isStructural).count
            harness.settleEverything()
            if !harness.violations.isEmpty || !reads.violations.isEmpty { break }
        }
        print(
            "structure \(kind) seed \(seed): \(structural) structural steps, \(harness.accepted) accepted, "
                + "\(harness.dropped) dropped, \(harness.cancels) cancelled, \(harness.removalsMidLoad) left mid-load")
        #expect(harness.violations.isEmpty, "\(kind) seed \(seed): \(harness.violations.prefix(5))")
        #expect(reads.violations.isEmpty, "\(kind) seed \(seed): \(reads.violations.prefix(5))")
        #expect(structural > 0 && harness.accepted > 0, "\(kind) seed \(seed): the steps ran")
        #expect(harness.removalsMidLoad > 0, "\(kind) seed \(seed): children left mid-load")
    }

    /// Awaited reloads of a composed screen begun from tasks while it is re-listed and reset:
    /// each returns (a reset or a leaving child cancels what it awaits), and no child's
    /// coordinator is left waiting or recording for a waiter that never came.
    @Test(arguments: [RevealPolicy.allTogether, .asTheyArrive])
    func awaitedReloadsEndWhileTheScreenIsReListedAndReset(_ reveal: RevealPolicy) async {
        let seed = RaceSettings.seed(for: "CompositionStructureContentionTests.reloads \(reveal)")
        let harness = CompositionContentionHarness(children: Self.children, container: .composed(reveal))
        var outcomes: [String: Int] = [:]
        for round in 0..<RaceSettings.iterations(40) {
            await harness.raceAwaitedReloads(workers: Self.workers, seed: seed, round: round, outcomes: &outcomes) {
                CompositionContentionHarness.structureAction(tickets: $0, segments: false, using: &$1)
            }
            if !harness.violations.isEmpty || !harness.reads.violations.isEmpty { break }
        }
        print("structure reloads \(reveal) seed \(seed): \(outcomes.sorted { $0.key < $1.key })")
        #expect(harness.violations.isEmpty, "\(reveal) seed \(seed): \(harness.violations.prefix(5))")
        #expect(outcomes["stillRunning"] == nil, "\(reveal) seed \(seed): nobody stopped waiting")
        #expect(outcomes["cancelled", default: 0] > 0, "\(reveal) seed \(seed): resets and re-listings cancelled some")
    }

    private nonisolated static func isStructural(_ action: CompositionContentionHarness.Action) -> Bool {
        switch action {
        case .relist, .insertSegment, .removeSegment, .removeSelectedSegment, .reset: true
        default: false
        }
    }
}
