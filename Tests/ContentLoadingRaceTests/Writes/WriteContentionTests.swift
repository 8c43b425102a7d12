import ContentLoading
import ContentLoadingTestSupport
import Dispatch
import Foundation  // NSLock
import Testing

/// Optimistic writes settled from threads. Each round applies eight writes to
/// one key on the main actor, then worker threads (`concurrentPerform`) answer their requests at
/// once, in whatever order the threads run, with the server's value, nothing, or a failure.
/// Whatever the order, the round must end on the truth: every failure rolled back, the newest
/// success committed and nothing older over it, no write pending, and one revalidation.
///
/// Thread interleavings are not replayable: a failure prints its seed (which fixes each write's
/// answer and each worker's jitter, not the scheduler) and the round.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct WriteContentionTests {
    private nonisolated static let writes = 8

    /// Counts the store's fetches, from any thread.
    final class FetchCount: @unchecked Sendable {
        // @unchecked: `count` is only touched while holding `lock`, an NSLock.
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        /// Counts a fetch; returns how many there were with it.
        func add() -> Int {
            lock.withLock {
                count += 1
                return count
            }
        }
    }

    @Test(arguments: [WriteOrdering.concurrent, .serial])
    func writesSettledFromThreadsEndOnTheTruth(_ ordering: WriteOrdering) async {
        let seed = RaceSettings.seed(for: "WriteContentionTests.\(ordering)")
        for round in 0..<RaceSettings.iterations(150) {
            var random = SeededGenerator(seed: SeededGenerator.seed(base: seed, index: round))
            let problem = await Self.round(ordering, random: &random)
            if let problem {
                Issue.record("WriteContentionTests seed \(seed) (RACE_SEED), \(ordering), round \(round): \(problem)")
                return
            }
        }
    }

    /// One round; a description of what went wrong, or `nil`.
    private static func round(_ ordering: WriteOrdering, random: inout SeededGenerator) async -> String? {
        let fetches = FetchCount()
        // The first fetch (the revalidation) waits until the round has checked the commit.
        let revalidation = AsyncGate<String>()
        let store = ContentStore<String, String> { _ in
            fetches.add() == 1 ? try await revalidation.wait() : "fetched again"
        }
        store.write("v0", for: "k")
        let screen = StoreDataSource(store: store, key: "k")
        // Each write's answer: the server's value, nothing, or a failure.
        let answers: [Result<String?, any Error>] = (0..<writes).map { index in
            switch Int.random(in: 0..<3, using: &random) {
            case 0: .success("S\(index)")
            case 1: .success(nil)
            default: .failure(RaceError(index))
            }
        }
        let gates = (0..<writes).map { _ in AsyncGate<String?>() }
        let handles = (0..<writes).map { index in
            store.perform(
                "w\(index)", on: "k", ordering: ordering, change: { $0 += "+\(index)" },
                request: { try await gates[index].wait() })
        }
        let allShown = "v0" + (0..<writes).map { "+\($0)" }.joined()
        guard screen.value == allShown else {
            return "the changes were not all shown at once: \(screen.value ?? "nil")"
        }
        let jitterSeed = random.next()
        await Task.detached {
            DispatchQueue.concurrentPerform(iterations: writes) { index in
                var jitter = SeededGenerator(seed: SeededGenerator.seed(base: jitterSeed, index: index))
                _ = Jitter.spin(&jitter)
                gates[index].open(with: answers[index])
            }
        }.value
        guard await eventually(within: .seconds(30), { handles.allSatisfy { !$0.isPending } }) else {
            return "writes still pending: \(handles.map { "\($0.outcome.map { "\($0)" } ?? "pending")" })"
        }
        // Every failure failed; every success committed or, concurrent only, was superseded by a
        // newer commit.
        var newestCommitted = -1
        for (index, handle) in handles.enumerated() {
            switch (answers[index], handle.outcome) {
            case (.failure, .failed?): break
            case (.success, .committed?): newestCommitted = max(newestCommitted, index)
            case (.success, .superseded?) where ordering == .concurrent: break
            default: return "write \(index) answered \(answers[index]) settled \(String(describing: handle.outcome))"
            }
        }
        for (index, handle) in handles.enumerated() where handle.outcome == .superseded && index > newestCommitted {
            return "write \(index) is superseded, but no newer write committed"
        }
        // The newest success's commit stands; without one, the value from before the writes.
        let newestSuccess = answers.lastIndex { if case .success = $0 { true } else { false } }
        let expected: String? =
            if let newestSuccess, case .committed(let value) = handles[newestSuccess].outcome { value } else { "v0" }
        guard newestSuccess == nil || newestSuccess == newestCommitted else {
            return "the newest success \(newestSuccess!) did not commit"
        }
        guard store.committedValue(for: "k") == expected, !store.hasPendingWrites("k") else {
            return "committed \(store.committedValue(for: "k") ?? "nil"), expected \(expected ?? "nil")"
        }
        // One revalidation, after the last write, which lands for the screen.
        revalidation.open(returning: "fetched")
        guard
            await eventually(
                within: .seconds(30), { screen.value == "fetched" && !screen.loadingCoordinator.isLoading })
        else { return "the revalidation never landed: \(screen.value ?? "nil")" }
        guard fetches.value == 1 else { return "\(fetches.value) fetches, not one revalidation" }
        return nil
    }
}
