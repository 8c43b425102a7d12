import ContentLoading
import ContentLoadingTestSupport
import Foundation  // NSLock
import Testing

/// Optimistic writes that retry, and that wait while the app says it is offline:
/// the change stays on screen all the while.
@MainActor
@Suite("Write retries and offline", .timeLimit(.minutes(1)), .hangLimit)
struct WriteRetryTests {
    let clock = ManualClock()
    let requests = GatedRequests()
    let store: ContentStore<String, String>

    init() {
        store = ContentStore(staleAfter: .never, clock: clock) { _ in "fetched" }
        store.write("A", for: "a")
    }

    /// The failures an app's handler heard.
    @MainActor
    final class HeardFailures {
        var failures: [WriteFailure] = []
    }

    /// Retries every error twice, 1 s apart.
    let twice = RetryPolicy(maxAttempts: 3, baseDelay: .seconds(1), multiplier: 1, jitter: 0) { _, _ in true }

    /// Requests that fail `failures` times, then return `nil`; counts the attempts.
    final class FlakyRequest: @unchecked Sendable {
        // @unchecked: `count` is only touched while holding `lock`, an NSLock.
        private let lock = NSLock()
        private var count = 0
        let failures: Int

        init(failures: Int) { self.failures = failures }

        var attempts: Int { lock.withLock { count } }

        var request: @Sendable () async throws -> String? {
            { [self] in
                let attempt = lock.withLock {
                    count += 1
                    return count
                }
                if attempt <= failures { throw TestError(attempt) }
                return nil
            }
        }
    }

    @Test func aFailedRequestIsRetriedWithTheChangeOnScreen() async {
        let flaky = FlakyRequest(failures: 2)
        let write = store.perform("Add 1", on: "a", retrying: twice, change: { $0 += "1" }, request: flaky.request)
        for retry in 1...2 {
            await eventually { clock.sleeperCount == 1 }
            #expect(write.isPending && store.value(for: "a") == "A1", "retry \(retry) waits with the change shown")
            clock.advance(by: .seconds(1))
        }
        await eventually { !write.isPending }
        #expect(write.outcome == .committed("A1"))
        #expect(flaky.attempts == 3)
    }

    @Test func theLastFailureRollsBack() async {
        let flaky = FlakyRequest(failures: 3)
        let write = store.perform("Add 1", on: "a", retrying: twice, change: { $0 += "1" }, request: flaky.request)
        for _ in 1...2 {
            await eventually { clock.sleeperCount == 1 }
            clock.advance(by: .seconds(1))
        }
        await eventually { !write.isPending }
        #expect(write.outcome == .failed(TestError(3)))
        #expect(store.value(for: "a") == "A" && flaky.attempts == 3)
    }

    @Test func cancellingAWriteEndsItsRetryDelay() async {
        let flaky = FlakyRequest(failures: 3)
        let write = store.perform("Add 1", on: "a", retrying: twice, change: { $0 += "1" }, request: flaky.request)
        await eventually { clock.sleeperCount == 1 }
        #expect(write.cancel())
        await eventually { clock.sleeperCount == 0 }
        #expect(write.outcome == .cancelled && store.value(for: "a") == "A" && flaky.attempts == 1)
    }

    @Test func aWritesRetryWaitsForItsPolicysConnectivity() async {
        let connectivity = Connectivity(isOnline: true)
        var policy = twice
        policy.connectivity = connectivity
        let flaky = FlakyRequest(failures: 1)
        let write = store.perform("Add 1", on: "a", retrying: policy, change: { $0 += "1" }, request: flaky.request)
        await eventually { clock.sleeperCount == 1 }
        connectivity.isOnline = false
        clock.advance(by: .seconds(1))
        await eventually { connectivity.waiterCount == 1 }
        #expect(flaky.attempts == 1 && write.isPending, "offline: the retry waits, the change on screen")
        #expect(store.value(for: "a") == "A1")
        connectivity.isOnline = true
        await eventually { !write.isPending }
        #expect(write.outcome == .committed("A1") && flaky.attempts == 2)
    }

    @Test func aFailedWriteIsPerformedAgainByHand() async {
        let screen = StoreDataSource(store: store, key: "a")
        let flaky = FlakyRequest(failures: 1)
        let write = store.perform("Add 1", on: "a", change: { $0 += "1" }, request: flaky.request)
        await eventually { !write.isPending }
        #expect(write.outcome == .failed(TestError(1)))
        // The key revalidates after the write: the screen ends on the server's value.
        await eventually { !screen.loadingCoordinator.isLoading }
        #expect(screen.value == "fetched")
        guard let failure = screen.writeFailure else {
            Issue.record("the failure is shown")
            return
        }
        screen.dismissWriteFailure()
        let retried = store.retry(failure)
        #expect(retried?.isPending == true && retried?.description == "Add 1")
        #expect(screen.value == "fetched1", "the change shows again at once")
        #expect(store.retry(failure) == nil && write.retry() == nil, "a failure is retried once")
        await eventually { retried?.isPending == false }
        #expect(retried?.outcome == .committed("fetched1") && flaky.attempts == 2)
        #expect(screen.writeFailure == nil)
        await eventually { !screen.loadingCoordinator.isLoading }
    }

    @Test func onlyAFailedWriteOfThisStoreCanBeRetried() async {
        let other = ContentStore<String, String>(staleAfter: .never, clock: clock) { _ in "fetched" }
        other.write("A", for: "a")
        let failing = FlakyRequest(failures: 1)
        let failed = other.perform("Add 1", on: "a", change: { $0 += "1" }, request: failing.request)
        let pending = store.perform("Add 2", on: "a", change: { $0 += "2" }, request: requests.request("Add 2"))
        await eventually { !failed.isPending }
        #expect(pending.retry() == nil, "pending: nothing to retry")
        #expect(store.retry(WriteFailure(writeDescription: "Add 1", error: TestError(1))) == nil, "made by the app")
        let heardFailures = HeardFailures()
        other.onUnshownWriteFailure = { _, failure in heardFailures.failures.append(failure) }
        let again = other.perform("Add 3", on: "a", change: { $0 += "3" }, request: FlakyRequest(failures: 1).request)
        await eventually { !again.isPending }
        guard let heard = heardFailures.failures.first else {
            Issue.record("the failure reached the app")
            return
        }
        #expect(store.retry(heard) == nil, "another store's failure")
        #expect(other.retry(heard)?.isPending == true)
        await eventually { requests.started.count == 1 }
        requests.openAll()
        await eventually { !pending.isPending && other.pendingWriteCount == 0 }
    }

    @Test func anOfflineWriteWaitsWithItsChangeOnScreenAndRunsWhenTheAppIsBack() async {
        let connectivity = Connectivity(isOnline: false)
        let screen = StoreDataSource(store: store, key: "a")
        let write = store.perform(
            "Add 1", on: "a", retrying: RetryPolicy(maxAttempts: 1, connectivity: connectivity), change: { $0 += "1" },
            request: requests.request("Add 1"))
        await eventually { connectivity.waiterCount == 1 }
        #expect(requests.started.isEmpty, "nothing is sent offline")
        #expect(screen.value == "A1" && write.isPending)
        connectivity.isOnline = true
        await eventually { requests.started == ["Add 1"] }
        requests.gate("Add 1").open(returning: nil)
        await eventually { !write.isPending }
        #expect(write.outcome == .committed("A1"))
        // Its request was sent, so the key revalidates once the write settled: the screen, bound
        // to the key, refetches and ends on the server's value. (Read at once, the screen could
        // show either: the revalidation's fetch answers at once, in a task of its own.)
        await eventually { screen.value == "fetched" && !screen.loadingCoordinator.isLoading }
        #expect(store.value(for: "a") == "fetched")
    }

    @Test func aWriteCancelledWhileOfflineSentNothingAndRevalidatesNothing() async {
        let connectivity = Connectivity(isOnline: false)
        let screen = StoreDataSource(store: store, key: "a")
        let write = store.perform(
            "Add 1", on: "a", retrying: RetryPolicy(maxAttempts: 1, connectivity: connectivity), change: { $0 += "1" },
            request: requests.request("Add 1"))
        await eventually { connectivity.waiterCount == 1 }
        #expect(write.cancel())
        #expect(!screen.loadingCoordinator.isLoading && !store.isFetching("a"), "nothing was sent: no revalidation")
        await eventually { connectivity.waiterCount == 0 }
        #expect(requests.started.isEmpty && screen.value == "A")
    }

    @Test func aSerialWriteBehindAnOfflineOneWaitsToo() async {
        let connectivity = Connectivity(isOnline: false)
        let first = store.perform(
            "Add 1", on: "a", retrying: RetryPolicy(maxAttempts: 1, connectivity: connectivity), change: { $0 += "1" },
            request: requests.request("Add 1"))
        let second = store.perform("Add 2", on: "a", change: { $0 += "2" }, request: requests.request("Add 2"))
        await eventually { connectivity.waiterCount == 1 }
        #expect(store.value(for: "a") == "A12" && requests.started.isEmpty)
        #expect(first.cancel())
        await eventually { requests.started == ["Add 2"] }
        #expect(connectivity.waiterCount == 0)
        requests.gate("Add 2").open(returning: nil)
        await eventually { !second.isPending }
        #expect(second.outcome == .committed("A2"))
    }
}
