import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// A store made with a `Connectivity`: each time the app says it is back online, the store
/// receives `.reachable`, throttled like any signal.
@MainActor
@Suite("Store connectivity", .timeLimit(.minutes(1)), .hangLimit)
struct StoreConnectivityTests {
    let clock = ManualClock()
    let fetcher = GatedFetcher()
    let connectivity = Connectivity()
    let store: ContentStore<String, String>

    init() {
        let fetcher = self.fetcher
        store = ContentStore(
            staleAfter: .after(.seconds(60)), signalThrottle: .seconds(10), connectivity: connectivity, clock: clock
        ) { try await fetcher.fetch($0) }
    }

    @Test func comingBackOnlineRevalidatesTheStaleKeysOnScreenOnce() async {
        store.write("A", for: "a")
        let screens = (0..<2).map { _ in StoreScreen(StoreDataSource(store: store, key: "a")) }
        clock.advance(by: .seconds(60))
        connectivity.isOnline = false
        #expect(screens.allSatisfy { $0.dataSource.contentState == .content }, "offline: nothing happens")
        connectivity.isOnline = true
        await eventually { store.waiterCount(for: "a") == 2 && fetcher.count == 1 }
        #expect(screens.allSatisfy { $0.dataSource.contentState == .refreshing })
        fetcher.gate(0).open(returning: "A2")
        await eventually { screens.allSatisfy { $0.dataSource.value == "A2" } }
        #expect(fetcher.keys == ["a"])
    }

    /// Says the app went offline and came back, and waits until the store has received it.
    func goOfflineAndBack() async {
        let received = store.signalsReceived
        connectivity.isOnline = false
        connectivity.isOnline = true
        await eventually { store.signalsReceived == received + 1 }
    }

    @Test func aFreshKeyIsLeftAloneAndTheSignalIsThrottled() async {
        store.write("A", for: "a")
        let screen = StoreScreen(StoreDataSource(store: store, key: "a"))
        await goOfflineAndBack()
        #expect(fetcher.count == 0, "a fresh key is not revalidated")
        clock.advance(by: .seconds(60))
        await goOfflineAndBack()
        await eventually { fetcher.count == 1 }
        fetcher.gate(0).open(throwing: TestError(1))  // still stale after the failure
        await eventually { screen.dataSource.contentState == .content }
        clock.advance(by: .seconds(9))
        await goOfflineAndBack()
        #expect(screen.dataSource.contentState == .content, "within the window: left alone")
        clock.advance(by: .seconds(1))
        await goOfflineAndBack()
        #expect(screen.dataSource.contentState == .refreshing)
        await eventually { fetcher.count == 2 }
        fetcher.gate(1).open(returning: "A2")
        await eventually { screen.dataSource.value == "A2" }
    }

    @Test func releasingTheStoreEndsItsObservation() {
        var store: ContentStore<String, String>? = ContentStore(connectivity: connectivity) { $0 }
        weak let released = store
        store = nil
        #expect(released == nil)
        connectivity.isOnline = false
        connectivity.isOnline = true
    }
}
