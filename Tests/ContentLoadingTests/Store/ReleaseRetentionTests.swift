import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A key's retention counts from the release of its last data source, not from when the store
/// next noticed it: a data source is released without unbinding, and the store runs no timer.
@MainActor
@Suite("Retention from the release", .timeLimit(.minutes(1)), .hangLimit)
struct ReleaseRetentionTests {
    let clock = ManualClock()

    func makeStore(retention: Duration = .seconds(10)) -> ContentStore<String, String> {
        ContentStore(staleAfter: .never, retention: retention, clock: clock) { $0 }
    }

    @Test func aKeyIsEvictedAtTheFirstSweepARetentionAfterItsLastDataSourceWasReleased() {
        let store = makeStore()
        store.write("A", for: "a")
        var dataSource: StoreDataSource<String, String>? = StoreDataSource(store: store, key: "a")
        clock.advance(by: .seconds(5))
        dataSource = nil  // released at 5 s; the store is not used until the sweeps below
        #expect(dataSource == nil)
        clock.advance(by: .seconds(10) - .milliseconds(1))
        store.evictExpiredKeys()
        #expect(store.contains("a"), "kept until a retention after the release")
        clock.advance(by: .milliseconds(2))
        store.evictExpiredKeys()
        #expect(!store.contains("a"), "evicted a retention after the release, not after the store noticed it")
    }

    @Test func theLastOfSeveralReleasesCounts() {
        let store = makeStore()
        store.write("A", for: "a")
        store.write("B", for: "b")
        var first: StoreDataSource<String, String>? = StoreDataSource(store: store, key: "a")
        var second: StoreDataSource<String, String>? = StoreDataSource(store: store, key: "a")
        var other: StoreDataSource<String, String>? = StoreDataSource(store: store, key: "b")
        clock.advance(by: .seconds(2))
        first = nil
        clock.advance(by: .seconds(2))
        other = nil  // "b" at 4 s
        clock.advance(by: .seconds(2))
        second = nil  // "a" at 6 s
        #expect(first == nil && second == nil && other == nil)
        clock.advance(by: .seconds(10) + .milliseconds(1) - .seconds(2))  // 14.001 s
        store.evictExpiredKeys()
        #expect(!store.contains("b") && store.contains("a"), "each key counts from its own last release")
        clock.advance(by: .seconds(2))
        store.evictExpiredKeys()
        #expect(!store.contains("a"))
    }

    @Test func aReleaseNoticedAfterAnotherKeysUnbindCountsFromItsOwnTime() {
        // Every key bound, so the store looks at none for eviction; then "a"'s data source is
        // released at 13 s and "b" is unbound by a key change at 18 s, which is when the store
        // notices "a"'s release: "a" still counts from 13 s.
        let store = makeStore()
        store.write("A", for: "a")
        store.write("B", for: "b")
        var released: StoreDataSource<String, String>? = StoreDataSource(store: store, key: "a")
        let moving = StoreDataSource(store: store, key: "b")
        clock.advance(by: .seconds(10))
        store.evictExpiredKeys()
        clock.advance(by: .seconds(3))
        released = nil
        #expect(released == nil)
        clock.advance(by: .seconds(5))
        moving.changeKey(to: "c")
        clock.advance(by: .seconds(5) + .milliseconds(1))  // 23.001 s
        store.evictExpiredKeys()
        #expect(!store.contains("a") && store.contains("b"))
    }

    @Test func aDataSourceReleasedOffTheMainActorUnbindsItsKeyWithoutTheStoreBeingUsed() async {
        let store = makeStore(retention: .zero)
        store.write("A", for: "a")
        let holder = ReleaseHolder(StoreDataSource(store: store, key: "a"))
        #expect(store.contains("a"), "bound")
        await Task.detached { holder.release() }.value
        #expect(await eventually { !store.contains("a") }, "noticed as soon as the main actor runs")
    }
}
