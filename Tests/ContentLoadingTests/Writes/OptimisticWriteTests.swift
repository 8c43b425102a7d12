import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Optimistic writes on a shared store: the change shows at once as a
/// layer, reads cannot revert it, it lands or rolls back to the truth, and writes keep the
/// user's order. The peers' races are named test cases.
@MainActor
@Suite("Optimistic writes", .timeLimit(.minutes(1)), .hangLimit)
struct OptimisticWriteTests {
    let clock = ManualClock()
    let fetcher = GatedFetcher(observesCancellation: false)  // late responses come back anyway
    let requests = GatedRequests()
    let store: ContentStore<String, String>

    init() {
        let fetcher = self.fetcher
        store = ContentStore(staleAfter: .after(.seconds(60)), clock: clock) { try await fetcher.fetch($0) }
    }

    /// A write on `key` that appends `suffix` to the value (a change that adds), named `name`.
    @discardableResult
    func append(
        _ suffix: String, on key: String = "a", named name: String? = nil, ordering: WriteOrdering = .serial
    ) -> StoreWrite<String> {
        let name = name ?? "Add \(suffix)"
        return store.perform(
            name, on: key, ordering: ordering, kind: .adds, change: { $0 += suffix }, request: requests.request(name))
    }

    /// A write on `key` that sets the value to `value`.
    @discardableResult
    func set(_ value: String, on key: String = "a", ordering: WriteOrdering = .serial) -> StoreWrite<String> {
        let name = "Set \(value)"
        return store.perform(name, on: key, ordering: ordering, change: { $0 = value }, request: requests.request(name))
    }

    /// Waits, bounded, until `write` has settled, and returns how.
    func settled(_ write: StoreWrite<String>) async -> WriteOutcome<String>? {
        await eventually { !write.isPending }
        return write.outcome
    }

    /// Ends every request and fetch, the revalidations the writes cause included, and waits,
    /// bounded, until no write is pending and none of `dataSources` is loading.
    func drain(_ dataSources: [StoreDataSource<String, String>]) async {
        await eventually {
            requests.openAll()
            fetcher.openAll()
            return !store.hasPendingWrites("a") && !store.isFetching("a")
                && !dataSources.contains { $0.loadingCoordinator.isLoading }
        }
    }

    /// Waits, bounded, until `count` requests have started.
    func started(_ count: Int) async {
        await eventually { requests.started.count == count }
    }

    // MARK: - 1. Apply at once, as a layer

    @Test func aWriteShowsAtOnceOnEveryScreenOfItsKeyWithNoSpinner() async {
        store.write("A", for: "a")
        let first = StoreScreen(StoreDataSource(store: store, key: "a"))
        let second = StoreScreen(StoreDataSource(store: store, key: "a"))
        append("+star")
        // Before anything else runs on the main actor: the same turn.
        for screen in [first, second] {
            #expect(screen.dataSource.value == "A+star")
            #expect(screen.dataSource.contentState == .content && !screen.dataSource.loadingCoordinator.isLoading)
            #expect(!screen.drawn.contains { $0.hasPrefix("loading") })
        }
        #expect(store.value(for: "a") == "A+star" && store.committedValue(for: "a") == "A")
        #expect(store.hasPendingWrites("a"))
        // A screen opened now draws the change on its first frame.
        #expect(StoreDataSource(store: store, key: "a").value == "A+star")
        await drain([first.dataSource, second.dataSource])
    }

    @Test func layersApplyInTheOrderTheUserMadeThem() async {
        store.write("A", for: "a")
        append("1", ordering: .concurrent)
        append("2", ordering: .concurrent)
        set("X", ordering: .concurrent)
        append("3", ordering: .concurrent)
        #expect(store.value(for: "a") == "X3")
        requests.openAll()
    }

    // MARK: - 2. Reads cannot revert it

    /// TanStack/query #439: a refetch begun before the write lands after it; the change stays,
    /// over the refetch's value, and the screen never flips back.
    @Test func aRefreshBegunBeforeTheWriteDoesNotRevertIt() async {
        store.write("A", for: "a")
        clock.advance(by: .seconds(60))
        let screen = StoreScreen(StoreDataSource(store: store, key: "a"))
        screen.dataSource.loadContent()
        await eventually { fetcher.count == 1 }
        let write = append("+star")
        #expect(screen.dataSource.value == "A+star")
        fetcher.gate(0).open(returning: "B")  // the server's value from before the write
        await eventually { !screen.dataSource.loadingCoordinator.isLoading }
        #expect(screen.dataSource.value == "B+star", "the refetch is the base, the change stays on it")
        #expect(store.committedValue(for: "a") == "B")
        await started(1)
        requests.gate("Add +star").open(returning: "B+star")
        #expect(await settled(write) == .committed("B+star"))
        #expect(screen.dataSource.value == "B+star")
        await eventually { fetcher.count == 2 }  // revalidated once, after the write
        fetcher.gate(1).open(returning: "B+star")
        await eventually { !screen.dataSource.loadingCoordinator.isLoading }
        #expect(screen.dataSource.value == "B+star")
        await drain([screen.dataSource])
    }

    /// The other order: the write lands before a fetch begun before it returns; the fetch,
    /// which may not have seen the write, is dropped.
    @Test func aFetchBegunBeforeAWriteThatLandedIsDropped() async {
        store.write("A", for: "a")
        let prefetch = Task { await store.fetch("a") }
        await eventually { fetcher.count == 1 }
        let write = append("+star")
        await started(1)
        requests.gate("Add +star").open(returning: nil)
        #expect(await settled(write) == .committed("A+star"))
        fetcher.gate(0).open(returning: "A")
        #expect(await prefetch.boundedValue() == .superseded)
        #expect(store.value(for: "a") == "A+star")
    }

    // MARK: - 3. Land or roll back to the truth

    @Test func successCommitsTheServersAnswerOrTheChangeItself() async {
        store.write("A", for: "a")
        let answered = append("1")
        await started(1)
        requests.gate("Add 1").open(returning: "server")
        #expect(await settled(answered) == .committed("server"))
        let unanswered = append("2")
        await started(2)
        requests.gate("Add 2").open(returning: nil)
        #expect(await settled(unanswered) == .committed("server2"))
        #expect(store.committedValue(for: "a") == "server2" && !store.hasPendingWrites("a"))
    }

    /// vercel/swr #1965: two failed writes in a row roll back to the committed value, never to
    /// the first write's optimistic one.
    @Test func twoFailedWritesRollBackToTheCommittedValue() async {
        store.write("A", for: "a")
        let screen = StoreScreen(StoreDataSource(store: store, key: "a"))
        let first = append("1", ordering: .concurrent)
        let second = append("2", ordering: .concurrent)
        #expect(screen.dataSource.value == "A12")
        await started(2)
        requests.gate("Add 1").open(throwing: TestError(1))
        #expect(await settled(first) == .failed(TestError(1)))
        #expect(screen.dataSource.value == "A2", "only the failed write's change goes")
        requests.gate("Add 2").open(throwing: TestError(2))
        #expect(await settled(second) == .failed(TestError(2)))
        #expect(screen.dataSource.value == "A", "the committed value, not the first write's")
        await drain([screen.dataSource])
    }

    /// TanStack DB PR #1701 and apollo-client #3691: a rollback is not a whole-value snapshot, so
    /// it neither brings back another write's rolled-back change nor erases a newer one.
    @Test func aRollbackNeitherBringsBackNorErasesAnotherWrite() async {
        store.write("A", for: "a")
        let first = append("1", ordering: .concurrent)
        let second = append("2", ordering: .concurrent)
        let third = append("3", ordering: .concurrent)
        await started(3)
        requests.gate("Add 2").open(throwing: TestError(2))
        #expect(await settled(second) == .failed(TestError(2)))
        #expect(store.value(for: "a") == "A13")
        requests.gate("Add 1").open(throwing: TestError(1))
        #expect(await settled(first) == .failed(TestError(1)))
        #expect(store.value(for: "a") == "A3", "the second write's change does not come back")
        requests.gate("Add 3").open(returning: nil)
        #expect(await settled(third) == .committed("A3"))
    }

    /// A failure after a newer write committed rolls back to that commit, never to a value older.
    @Test func aRollbackAfterANewerCommitKeepsTheCommit() async {
        store.write("A", for: "a")
        let older = append("1", ordering: .concurrent)
        let newer = append("2", ordering: .concurrent)
        await started(2)
        requests.gate("Add 2").open(returning: "S")
        #expect(await settled(newer) == .committed("S"))
        #expect(store.value(for: "a") == "S1")
        requests.gate("Add 1").open(throwing: TestError(1))
        #expect(await settled(older) == .failed(TestError(1)))
        #expect(store.value(for: "a") == "S")
    }

    @Test func aFailureIsShownBesideTheContentAndAnnouncedNeverAsAnErrorScreen() async {
        store.write("A", for: "a")
        let screen = StoreScreen(StoreDataSource(store: store, key: "a"))
        let announcer = Announcer()
        screen.wrapper.delegate = announcer
        let write = store.perform("Star teal", on: "a", change: { $0 += "*" }, request: requests.request("star"))
        await started(1)
        requests.gate("star").open(throwing: TestError(7))
        #expect(await settled(write) == .failed(TestError(7)))
        #expect(screen.dataSource.value == "A")
        #expect(screen.dataSource.writeFailure?.writeDescription == "Star teal")
        #expect(announcer.texts.last == "Couldn't star teal")
        // The key revalidates after its last write: a refresh, with the content on screen.
        await drain([screen.dataSource])
        #expect(screen.shown == .content)
        #expect(!screen.drawn.contains { $0.hasPrefix("error") || $0.hasPrefix("loading") })
        screen.dataSource.dismissWriteFailure()
        #expect(screen.dataSource.writeFailure == nil)
    }

    @Test func aCancelledWriteIsNotAnError() async {
        store.write("A", for: "a")
        let screen = StoreScreen(StoreDataSource(store: store, key: "a"))
        let write = append("1")
        await started(1)
        #expect(write.cancel())
        #expect(write.outcome == .cancelled && screen.dataSource.value == "A")
        #expect(!write.cancel(), "settled: nothing to cancel")
        await eventually { requests.gate("Add 1").sawCancellation }
        #expect(screen.dataSource.writeFailure == nil)
        // A request that throws a cancellation on its own cancels its write too.
        let thrown = append("2")
        await started(2)
        requests.gate("Add 2").open(throwing: CancellationError())
        #expect(await settled(thrown) == .cancelled)
        #expect(screen.dataSource.writeFailure == nil && screen.dataSource.value == "A")
        await drain([screen.dataSource])
    }

    /// The key revalidates once, after the last pending write settles: not after each.
    @Test func theKeyRevalidatesOnceAfterTheLastWrite() async {
        store.write("A", for: "a")
        let screens = [
            StoreScreen(StoreDataSource(store: store, key: "a")), StoreScreen(StoreDataSource(store: store, key: "a")),
        ]
        let first = append("1", ordering: .concurrent)
        let second = append("2", ordering: .concurrent)
        await started(2)
        requests.gate("Add 1").open(returning: nil)
        #expect(await settled(first) == .committed("A1"))
        #expect(fetcher.count == 0 && !store.isFetching("a"), "a write is still pending: no revalidation")
        requests.gate("Add 2").open(throwing: TestError(2))
        #expect(await settled(second) == .failed(TestError(2)))
        await eventually { fetcher.count == 1 }
        #expect(screens.allSatisfy { $0.dataSource.contentState == .refreshing })
        fetcher.gate(0).open(returning: "truth")
        await eventually { screens.allSatisfy { $0.dataSource.value == "truth" } }
        #expect(fetcher.count == 1)
        await drain(screens.map(\.dataSource))
    }

    @Test func aWriteCancelledBeforeItsRequestStartedNeverSendsIt() async {
        store.write("A", for: "a")
        let dataSource = StoreDataSource(store: store, key: "a")
        let running = append("1")
        let waiting = append("2")
        await started(1)
        #expect(waiting.cancel())
        requests.gate("Add 1").open(returning: nil)
        #expect(await settled(running) == .committed("A1"))
        await eventually { store.isFetching("a") }  // the first's request began: revalidated
        #expect(requests.started == ["Add 1"], "the cancelled write never sent its request")
        await drain([dataSource])
    }

    // MARK: - 4. Order

    @Test func serialWritesStartOneAtATimeConcurrentOnesAtOnce() async {
        store.write("A", for: "a")
        let first = append("1")
        let second = append("2")
        let third = append("3", ordering: .concurrent)
        await started(2)
        #expect(requests.started == ["Add 1", "Add 3"], "the serial second waits for the first")
        requests.gate("Add 1").open(returning: nil)
        #expect(await settled(first) == .committed("A1"))
        await started(3)
        #expect(requests.started == ["Add 1", "Add 3", "Add 2"])
        requests.gate("Add 2").open(returning: nil)
        #expect(await settled(second) == .committed("A12"))
        requests.gate("Add 3").open(returning: nil)
        #expect(await settled(third) == .committed("A123"))
    }

    /// vercel/swr #425: a fast double toggle whose older response lands last ends on what the
    /// user saw last.
    @Test func aDoubleToggleEndsOnWhatTheUserSawLast() async {
        store.write("off", for: "a")
        let screen = StoreScreen(StoreDataSource(store: store, key: "a"))
        let on = set("on", ordering: .concurrent)
        let off = set("off", ordering: .concurrent)
        #expect(screen.dataSource.value == "off")
        await started(2)
        requests.gate("Set off").open(returning: "off")
        #expect(await settled(off) == .committed("off"))
        requests.gate("Set on").open(returning: "on")  // the older response, last
        #expect(await settled(on) == .superseded)
        #expect(screen.dataSource.value == "off" && store.committedValue(for: "a") == "off")
        await drain([screen.dataSource])
    }

    /// The same double toggle, drawn: once the newer write committed "off", the older one's
    /// "on" (a change that sets, the default kind) is not applied over it, so the screen never
    /// flashes back on before the older write settles as outdated.
    @Test func aDoubleToggleNeverFlashesBackWhenTheNewerAnswerLandsFirst() async {
        store.write("off", for: "a")
        let screen = StoreScreen(StoreDataSource(store: store, key: "a"))
        let on = set("on", ordering: .concurrent)
        let off = set("off", ordering: .concurrent)
        await started(2)
        requests.gate("Set off").open(returning: "off")
        #expect(await settled(off) == .committed("off"))
        #expect(on.isPending)
        #expect(screen.dataSource.value == "off", "the older set shows under the newer commit no more")
        #expect(store.value(for: "a") == "off")
        requests.gate("Set on").open(returning: "on")
        #expect(await settled(on) == .superseded)
        #expect(screen.dataSource.value == "off")
        await drain([screen.dataSource])
    }

    /// A change that adds (a comment appended) is still owed over a newer write's commit: it
    /// stays on screen until its write settles.
    @Test func aChangeThatAddsStillShowsOverANewerCommit() async {
        store.write("A", for: "a")
        let older = append("+c1", ordering: .concurrent)
        let newer = set("S", ordering: .concurrent)
        await started(2)
        requests.gate("Set S").open(returning: "S")
        #expect(await settled(newer) == .committed("S"))
        #expect(store.value(for: "a") == "S+c1")
        requests.gate("Add +c1").open(returning: nil)
        #expect(await settled(older) == .superseded)
        #expect(store.value(for: "a") == "S")
    }

    /// MobileNativeFoundation/Store #761: a queued write is never replaced by another, and an
    /// older write's outcome acknowledges only itself.
    @Test func aNewerPendingWriteIsKeptAndEachOutcomeIsItsOwn() async {
        store.write("A", for: "a")
        let older = append("1")
        let newer = append("2")
        await started(1)
        requests.gate("Add 1").open(throwing: TestError(1))
        #expect(await settled(older) == .failed(TestError(1)))
        #expect(newer.isPending && store.value(for: "a") == "A2")
        await started(2)
        requests.gate("Add 2").open(returning: nil)
        #expect(await settled(newer) == .committed("A2"))
    }

    // MARK: - The store around the writes

    @Test func aKeyWithPendingWritesIsNeverEvictedAndCountsNoDataSource() async {
        let fetcher = self.fetcher
        let store = ContentStore<String, String>(retention: .seconds(1), clock: clock) {
            try await fetcher.fetch($0)
        }
        store.write("A", for: "a")
        let write = store.perform("Add 1", on: "a", change: { $0 += "1" }, request: requests.request("1"))
        clock.advance(by: .seconds(10))
        store.evictExpiredKeys()
        #expect(store.contains("a") && store.value(for: "a") == "A1")
        #expect(store.boundCount(for: "a") == 0)
        #expect(!store.removeValue(for: "a"))
        await started(1)
        requests.gate("1").open(returning: nil)
        #expect(await settled(write) == .committed("A1"))
        clock.advance(by: .seconds(10))
        store.evictExpiredKeys()
        #expect(!store.contains("a"), "evicted once its last write settled")
    }

    @Test func aWriteOnAKeyWithNoValueShowsNothingAndCommitsTheAnswer() async {
        let write = append("1")
        #expect(store.value(for: "a") == nil)
        await started(1)
        requests.gate("Add 1").open(returning: "S")
        #expect(await settled(write) == .committed("S"))
        #expect(store.value(for: "a") == "S")
    }

    @Test func awaitingAWriteReturnsItsOutcomeAndACancelledWaiterReturnsNil() async {
        store.write("A", for: "a")
        let write = append("1")
        let waiter = Task { await write.settled() }
        let leaving = Task { await write.settled() }
        await started(1)
        leaving.cancel()
        #expect(await leaving.boundedValue() == .some(nil))
        #expect(write.isPending)
        requests.gate("Add 1").open(returning: nil)
        #expect(await waiter.boundedValue() == .committed("A1"))
    }

    @Test func releasingTheStoreCancelsItsWrites() async {
        let requests = GatedRequests()
        var store: ContentStore<String, String>? = ContentStore { _ in "fetched" }
        store!.write("A", for: "a")
        let write = store!.perform("Add", on: "a", change: { $0 += "1" }, request: requests.request("Add"))
        let waiter = Task { await write.settled() }
        await eventually { requests.started.count == 1 }
        weak let released = store
        store = nil
        #expect(released == nil)
        #expect(!write.isPending && write.outcome == .cancelled, "settled as cancelled with its store")
        #expect(!write.cancel())
        #expect(await waiter.boundedValue() == .some(.cancelled), "a task awaiting it resumes")
        await eventually { requests.gate("Add").sawCancellation }
        #expect(await write.settled() == .cancelled)
    }
}

/// A wrapper delegate that records what it is asked to announce.
@MainActor
final class Announcer: ContentWrapperDelegate {
    private(set) var texts: [String] = []

    func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {
        texts.append(announcement.text)
    }
}
