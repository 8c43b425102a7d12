import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Every value a store data source takes reaches its screen: a write while the key refreshes is
/// drawn before `perform` returns, a value taken during a cancelled first load is drawn as
/// content, a change the app makes from inside its `isEmpty` is not overwritten by the value
/// being shown, and a placeholder never shows a pending write's change.
@MainActor
@Suite("Store data sources draw every value", .timeLimit(.minutes(1)), .hangLimit)
struct StoreDataSourceDrawingTests {
    let clock = ManualClock()
    let fetcher = GatedFetcher(observesCancellation: false)  // late responses come back anyway
    let requests = GatedRequests()
    let store: ContentStore<String, String>

    init() {
        let fetcher = self.fetcher
        store = ContentStore(staleAfter: .after(.seconds(60)), clock: clock) { try await fetcher.fetch($0) }
    }

    /// A write on `key` that appends `suffix`, named `name`.
    @discardableResult
    func append(_ suffix: String, on key: String = "a", named name: String) -> StoreWrite<String> {
        store.perform(name, on: key, change: { $0 += suffix }, request: requests.request(name))
    }

    /// Ends every request and fetch (the writes' revalidations included) and waits, bounded,
    /// until nothing is pending, fetched or loading.
    func drain(_ dataSources: [StoreDataSource<String, String>], keys: [String] = ["a"]) async {
        await eventually {
            requests.openAll()
            fetcher.openAll()
            return !keys.contains { store.hasPendingWrites($0) || store.isFetching($0) }
                && !dataSources.contains { $0.loadingCoordinator.isLoading }
        }
    }

    // MARK: - A write while the key refreshes

    @Test func aWriteWhileTheKeyRefreshesIsDrawnBeforePerformReturns() async {
        store.write("A", for: "a")
        clock.advance(by: .seconds(60))
        let screen = StoreScreen(StoreDataSource(store: store, key: "a"))
        screen.dataSource.loadContent()
        #expect(screen.frames == ["content A", "refreshing A"])
        append("★", named: "Star")
        #expect(screen.frames.last == "refreshing A★", "drawn in perform's turn, the refresh still on")
        #expect(screen.dataSource.contentState == .refreshing && screen.shown == .refreshing)
        await eventually { fetcher.count == 1 }
        fetcher.gate(0).open(returning: "A2")  // the refresh lands under the write's layer
        await eventually { screen.shown == .content }
        #expect(screen.frames.last == "content A2★")
        await drain([screen.dataSource])
    }

    @Test func everyScreenOfTheKeyDrawsAWriteMadeWhileOneOfThemRefreshes() async {
        store.write("A", for: "a")
        clock.advance(by: .seconds(60))
        let refreshing = StoreScreen(StoreDataSource(store: store, key: "a"))
        let settled = StoreScreen(StoreDataSource(store: store, key: "a"))
        refreshing.dataSource.loadContent()
        append("★", named: "Star")
        append("!", named: "Shout")
        #expect(refreshing.frames.suffix(2) == ["refreshing A★", "refreshing A★!"])
        #expect(settled.frames.suffix(2) == ["content A★", "content A★!"])
        await drain([refreshing.dataSource, settled.dataSource])
    }

    // MARK: - A value taken during a cancelled first load

    @Test func aValueTakenDuringACancelledFirstLoadIsDrawnAndTheNextLoadRefreshes() async {
        let screen = StoreScreen(StoreDataSource(store: store, key: "a"))
        screen.dataSource.loadContent()
        #expect(screen.dataSource.contentState == .loading)
        store.write("W", for: "a")  // another screen writes the key
        #expect(screen.dataSource.loadingCoordinator.cancel(), "cancelled before the load commits")
        #expect(screen.dataSource.value == "W" && screen.dataSource.hasContent)
        #expect(screen.dataSource.contentState == .content, "not back to initial over content")
        #expect(screen.shown == .content && screen.frames.last == "content W")
        clock.advance(by: .seconds(60))
        let before = screen.drawn.count
        screen.dataSource.loadContent()
        #expect(screen.dataSource.contentState == .refreshing, "a revalidation of shown content")
        #expect(screen.drawn.dropFirst(before) == ["content.show(refreshing)"], "no loading screen over content")
        await drain([screen.dataSource])
    }

    @Test func aValueLandedDuringACancelledFirstLoadIsDrawn() async {
        let screen = StoreScreen(StoreDataSource(store: store, key: "a"))
        // Another screen of the key, told of the landing after the first: its `isEmpty` cancels
        // the first screen's load there, before that load's task hears the landing.
        weak let first = screen
        var cancelled = false
        let other = StoreDataSource(store: store, key: "a") { value in
            if value == "A", let first, !cancelled { cancelled = first.dataSource.loadingCoordinator.cancel() }
            return value.isEmpty
        }
        screen.dataSource.loadContent()
        await eventually { store.waiterCount(for: "a") == 1 && fetcher.count == 1 }
        fetcher.gate(0).open(returning: "A")
        await eventually { store.value(for: "a") == "A" }
        #expect(cancelled, "cancelled as the value landed")
        #expect(screen.dataSource.value == "A")
        #expect(screen.dataSource.contentState == .content && screen.shown == .content)
        #expect(screen.frames.last == "content A")
        await drain([screen.dataSource, other])
    }

    // MARK: - Changes made from inside `isEmpty`

    @Test func aWriteMadeFromInsideIsEmptyIsNotOverwritten() {
        store.write("A", for: "a")
        let dataSource = StoreDataSource(store: store, key: "a") { [store] value in
            if value == "B" { store.write("C", for: "a") }
            return value.isEmpty
        }
        let screen = StoreScreen(dataSource)
        store.write("B", for: "a")
        #expect(dataSource.value == "C" && store.value(for: "a") == "C")
        #expect(screen.frames.last == "content C")
    }

    @Test func aKeyChangeMadeFromInsideIsEmptyIsNotOverwritten() {
        store.write("A", for: "a")
        store.write("X", for: "x")
        // Weak: the data source keeps its `isEmpty`, which must not keep the data source.
        weak var target: StoreDataSource<String, String>?
        let dataSource = StoreDataSource(store: store, key: "a") { value in
            if value == "B" { target?.changeKey(to: "x") }
            return value.isEmpty
        }
        target = dataSource
        let screen = StoreScreen(dataSource)
        store.write("B", for: "a")
        #expect(dataSource.key == "x" && dataSource.value == "X" && !dataSource.isPlaceholder)
        #expect(screen.frames.last == "content X")
    }

    /// The key change overtakes the first value's showing: the new key loads from nothing, and
    /// cancelling that load goes back to the initial screen, not to an outcome nothing showed.
    @Test func aKeyChangeFromInsideIsEmptyBeforeAnythingShowedLoadsFromNothing() async {
        weak var target: StoreDataSource<String, String>?
        let dataSource = StoreDataSource(store: store, key: "a") { value in
            if value == "A" { target?.changeKey(to: "b") }
            return value.isEmpty
        }
        target = dataSource
        let screen = StoreScreen(dataSource)
        store.write("A", for: "a")
        #expect(dataSource.key == "b" && dataSource.value == nil && !dataSource.isPlaceholder)
        #expect(dataSource.contentState == .loading && screen.shown == .loading)
        #expect(dataSource.loadingCoordinator.cancel())
        #expect(dataSource.contentState == .initial && screen.shown == .initial)
        await drain([dataSource], keys: ["a", "b"])
    }

    @Test func aWriteCancelledFromInsideIsEmptyIsNotShown() async {
        store.write("A", for: "a")
        var star: StoreWrite<String>?
        let dataSource = StoreDataSource(store: store, key: "a") { value in
            if value == "A★!" { star?.cancel() }
            return value.isEmpty
        }
        let screen = StoreScreen(dataSource)
        star = append("★", named: "Star")
        append("!", named: "Shout")  // its redraw asks `isEmpty`, which cancels the star
        #expect(star?.isPending == false)
        #expect(dataSource.value == "A!" && store.value(for: "a") == "A!")
        #expect(screen.frames.last == "content A!")
        await drain([dataSource])
    }

    // MARK: - A placeholder and a pending write

    @Test func aPlaceholderNeverShowsAPendingWritesChange() async {
        store.write("A", for: "a")
        let screen = StoreScreen(StoreDataSource(store: store, key: "a"))
        let star = append("★", named: "Star")
        #expect(screen.dataSource.value == "A★")
        screen.dataSource.changeKey(to: "b")
        #expect(screen.dataSource.isPlaceholder && screen.dataSource.value == "A", "the committed value")
        #expect(screen.frames.last == "refreshing A")
        await eventually { requests.started == ["Star"] }
        requests.gate("Star").open(throwing: TestError(1))  // rolled back: shown nowhere
        await eventually { !star.isPending }
        #expect(screen.dataSource.value == "A" && screen.dataSource.isPlaceholder)
        #expect(!screen.frames.contains { $0.contains("★") && $0.hasPrefix("refreshing") })
        await eventually { fetcher.keys.contains("b") }
        fetcher.gate(fetcher.keys.firstIndex(of: "b")!).open(returning: "B")
        await eventually { screen.shown == .content }
        #expect(screen.dataSource.value == "B" && screen.frames.last == "content B")
        await drain([screen.dataSource], keys: ["a", "b"])
    }

    @Test func aPlaceholderTakenDuringARefreshIsDrawn() async {
        store.write("A", for: "a")
        clock.advance(by: .seconds(60))
        let screen = StoreScreen(StoreDataSource(store: store, key: "a"))
        screen.dataSource.loadContent()
        append("★", named: "Star")
        #expect(screen.frames.last == "refreshing A★")
        screen.dataSource.changeKey(to: "b")
        #expect(screen.dataSource.isPlaceholder && screen.frames.last == "refreshing A")
        await drain([screen.dataSource], keys: ["a", "b"])
    }
}
