import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Writes whose store goes before they settle, a write's handle used while it commits, and
/// changes that use the store, which they must not: each has one documented outcome, and no
/// screen shows a wrong value.
@MainActor
@Suite("Write misuse", .timeLimit(.minutes(1)), .hangLimit)
struct WriteMisuseTests {
    let requests = GatedRequests()
    /// The store's fetch: the revalidation after a key's last write waits until the test answers
    /// it, so what the write committed can be checked before the revalidation lands.
    let fetcher = GatedFetcher()
    let store: ContentStore<String, String>

    init() {
        let fetcher = self.fetcher
        store = ContentStore(staleAfter: .never) { try await fetcher.fetch($0) }
        store.write("A", for: "a")
    }

    /// Answers the one revalidation that follows the key's last write with "fetched", and waits
    /// until `dataSource` has settled on it.
    func answerRevalidation(of dataSource: StoreDataSource<String, String>) async {
        await eventually { fetcher.count == 1 }
        fetcher.gate(0).open(returning: "fetched")
        await eventually { !dataSource.loadingCoordinator.isLoading }
    }

    /// What a test's closures record, read after they ran.
    final class Record<Element> {
        var items: [Element] = []
    }

    /// A write on "a" that appends `suffix`, named "Add <suffix>".
    @discardableResult
    func append(_ suffix: String, ordering: WriteOrdering = .serial) -> StoreWrite<String> {
        store.perform(
            "Add \(suffix)", on: "a", ordering: ordering, kind: .adds, change: { $0 += suffix },
            request: requests.request("Add \(suffix)"))
    }

    @Test func aWriteWhoseStoreIsReleasedSettlesAsCancelledAndItsAwaitingTaskEnds() async {
        var store: ContentStore<String, String>? = ContentStore { _ in "fetched" }
        store!.write("A", for: "a")
        let sent = store!.perform("Add 1", on: "a", change: { $0 += "1" }, request: requests.request("Add 1"))
        let waiting = store!.perform("Add 2", on: "a", change: { $0 += "2" }, request: requests.request("Add 2"))
        let awaiting = [sent, waiting].map { write in Task { await write.settled() } }
        await eventually { requests.started == ["Add 1"] }
        store = nil
        for write in [sent, waiting] {
            #expect(!write.isPending && write.outcome == .cancelled && !write.cancel())
        }
        #expect(await awaiting.boundedValues() == [.cancelled, .cancelled])
        await eventually { requests.gate("Add 1").sawCancellation }
        #expect(requests.started == ["Add 1"], "the waiting write never sends")
    }

    @Test func fromACallbackDuringItsOwnCommitAWriteIsSettled() async {
        let seen = Record<(isPending: Bool, cancelled: Bool)>()
        let handle = Record<StoreWrite<String>>()
        let dataSource = StoreDataSource(store: store, key: "a") { value in
            // Asked while the commit is drawn.
            if value == "server", let write = handle.items.first {
                seen.items.append((write.isPending, write.cancel()))
            }
            return false
        }
        let write = append("1")
        handle.items = [write]
        await eventually { requests.started.count == 1 }
        requests.gate("Add 1").open(returning: "server")
        await eventually { !write.isPending }
        #expect(!seen.items.isEmpty && seen.items.allSatisfy { !$0.isPending && !$0.cancelled }, "\(seen.items)")
        #expect(write.outcome == .committed("server") && dataSource.value == "server")
        await answerRevalidation(of: dataSource)
    }

    @Test func aChangeThatWritesItsKeyIsRefused() async {
        let dataSource = StoreDataSource(store: store, key: "a")
        let write = store.perform(
            "Add 1", on: "a", kind: .adds,
            change: { [unowned store] value in
                store.write("X", for: "a")
                #expect(!store.removeValue(for: "a"))
                store.invalidate("a")
                value += "1"
            }, request: requests.request("Add 1"))
        #expect(dataSource.value == "A1" && store.value(for: "a") == "A1")
        #expect(store.committedValue(for: "a") == "A" && !dataSource.loadingCoordinator.isLoading)
        await eventually { requests.started.count == 1 }
        requests.gate("Add 1").open(returning: nil)
        await eventually { !write.isPending }
        #expect(write.outcome == .committed("A1") && store.committedValue(for: "a") == "A1")
        await answerRevalidation(of: dataSource)
        #expect(dataSource.value == "fetched", "the revalidation after the write")
    }

    @Test func aChangeThatCancelsAnotherWriteIsRefused() async {
        let dataSource = StoreDataSource(store: store, key: "a")
        let first = append("1", ordering: .concurrent)
        let answers = Record<Bool>()
        let second = store.perform(
            "Add 2", on: "a", ordering: .concurrent, kind: .adds,
            change: { value in
                answers.items.append(first.cancel())
                value += "2"
            }, request: requests.request("Add 2"))
        #expect(!answers.items.isEmpty && !answers.items.contains(true))
        #expect(first.isPending && second.isPending)
        #expect(dataSource.value == "A12" && store.value(for: "a") == "A12")
        await eventually { requests.started.count == 2 }
        #expect(first.cancel(), "from outside a change it cancels")
        #expect(dataSource.value == "A2" && store.value(for: "a") == "A2")
        requests.openAll()
        await eventually { !second.isPending }
        await answerRevalidation(of: dataSource)
    }

    @Test func aWritePerformedFromInsideAChangeIsReturnedCancelledAndNothingShows() async {
        let dataSource = StoreDataSource(store: store, key: "a")
        let inner = Record<StoreWrite<String>>()
        let outer = store.perform(
            "Add 1", on: "a", kind: .adds,
            change: { [unowned store, requests] value in
                inner.items.append(
                    store.perform("Add i", on: "a", change: { $0 += "i" }, request: requests.request("Add i")))
                // Reading inside a change sees the committed value.
                #expect(store.value(for: "a") == store.committedValue(for: "a"))
                value += "1"
            }, request: requests.request("Add 1"))
        #expect(!inner.items.isEmpty && inner.items.allSatisfy { $0.outcome == .cancelled && !$0.isPending })
        #expect(inner.items.allSatisfy { $0.retry() == nil })
        #expect(dataSource.value == "A1" && store.pendingWriteCount == 1)
        await eventually { requests.started.count == 1 }
        #expect(requests.started == ["Add 1"], "the refused write sends nothing")
        requests.openAll()
        await eventually { !outer.isPending }
        await answerRevalidation(of: dataSource)
    }
}
