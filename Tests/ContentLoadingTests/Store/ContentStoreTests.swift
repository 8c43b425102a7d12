import ContentLoading
import ContentLoadingTestSupport
import Testing

/// The keyed store on its own: one fetch per key however many ask, waiters that leave, results
/// that land only if current, staleness, retention and the count limit.
@MainActor
@Suite("Content store", .timeLimit(.minutes(1)), .hangLimit)
struct ContentStoreTests {
    let clock = ManualClock()
    let fetcher = GatedFetcher()

    func makeStore(
        staleAfter: StoreStaleness = .always, retention: Duration = .seconds(300), countLimit: Int = 1000,
        fetcher: GatedFetcher? = nil
    ) -> ContentStore<String, String> {
        let fetcher = fetcher ?? self.fetcher
        return ContentStore(staleAfter: staleAfter, retention: retention, countLimit: countLimit, clock: clock) {
            try await fetcher.fetch($0)
        }
    }

    /// Starts a fetch of `key` in a task and returns once the store counts its waiter.
    func startFetch(_ store: ContentStore<String, String>, _ key: String) async -> Task<
        StoreFetchOutcome<String>, Never
    > {
        let began = fetcher.count
        let task = Task { await store.fetch(key) }
        await eventually { fetcher.count > began }
        return task
    }

    // MARK: - Fetched once

    @Test func aThousandWaitersAtOnceMakeOneFetchAndAllHearIt() async {
        let store = makeStore()
        let tasks = (0..<1000).map { _ in Task { await store.fetch("a") } }
        await eventually { store.waiterCount(for: "a") == 1000 && fetcher.count == 1 }
        fetcher.gate(0).open(returning: "A")
        let outcomes = await tasks.boundedValues()
        #expect(fetcher.count == 1)
        #expect(outcomes?.count == 1000 && outcomes?.allSatisfy { $0 == .committed("A") } == true)
        #expect(store.value(for: "a") == "A")
    }

    @Test func aWaiterLeavingDoesNotCancelTheFetchForTheOthers() async {
        let store = makeStore()
        let leaving = await startFetch(store, "a")
        let staying = Task { await store.fetch("a") }
        await eventually { store.waiterCount(for: "a") == 2 && fetcher.count == 1 }
        leaving.cancel()
        #expect(await leaving.boundedValue() == .cancelled)
        #expect(store.isFetching("a"))
        #expect(!fetcher.gate(0).sawCancellation)
        fetcher.gate(0).open(returning: "A")
        #expect(await staying.boundedValue() == .committed("A"))
        #expect(fetcher.count == 1)
    }

    @Test func theLastWaiterLeavingCancelsTheFetch() async {
        let store = makeStore()
        let first = await startFetch(store, "a")
        let second = Task { await store.fetch("a") }
        await eventually { store.waiterCount(for: "a") == 2 && fetcher.count == 1 }
        first.cancel()
        second.cancel()
        #expect(await first.boundedValue() == .cancelled)
        #expect(await second.boundedValue() == .cancelled)
        await eventually { fetcher.gate(0).sawCancellation }
        #expect(!store.isFetching("a"))
        #expect(store.value(for: "a") == nil)
    }

    @Test(arguments: [false, true])
    func aWaiterWhoAsksAfterAnInvalidationOrWriteGetsANewFetch(writes: Bool) async {
        let fetcher = GatedFetcher(observesCancellation: false)  // the old fetch returns anyway
        let store = makeStore(fetcher: fetcher)
        let before = Task { await store.fetch("a") }
        await eventually { fetcher.count == 1 }
        if writes {
            store.write("written", for: "a")
        } else {
            store.invalidate("a")
        }
        #expect(await before.boundedValue() == .superseded, "begun before the change: dropped")
        let after = Task { await store.fetch("a") }
        await eventually { fetcher.count == 2 }
        fetcher.gate(0).open(returning: "old")
        #expect(await eventually { store.droppedResultCount == 1 }, "the old fetch's result reached the store")
        #expect(store.value(for: "a") == (writes ? "written" : nil), "the old fetch's result is never stored")
        fetcher.gate(1).open(returning: "new")
        #expect(await after.boundedValue() == .committed("new"))
        #expect(store.value(for: "a") == "new")
    }

    @Test func aFailedFetchKeepsTheStoredValue() async {
        let store = makeStore()
        store.write("kept", for: "a")
        let task = await startFetch(store, "a")
        fetcher.gate(0).open(throwing: TestError(1))
        #expect(await task.boundedValue() == .failed(TestError(1)))
        #expect(store.value(for: "a") == "kept")
    }

    // MARK: - Staleness

    @Test func stalenessIsMeasuredOnTheInjectedClock() {
        let store = makeStore(staleAfter: .after(.seconds(60)))
        #expect(store.isStale("a"), "no value yet")
        store.write("A", for: "a")
        clock.advance(by: .seconds(59))
        #expect(!store.isStale("a"))
        clock.advance(by: .seconds(1))
        #expect(store.isStale("a"))
        store.write("A", for: "a")
        store.invalidate("a")
        #expect(store.isStale("a"), "invalidated")
    }

    @Test func aKeyMayHaveItsOwnStaleness() {
        let store = makeStore(staleAfter: .always)
        store.setStaleness(.never, for: "settings")
        store.write("S", for: "settings")
        store.write("F", for: "feed")
        clock.advance(by: .seconds(3600))
        #expect(!store.isStale("settings"))
        #expect(store.isStale("feed"))
    }

    // MARK: - Eviction

    @Test func aKeyNoScreenShowsIsEvictedAfterRetention() {
        let store = makeStore(retention: .seconds(10))
        store.write("A", for: "a")
        clock.advance(by: .seconds(9))
        #expect(store.value(for: "a") == "A")
        clock.advance(by: .seconds(1))
        #expect(store.value(for: "a") == nil)
        #expect(!store.contains("a"))
    }

    @Test func evictionSkipsAKeyInFlight() async {
        let store = makeStore(retention: .seconds(10), countLimit: 0)
        let task = await startFetch(store, "a")
        clock.advance(by: .seconds(60))
        store.evictExpiredKeys()
        #expect(store.contains("a"))
        fetcher.gate(0).open(returning: "A")
        #expect(await task.boundedValue() == .committed("A"))
    }

    @Test func theCountLimitEvictsTheLeastRecentlyUsed() {
        let store = makeStore(countLimit: 2)
        store.write("A", for: "a")
        store.write("B", for: "b")
        _ = store.value(for: "a")
        store.write("C", for: "c")
        #expect(!store.contains("b"))
        #expect(store.value(for: "a") == "A")
        #expect(store.value(for: "c") == "C")
    }

    @Test func aValueThePersistenceAlreadyHeldIsReadAndStale() {
        let persistence = MemoryPersistence<String, String>()
        persistence.write("disk", for: "a")
        let store = ContentStore<String, String>(
            staleAfter: .after(.seconds(60)), persistence: persistence, clock: clock
        ) { _ in "fetched" }
        #expect(store.value(for: "a") == "disk")
        #expect(store.isStale("a"), "its age is unknown")
    }
}
