import ContentLoading
import ContentLoadingTestSupport
import Observation
import Testing

/// What the store tells the app that no screen shows: a failed write on a key no data source is
/// bound to, and how many writes are pending.
@MainActor
@Suite("Store write reports", .timeLimit(.minutes(1)), .hangLimit)
struct StoreWriteReportTests {
    let requests = GatedRequests()
    let store: ContentStore<String, String>

    init() {
        store = ContentStore(staleAfter: .never) { _ in "fetched" }
        store.write("A", for: "a")
    }

    /// The failures the app's handler heard, by key and description, and how many changes an
    /// observer heard.
    @MainActor
    final class Heard {
        var failures: [String] = []
        var changes = 0
    }

    @Test func aFailureOnAKeyNoScreenShowsReachesTheApp() async {
        let heard = Heard()
        store.onUnshownWriteFailure = { key, failure in heard.failures.append("\(key): \(failure.message)") }
        let unshown = store.perform("Star teal", on: "a", change: { $0 += "*" }, request: requests.request("teal"))
        await eventually { requests.started.count == 1 }
        requests.gate("teal").open(throwing: TestError(1))
        await eventually { !unshown.isPending }
        #expect(heard.failures == ["a: Couldn't star teal"])
        // Shown by a data source bound to the key: the data source hears it, not the handler.
        let screen = StoreDataSource(store: store, key: "a")
        let shown = store.perform("Star plum", on: "a", change: { $0 += "+" }, request: requests.request("plum"))
        await eventually { requests.started.count == 2 }
        requests.gate("plum").open(throwing: TestError(2))
        await eventually { !shown.isPending }
        #expect(heard.failures == ["a: Couldn't star teal"])
        #expect(screen.writeFailure?.writeDescription == "Star plum")
        store.onUnshownWriteFailure = nil
        await eventually { !screen.loadingCoordinator.isLoading }
    }

    @Test func thePendingWriteCountIsObservable() async {
        var counts: [Int] = []
        let heard = Heard()
        func track() {
            counts.append(
                withObservationTracking {
                    store.pendingWriteCount
                } onChange: {
                    MainActor.assumeIsolated { heard.changes += 1 }
                })
        }
        track()
        let first = store.perform("Add 1", on: "a", change: { $0 += "1" }, request: requests.request("Add 1"))
        #expect(heard.changes == 1)
        track()
        store.perform("Add 2", on: "b", change: { $0 += "2" }, request: requests.request("Add 2"))
        #expect(heard.changes == 2)
        await eventually { requests.started.count == 2 }
        track()
        #expect(first.cancel() && heard.changes == 3)
        track()
        requests.openAll()
        await eventually { store.pendingWriteCount == 0 }
        #expect(heard.changes == 4)
        counts.append(store.pendingWriteCount)
        #expect(counts == [0, 1, 2, 1, 0])
    }
}
