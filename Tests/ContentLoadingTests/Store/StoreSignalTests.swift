import ContentLoading
import ContentLoadingTestSupport
import Testing

/// The app's signals: stale keys on screen revalidate once per key, throttled, and never at
/// the cost of a load in flight.
@MainActor
@Suite("Store signals", .timeLimit(.minutes(1)), .hangLimit)
struct StoreSignalTests {
    let clock = ManualClock()
    let fetcher = GatedFetcher()
    let store: ContentStore<String, String>

    init() {
        let fetcher = self.fetcher
        store = ContentStore(staleAfter: .after(.seconds(60)), signalThrottle: .seconds(10), clock: clock) {
            try await fetcher.fetch($0)
        }
    }

    @Test(arguments: StoreSignal.allCases)
    func aSignalRevalidatesEachStaleKeyOnScreenOnce(signal: StoreSignal) async {
        store.write("A", for: "a")
        store.write("C", for: "c")
        clock.advance(by: .seconds(60))
        store.write("B", for: "b")  // fresh
        let screens = (0..<3).map { _ in StoreScreen(StoreDataSource(store: store, key: "a")) }
        let fresh = StoreScreen(StoreDataSource(store: store, key: "b"))
        store.receive(signal)  // "c" is stale but on no screen
        #expect(screens.allSatisfy { $0.dataSource.contentState == .refreshing })
        #expect(fresh.dataSource.contentState == .content)
        await eventually { store.waiterCount(for: "a") == 3 && fetcher.count == 1 }
        fetcher.gate(0).open(returning: "A2")
        await eventually { screens.allSatisfy { $0.shown == .content } }
        #expect(screens.allSatisfy { $0.dataSource.value == "A2" })
        #expect(fetcher.keys == ["a"])
    }

    @Test func signalsAreThrottledPerKey() async {
        store.write("A", for: "a")
        let screen = StoreScreen(StoreDataSource(store: store, key: "a"))
        clock.advance(by: .seconds(60))
        store.receive(.becameActive)
        await eventually { fetcher.count == 1 }
        fetcher.gate(0).open(throwing: TestError(1))  // still stale after the failure
        await eventually { screen.dataSource.contentState == .content }
        clock.advance(by: .seconds(9))
        store.receive(.reachable)
        #expect(screen.dataSource.contentState == .content, "within the window: left alone")
        clock.advance(by: .seconds(1))
        store.receive(.interval)
        #expect(screen.dataSource.contentState == .refreshing)
        await eventually { fetcher.count == 2 }
        fetcher.gate(1).open(returning: "A2")
        await eventually { screen.dataSource.value == "A2" }
    }

    @Test func aSignalNeverCancelsARefreshInFlight() async {
        store.write("A", for: "a")
        let screen = StoreScreen(StoreDataSource(store: store, key: "a"))
        clock.advance(by: .seconds(60))
        let refresh = Task { await screen.dataSource.reload(ownedBy: .caller) }
        await eventually { fetcher.count == 1 }
        store.receive(.becameActive)
        #expect(!fetcher.gate(0).sawCancellation)
        fetcher.gate(0).open(returning: "A2")
        #expect(await refresh.boundedValue() == .committed(hasContent: true), "the user's refresh lands")
        #expect(fetcher.count == 1)
    }
}
