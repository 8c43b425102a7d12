import ContentLoading
import ContentLoadingTestSupport
import Testing

// The code of the "Testing Your Data Sources" article, run here. Keep the two in step.

/// The article's completion-handler data source: the test plays the loader.
@MainActor
final class CallbackColorsDataSource: DataSource {
    private(set) var colors: [String] = []
    /// The tokens of the loads begun, oldest first: the test answers them in any order.
    private(set) var requests: [LoadingState] = []

    override var hasContent: Bool { !colors.isEmpty }

    override func loadContent() {
        loadingCoordinator.loadContent { state in requests.append(state) }
    }

    /// What the loader's completion handler does.
    @discardableResult
    func respond(to request: LoadingState, with colors: [String]) -> Bool {
        loadingCoordinator.finish(request) { self.colors = colors }
    }
}

/// The article's async data source: each load waits on a gate the test opens.
@MainActor
final class GatedColorsDataSource: DataSource {
    private(set) var colors: [String] = []
    private(set) var responses: [AsyncGate<[String]>] = []

    override var hasContent: Bool { !colors.isEmpty }

    override func loadContent() {
        let response = AsyncGate<[String]>(observesCancellation: true)
        responses.append(response)
        load { _ in
            try await response.wait()
        } commit: { dataSource, colors in
            dataSource.colors = colors
        }
    }
}

/// A delegate that supplies a wrapper: all a test needs to watch the screen.
@MainActor
final class TestScreen: DataSourceDelegate {
    let wrapper: ContentWrapper
    init(_ wrapper: ContentWrapper) { self.wrapper = wrapper }
    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}

@MainActor
@Suite("Testing article", .timeLimit(.minutes(1)), .hangLimit)
struct TestingArticleTests {
    @Test func aStaleResponseIsDropped() {
        let dataSource = CallbackColorsDataSource()
        let log = RenderLog()
        let screen = TestScreen(.recording(into: log))
        dataSource.delegate = screen

        dataSource.loadContent()  // the first request…
        dataSource.loadContent()  // …superseded by a second before it answers
        #expect(dataSource.respond(to: dataSource.requests[1], with: ["new"]))
        #expect(!dataSource.respond(to: dataSource.requests[0], with: ["old"]))  // late, dropped
        #expect(dataSource.colors == ["new"])
        #expect(screen.wrapper.displayedState == .content)
        #expect(log.entries.last == "content.show(content)")
    }

    @Test func anEmptyAnswerShowsThePlaceholder() {
        let log = RenderLog()
        let placeholder = RecordingRenderer("placeholder", log: log)  // the empty and the error role
        let wrapper = ContentWrapper(
            content: RecordingRenderer("list", log: log), loading: RecordingRenderer("spinner", log: log),
            empty: placeholder, error: placeholder, policy: .immediate)
        let screen = TestScreen(wrapper)
        let dataSource = CallbackColorsDataSource()
        dataSource.delegate = screen

        dataSource.loadContent()
        dataSource.respond(to: dataSource.requests[0], with: [])
        #expect(log.entries == ["spinner.show(loading)", "spinner.hide", "placeholder.show(empty)"])
        #expect(placeholder.isVisible)
        #expect(placeholder.lastScreen == screen.wrapper.screen)
    }

    @Test func anAsyncLoadIsAwaited() async {
        let dataSource = GatedColorsDataSource()
        let reload = Task { await dataSource.reload(ownedBy: .dataSource) }
        await eventually { !dataSource.responses.isEmpty }
        dataSource.responses[0].open(returning: ["red"])
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(dataSource.colors == ["red"])
    }

    @Test func outOfOrderAsyncResponsesKeepTheNewest() async {
        let dataSource = GatedColorsDataSource()
        dataSource.loadContent()
        let newest = Task { await dataSource.reload(ownedBy: .dataSource) }
        await eventually { dataSource.responses.count >= 2 }
        dataSource.responses[1].open(returning: ["new"])
        dataSource.responses[0].open(returning: ["old"])  // the first load was cancelled; dropped
        #expect(await newest.boundedValue() == .committed(hasContent: true))
        #expect(dataSource.colors == ["new"])
    }

    @Test func aLateStoreResultIsDropped() async {
        let gate = AsyncGate<String>(observesCancellation: false)  // answers late, like work that never checks
        let store = ContentStore<String, String> { _ in try await gate.wait() }
        let fetch = Task { await store.fetch("a") }
        await eventually { store.isFetching("a") }
        store.write("written", for: "a")  // supersedes the fetch in flight
        #expect(await fetch.boundedValue() == .superseded)
        gate.open(returning: "late")
        #expect(await eventually { store.droppedResultCount == 1 })  // the late result was handled
        #expect(store.value(for: "a") == "written")
    }

    @Test func aFastLoadNeverShowsTheSpinner() {
        let clock = ManualClock()
        let log = RenderLog()
        let screen = TestScreen(.recording(into: log, policy: .standard, clock: clock))
        let dataSource = CallbackColorsDataSource()
        dataSource.delegate = screen

        dataSource.loadContent()
        clock.advance(by: .milliseconds(499))
        screen.wrapper.presentDueChanges()
        #expect(screen.wrapper.displayedState == .initial)  // no spinner yet
        dataSource.respond(to: dataSource.requests[0], with: ["red"])
        #expect(screen.wrapper.displayedState == .content)
        #expect(!log.entries.contains("loading.show(loading)"))  // never shown
    }

    @Test func aSlowLoadKeepsTheSpinnerForItsMinimum() {
        let clock = ManualClock()
        let log = RenderLog()
        let screen = TestScreen(.recording(into: log, policy: .standard, clock: clock))
        let dataSource = CallbackColorsDataSource()
        dataSource.delegate = screen

        dataSource.loadContent()
        clock.advance(by: .milliseconds(500))
        screen.wrapper.presentDueChanges()
        #expect(screen.wrapper.displayedState == .loading)  // the delay ran out
        dataSource.respond(to: dataSource.requests[0], with: ["red"])
        #expect(screen.wrapper.displayedState == .loading)  // held for its minimum
        clock.advance(by: .milliseconds(500))
        screen.wrapper.presentDueChanges()
        #expect(screen.wrapper.displayedState == .content)
    }
}
