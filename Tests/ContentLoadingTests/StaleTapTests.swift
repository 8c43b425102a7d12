import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A screen whose error and empty placeholders carry a Retry that reloads, counting its taps.
@MainActor
final class RetryScreen: DataSourceDelegate, ContentWrapperDelegate {
    let dataSource = ItemsDataSource()
    let model = ScreenModel()
    let wrapper: ContentWrapper
    /// How many times a Retry's handler ran.
    private(set) var retries = 0

    init(policy: PresentationPolicy = .immediate, clock: some Clock<Duration> = ContinuousClock()) {
        wrapper = ContentWrapper(drawingInto: model, policy: policy, clock: clock)
        wrapper.delegate = self
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder)
        -> Placeholder
    {
        Placeholder(title: "Couldn't load", message: "\(error)", action: retry)
    }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderForEmpty proposed: Placeholder) -> Placeholder {
        Placeholder(title: "Nothing yet", action: retry)
    }

    private var retry: Placeholder.Action {
        .init(title: "Retry") { [weak self] in
            self?.retries += 1
            self?.dataSource.loadContent()
        }
    }

    /// Fails the last load with `error`.
    func fail(_ error: TestError) {
        #expect(dataSource.loadingCoordinator.finish(dataSource.tokens.last!, error: error))
    }
}

/// An action belongs to the screen or footer it was drawn in: tapped after that drawing was
/// replaced, it answers `false` and does nothing.
@MainActor
@Suite("Stale taps", .timeLimit(.minutes(1)), .hangLimit)
struct StaleTapTests {
    // MARK: - Screens

    /// The error screen's Retry, tapped again once the screen moved on to loading, starts no
    /// second load; tapped after the content landed, neither.
    @Test func anErrorScreensRetryActsOnceItsScreenIsReplaced() throws {
        let screen = RetryScreen()
        screen.dataSource.loadContent()
        screen.fail(TestError(1))
        let retry = try #require(screen.model.screen.placeholder?.action)
        #expect(retry.perform(), "the error screen is drawn: Retry acts")
        #expect(screen.model.screen == .loading)
        #expect(!retry.perform(), "the loading screen replaced it: a second tap does nothing")
        #expect(screen.retries == 1 && screen.dataSource.tokens.count == 2)
        screen.dataSource.complete(screen.dataSource.tokens[1], with: ["red"])
        #expect(!retry.perform())
        #expect(screen.dataSource.tokens.count == 2, "no load began after the screen moved on")
        #expect(screen.dataSource.loadingCoordinator.state == .content)
    }

    /// Under the standard policy the error screen stays drawn through the loading delay: its
    /// Retry still acts there, since that screen is still the one shown.
    @Test func anErrorScreensRetryActsWhileItsScreenIsStillDrawn() throws {
        let clock = ManualClock()
        let screen = RetryScreen(policy: .standard, clock: clock)
        screen.dataSource.loadContent()
        screen.fail(TestError(1))
        screen.wrapper.presentDueChanges()
        let retry = try #require(screen.model.screen.placeholder?.action)
        #expect(retry.perform())
        #expect(screen.wrapper.displayedState == .error, "the loading screen waits out its delay")
        #expect(retry.perform(), "still the screen drawn: the tap acts")
        #expect(screen.dataSource.tokens.count == 3)
        clock.advance(by: .milliseconds(500))
        screen.wrapper.presentDueChanges()
        #expect(screen.wrapper.displayedState == .loading)
        #expect(!retry.perform())
        #expect(screen.dataSource.tokens.count == 3)
        screen.fail(TestError(2))
        clock.advance(by: .milliseconds(500))
        screen.wrapper.presentDueChanges()
    }

    /// A newer failure draws the error screen again: the earlier drawing's Retry is stale, the
    /// new one acts.
    @Test func aSecondErrorScreenReplacesTheFirstOnesRetry() throws {
        let screen = RetryScreen()
        screen.dataSource.loadContent()
        screen.fail(TestError(1))
        let first = try #require(screen.model.screen.placeholder?.action)
        screen.dataSource.loadContent()
        screen.fail(TestError(2))
        let second = try #require(screen.model.screen.placeholder?.action)
        #expect(!first.perform())
        #expect(screen.retries == 0)
        #expect(second.perform())
        #expect(screen.retries == 1)
    }

    /// The empty screen's action is tied to its drawing too, and every copy of it (the model's,
    /// the wrapper's) shares that drawing.
    @Test func everyCopyOfADrawnActionSharesItsDrawing() throws {
        let screen = RetryScreen()
        screen.dataSource.loadContent()
        screen.dataSource.complete(screen.dataSource.tokens[0], with: [])
        let modelsCopy = try #require(screen.model.screen.placeholder?.action)
        let wrappersCopy = try #require(screen.wrapper.screen.placeholder?.action)
        screen.dataSource.items = ["red"]
        screen.dataSource.contentDidChange()
        #expect(screen.wrapper.displayedState == .content)
        #expect(!modelsCopy.perform() && !wrappersCopy.perform())
        #expect(screen.retries == 0)
    }

    /// An on-boarding placeholder's action acts until the first screen replaces it.
    @Test func anInitialPlaceholdersActionActsUntilTheFirstScreen() throws {
        let dataSource = ItemsDataSource()
        let taps = TapCounter()
        let wrapper = ContentWrapper.recording(
            into: RenderLog(),
            initialScreen: .placeholder(Placeholder(title: "Search", action: .init(title: "Start") { taps.count += 1 }))
        )
        let screen = TestScreen(wrapper)
        dataSource.delegate = screen
        let start = try #require(wrapper.screen.placeholder?.action)
        #expect(start.perform())
        dataSource.loadContent()
        #expect(!start.perform())
        #expect(taps.count == 1)
    }

    @Test func anActionNoWrapperDrewAlwaysActs() {
        let taps = TapCounter()
        let action = Placeholder.Action(title: "Retry") { taps.count += 1 }
        #expect(action.perform() && action.perform())
        #expect(taps.count == 2)
    }

    /// A wrapper that is gone shows nothing: the actions it drew answer `false`.
    @Test func theActionsOfAWrapperThatIsGoneDoNothing() throws {
        var screen: RetryScreen? = RetryScreen()
        screen!.dataSource.loadContent()
        screen!.fail(TestError(1))
        let retry = try #require(screen!.wrapper.screen.placeholder?.action)
        weak let wrapper = screen!.wrapper
        screen = nil
        #expect(wrapper == nil)
        #expect(!retry.perform())
    }

    // MARK: - Footers

    /// The issue's double tap: the failed footer's Retry, tapped again after its page landed,
    /// requests nothing (it used to fetch the page after).
    @Test func aFailedFootersRetryTappedAgainAfterItsPageLandedFetchesNothing() throws {
        let fixture = PagingFixture()
        fixture.loadFirstPage()
        fixture.dataSource.loadMore()
        #expect(fixture.dataSource.finishPage(fixture.dataSource.lastPage, error: TestError(1)))
        guard case .failed = fixture.wrapper.footer.state, let placeholder = fixture.wrapper.footer.placeholder else {
            Issue.record("expected a failed footer, got \(fixture.wrapper.footer)")
            return
        }
        let retry = try #require(placeholder.action)
        #expect(retry.perform())
        #expect(fixture.dataSource.pageRequests.map(\.cursor) == [3, 3], "Retry requests the failed page")
        #expect(fixture.dataSource.completePage(fixture.dataSource.lastPage, next: 6))
        #expect(!retry.perform(), "the footer it was drawn in is gone")
        #expect(fixture.dataSource.pageRequests.count == 2, "no page after it was fetched")
        #expect(fixture.dataSource.appendState == .idle)
    }

    /// Under the standard policy the failed footer stays drawn while its retried page is within
    /// the loading delay: a second tap there acts, and the page in flight is not fetched again.
    @Test func aFailedFootersRetryTappedTwiceWhileItsPageLoadsFetchesOnce() throws {
        let clock = ManualClock()
        let fixture = PagingFixture(policy: .standard, clock: clock)
        fixture.loadFirstPage()
        fixture.dataSource.loadMore()
        #expect(fixture.dataSource.finishPage(fixture.dataSource.lastPage, error: TestError(1)))
        guard case .failed = fixture.wrapper.footer.state, let placeholder = fixture.wrapper.footer.placeholder else {
            Issue.record("expected a failed footer, got \(fixture.wrapper.footer)")
            return
        }
        let retry = try #require(placeholder.action)
        #expect(retry.perform())
        #expect(retry.perform(), "the failed footer is still drawn: the tap acts, and loads nothing more")
        #expect(fixture.dataSource.pageRequests.count == 2)
        #expect(fixture.dataSource.completePage(fixture.dataSource.lastPage, next: 6))
        #expect(fixture.footer == "hidden")
        #expect(!retry.perform())
        #expect(fixture.dataSource.pageRequests.count == 2)
    }

    /// A second failure draws the failed footer again: the first one's Retry is stale.
    @Test func aSecondFailedFooterReplacesTheFirstOnesRetry() throws {
        let fixture = PagingFixture()
        fixture.loadFirstPage()
        fixture.dataSource.loadMore()
        fixture.dataSource.finishPage(fixture.dataSource.lastPage, error: TestError(1))
        let first = try #require(fixture.wrapper.footer.failedPlaceholder?.action)
        #expect(first.perform())
        fixture.dataSource.finishPage(fixture.dataSource.lastPage, error: TestError(2))
        let second = try #require(fixture.wrapper.footer.failedPlaceholder?.action)
        #expect(!first.perform())
        #expect(second.perform())
        #expect(fixture.dataSource.pageRequests.count == 3)
        fixture.dataSource.completePage(fixture.dataSource.lastPage, next: nil)
    }
}

/// Counts an action's taps.
@MainActor
private final class TapCounter {
    var count = 0
}

extension Footer {
    /// A failed footer's placeholder; `nil` for the others.
    fileprivate var failedPlaceholder: Placeholder? {
        if case .failed = state { return placeholder }
        return nil
    }
}
