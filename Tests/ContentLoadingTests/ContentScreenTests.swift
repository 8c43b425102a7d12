import ContentLoading
import ContentLoadingTestSupport
import Testing

/// `ContentScreen`: one screen's wiring (both delegates, the wrapper, the model, placeholders with
/// Retry, the announcement sink) shows each state, retries, announces and drops stale responses.
@MainActor
@Suite("ContentScreen", .timeLimit(.minutes(1)), .hangLimit)
struct ContentScreenTests {
    /// A screen drawing into its model under `policy`, on a clock the test moves.
    func makeScreen(
        policy: PresentationPolicy = .immediate, clock: ManualClock = ManualClock()
    ) -> (ContentScreen<ItemsDataSource>, ItemsDataSource) {
        let dataSource = ItemsDataSource()
        dataSource.keepingContent = true
        return (ContentScreen(dataSource: dataSource, policy: policy, clock: clock), dataSource)
    }

    @Test func aFirstLoadShowsLoadingAfterItsDelayThenContent() {
        let clock = ManualClock()
        let (screen, dataSource) = makeScreen(policy: .standard, clock: clock)
        #expect(screen.model.screen == .blank)

        dataSource.loadContent()
        #expect(screen.model.isLoading)
        #expect(screen.model.screen == .blank, "nothing within the loading delay")
        clock.advance(by: .milliseconds(500))
        screen.wrapper.presentDueChanges()
        #expect(screen.model.screen == .loading)

        #expect(dataSource.complete(dataSource.tokens[0], with: ["red", "green"]))
        #expect(screen.model.screen == .loading, "the loading screen stays its minimum")
        clock.advance(by: .milliseconds(500))
        screen.wrapper.presentDueChanges()
        #expect(screen.model.screen == .content(isRefreshing: false))
        #expect(!screen.model.isLoading)
    }

    @Test func renderersDrawLoadingThenContentAndTheModelFollowsThem() {
        let log = RenderLog()
        let placeholder = RecordingRenderer("placeholder", log: log)
        let dataSource = ItemsDataSource()
        let screen = ContentScreen(
            dataSource: dataSource, content: RecordingRenderer("list", log: log),
            loading: RecordingRenderer("spinner", log: log), empty: placeholder, error: placeholder,
            policy: .immediate)

        dataSource.loadContent()
        #expect(log.drain() == ["spinner.show(loading)"])
        #expect(screen.model.screen == .loading)
        #expect(dataSource.complete(dataSource.tokens[0], with: ["red"]))
        #expect(log.drain() == ["spinner.hide", "list.show(content)"])
        #expect(screen.model.screen == .content(isRefreshing: false))
        #expect(screen.wrapper.displayedState == .content)
    }

    @Test func anEmptyLoadShowsTheEmptyPlaceholder() {
        let (screen, dataSource) = makeScreen()
        dataSource.loadContent()
        #expect(dataSource.complete(dataSource.tokens[0], with: []))
        #expect(screen.model.screen == .empty(.empty))
        #expect(screen.model.screen.placeholder?.action == nil, "an empty answer offers no Retry")
    }

    @Test func emptyPlaceholderReplacesTheProposedOne() {
        let dataSource = ItemsDataSource()
        let screen = ContentScreen(
            dataSource: dataSource, policy: .immediate, clock: ManualClock(),
            emptyPlaceholder: { proposed in
                #expect(proposed == .empty)
                return Placeholder(title: "No colours")
            })
        dataSource.loadContent()
        dataSource.complete(dataSource.tokens[0], with: [])
        #expect(screen.model.screen.placeholder?.title == "No colours")
    }

    @Test func anErrorOffersRetryWhichReloadsAndShowsContent() throws {
        let (screen, dataSource) = makeScreen()
        dataSource.loadContent()
        #expect(dataSource.loadingCoordinator.finish(dataSource.tokens[0], error: TestError(1)))

        guard case .error(let error, let placeholder) = screen.model.screen else {
            Issue.record("expected the error screen, got \(screen.model.screen)")
            return
        }
        #expect(error as? TestError == TestError(1))
        #expect(placeholder.title == "Couldn't load")
        #expect(placeholder.message == "TestError(1)")
        #expect(placeholder.action?.title == "Retry")

        let retry = try #require(placeholder.action)
        #expect(retry.perform())
        #expect(dataSource.tokens.count == 2, "Retry began a new load")
        #expect(screen.model.screen == .loading)
        #expect(dataSource.complete(dataSource.tokens[1], with: ["red"]))
        #expect(screen.model.screen == .content(isRefreshing: false))
        #expect(dataSource.items == ["red"])
    }

    @Test func errorPlaceholderKeepsTheRetryItIsProposed() throws {
        let dataSource = ItemsDataSource()
        let screen = ContentScreen(
            dataSource: dataSource, policy: .immediate, clock: ManualClock(),
            errorPlaceholder: { error, proposed in
                Placeholder(title: "Couldn't load colours", message: "\(error)", action: proposed.action)
            })
        dataSource.loadContent()
        dataSource.loadingCoordinator.finish(dataSource.tokens[0], error: TestError(2))
        #expect(screen.model.screen.placeholder?.title == "Couldn't load colours")

        #expect(screen.retry(), "the screen's retry performs the placeholder's action")
        #expect(dataSource.tokens.count == 2)
        dataSource.complete(dataSource.tokens[1], with: ["red"])
        #expect(screen.model.state == .content)
    }

    @Test func announcementsReachTheSinkWithTheItemCount() {
        var heard: [String] = []
        let dataSource = ItemsDataSource()
        let screen = ContentScreen(
            dataSource: dataSource, policy: .immediate, clock: ManualClock(),
            announce: { heard.append($0.text) }, itemCount: { $0.items.count })

        dataSource.loadContent()
        dataSource.complete(dataSource.tokens[0], with: ["red", "green"])
        #expect(heard == ["Loading", "Loaded, 2 items"])

        screen.itemCount = nil
        dataSource.loadContent()  // a refresh: not announced
        dataSource.loadingCoordinator.finish(dataSource.tokens[1], error: TestError(3))
        dataSource.items = []
        dataSource.contentDidChange()
        #expect(heard == ["Loading", "Loaded, 2 items", "Couldn't refresh", "Nothing to show"])

        screen.announce = nil
        dataSource.loadContent()
        #expect(heard.count == 4, "without a sink nothing is announced")
    }

    @Test func aStaleResponseIsDropped() {
        let (screen, dataSource) = makeScreen()
        dataSource.loadContent()  // the first request…
        dataSource.loadContent()  // …superseded before it answers
        #expect(dataSource.complete(dataSource.tokens[1], with: ["new"]))
        #expect(!dataSource.complete(dataSource.tokens[0], with: ["old"]), "the late answer is dropped")
        #expect(dataSource.items == ["new"])
        #expect(screen.model.screen == .content(isRefreshing: false))
    }

    /// A second Retry while the first one's load is in flight (the error screen stays drawn
    /// within the loading delay) begins nothing; so does a retry with no placeholder drawn.
    @Test func retryWhileALoadIsInFlightBeginsNothing() throws {
        let clock = ManualClock()
        let (screen, dataSource) = makeScreen(policy: .standard, clock: clock)
        dataSource.loadContent()
        dataSource.loadingCoordinator.finish(dataSource.tokens[0], error: TestError(4))
        #expect(screen.model.state == .error)
        let retry = try #require(screen.model.screen.placeholder?.action)

        #expect(screen.retry())
        #expect(dataSource.tokens.count == 2)
        #expect(screen.model.state == .error, "the error stays drawn within the loading delay")
        #expect(!screen.retry(), "a load is in flight: the screen's retry refuses")
        #expect(retry.perform(), "the drawn action still acts…")
        #expect(dataSource.tokens.count == 2, "…but begins no second load")
        #expect(dataSource.loadingCoordinator.isLoading)

        #expect(dataSource.complete(dataSource.tokens[1], with: ["red"]))
        #expect(screen.model.state == .content)
        #expect(!screen.retry(), "the content has no placeholder to retry")
        #expect(!retry.perform(), "the error screen is gone: its action no longer acts")
        #expect(dataSource.tokens.count == 2)
    }

    @Test func appearAndRefreshAwaitTheirLoads() async {
        let fetch = ScriptedFetch([.success(["red"]), .failure(TestError(5))])
        let dataSource = ColorsDataSource { try await fetch.next() }
        let screen = ContentScreen(dataSource: dataSource, policy: .immediate, clock: ManualClock())

        await screen.appear()
        #expect(screen.model.state == .content)
        #expect(dataSource.colors == ["red"])
        await screen.refresh()
        #expect(screen.model.state == .content, "a failed refresh keeps the colours")
        #expect(screen.model.refreshFailure as? TestError == TestError(5))
    }

    /// The data source, wrapper and model hold the screen weakly, and its Retry does not keep
    /// it alive: releasing the screen frees it and its data source.
    @Test func releasingTheScreenFreesItAndItsDataSource() {
        var screen: ContentScreen<ItemsDataSource>? = makeScreen().0
        let weakScreen = WeakReference(screen)
        let weakDataSource = WeakReference(screen?.dataSource)
        screen?.dataSource.loadContent()
        if let dataSource = screen?.dataSource {
            dataSource.loadingCoordinator.finish(dataSource.tokens[0], error: TestError(6))
        }
        #expect(screen?.model.screen.placeholder?.action != nil)
        screen = nil
        #expect(weakScreen.object == nil)
        #expect(weakDataSource.object == nil)
    }
}

/// Holds an object weakly.
private struct WeakReference<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object?) { self.object = object }
}
