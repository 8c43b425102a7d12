import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// The wrapper's timing end to end: a data source, a wrapper with the standard policy
/// (500 ms delay, 500 ms minimum) and a manual clock.
///
/// Time moves only through ``advance(to:)``, which then asks the wrapper to draw what is due,
/// as its timer would; the last tests check that the timer itself does the same.
@MainActor
@Suite("Presentation timing", .timeLimit(.minutes(1)), .hangLimit)
struct PresentationTimingTests {
    let clock = ManualClock()
    let fixture: Fixture
    var dataSource: ItemsDataSource { fixture.dataSource }
    var coordinator: LoadingCoordinator { fixture.dataSource.loadingCoordinator }

    init() {
        fixture = Fixture(policy: .standard, clock: clock)
        fixture.log.drain()
    }

    /// Moves the clock to `milliseconds` after the wrapper was made and draws what is due.
    func advance(to milliseconds: Int) {
        clock.advance(by: .milliseconds(milliseconds) - clock.now.offset)
        fixture.wrapper.presentDueChanges()
    }

    /// Begins a load and returns its token.
    func begin(keepingContent: Bool = true) -> LoadingState {
        dataSource.keepingContent = keepingContent
        dataSource.loadContent()
        return dataSource.tokens.last!
    }

    /// Brings the fixture to content on screen at time zero, then clears the log.
    func startWithContent() {
        dataSource.complete(begin(), with: ["old"])
        #expect(fixture.shown == .content)
        fixture.log.drain()
    }

    static let loadingThenContent = [
        "willShow(loading)", "empty.hide", "loading.show(loading)",
        "willShow(content)", "loading.hide", "content.show(content)",
    ]

    // MARK: - Settling in each window

    @Test func settlingBeforeTheDelayGoesStraightToTheResult() {
        let token = begin()
        #expect(fixture.wrapper.isPresentationPending, "the loading screen is due after its delay")
        advance(to: 499)
        dataSource.complete(token, with: ["a"])
        advance(to: 2000)
        #expect(fixture.log.entries == ["willShow(content)", "empty.hide", "content.show(content)"])
        #expect(!fixture.wrapper.isPresentationPending)
    }

    @Test func settlingExactlyAtTheDelayBeforeTheIndicatorWasDrawnGoesStraightToTheResult() {
        let token = begin()
        clock.advance(by: .milliseconds(500))  // the deadline passed, but nothing drew it yet
        dataSource.complete(token, with: ["a"])
        advance(to: 2000)
        #expect(fixture.log.entries == ["willShow(content)", "empty.hide", "content.show(content)"])
    }

    @Test func settlingJustAfterTheDelayWaitsOutTheMinimum() {
        let token = begin()
        advance(to: 500)
        #expect(fixture.shown == .loading)
        advance(to: 501)
        dataSource.complete(token, with: ["a"])
        #expect(fixture.shown == .loading, "the result waits out the minimum")
        #expect(fixture.wrapper.isPresentationPending)
        #expect(dataSource.contentState == .content, "the model and state are settled already")
        advance(to: 999)
        #expect(fixture.shown == .loading)
        advance(to: 1000)
        #expect(fixture.shown == .content)
        #expect(!fixture.wrapper.isPresentationPending)
        #expect(fixture.log.entries == Self.loadingThenContent)
    }

    @Test func settlingAfterTheMinimumSwitchesAtOnce() {
        let token = begin()
        advance(to: 500)
        advance(to: 1000)
        dataSource.complete(token, with: ["a"])
        #expect(fixture.shown == .content)
        #expect(fixture.log.entries == Self.loadingThenContent)
    }

    @Test func anErrorWithinTheMinimumIsDrawnOnceWhenItEnds() {
        let token = begin()
        advance(to: 600)
        coordinator.finish(token, error: TestError(3))
        #expect(fixture.shown == .loading)
        #expect(fixture.placeholderErrors.isEmpty, "nothing asked before it is drawn")
        advance(to: 1100)
        #expect(fixture.shown == .error)
        #expect(fixture.placeholderErrors == [TestError(3)])
        #expect(fixture.wrapper.screen.placeholder?.message == "TestError(3)")
    }

    // MARK: - Reloading in each window

    @Test func reloadDuringTheDelayDoesNotPostponeTheIndicator() {
        _ = begin()
        advance(to: 300)
        let second = begin()
        advance(to: 500)
        #expect(fixture.shown == .loading, "due 500 ms after the first load, not the second")
        advance(to: 700)
        dataSource.complete(second, with: ["a"])
        advance(to: 1000)
        #expect(fixture.log.entries == Self.loadingThenContent)
    }

    @Test func reloadAfterAFastLoadStartsAFreshDelay() {
        dataSource.complete(begin(), with: ["a"])
        advance(to: 2000)
        fixture.log.drain()
        let reload = begin(keepingContent: false)
        advance(to: 2499)
        #expect(fixture.shown == .content, "nothing of the first load's wait carries over")
        advance(to: 2500)
        #expect(fixture.shown == .loading)
        dataSource.complete(reload, with: ["b"])
        advance(to: 3000)
        #expect(fixture.shown == .content)
    }

    @Test func reloadWithinTheMinimumKeepsTheIndicatorAndDropsTheHeldResult() {
        let first = begin()
        advance(to: 500)
        advance(to: 600)
        dataSource.complete(first, with: ["a"])  // held until 1000
        advance(to: 700)
        let second = begin(keepingContent: false)
        advance(to: 1000)
        #expect(fixture.shown == .loading, "the superseded result never shows")
        advance(to: 1200)
        dataSource.complete(second, with: ["b"])
        #expect(fixture.shown == .content)
        #expect(fixture.log.entries == Self.loadingThenContent, "one indicator, one result: no blink")
    }

    @Test func refreshWithinTheMinimumWaitsItOutThenShowsTheRefreshingContent() {
        let first = begin()
        advance(to: 500)
        dataSource.complete(first, with: ["a"])  // held until 1000
        advance(to: 700)
        _ = begin()  // refreshing: content is kept
        #expect(dataSource.contentState == .refreshing)
        #expect(fixture.shown == .loading)
        advance(to: 1000)
        #expect(fixture.shown == .refreshing)
        #expect(
            fixture.log.entries == [
                "willShow(loading)", "empty.hide", "loading.show(loading)",
                "willShow(refreshing)", "loading.hide", "content.show(refreshing)",
            ])
    }

    @Test func reloadAfterTheMinimumBehavesLikeAFirstLoad() {
        let first = begin()
        advance(to: 500)
        advance(to: 1100)
        dataSource.complete(first, with: [])
        #expect(fixture.shown == .empty)
        _ = begin()
        advance(to: 1599)
        #expect(fixture.shown == .empty)
        advance(to: 1600)
        #expect(fixture.shown == .loading)
    }

    @Test func rapidReloadsNeverMakeTheIndicatorBlink() {
        var token = begin()
        advance(to: 500)
        // Each result lands within the minimum and is superseded before it can show.
        for step in 1...5 {
            advance(to: 500 + step * 60)
            dataSource.complete(token, with: ["\(step)"])
            advance(to: 520 + step * 60)
            token = begin(keepingContent: false)
        }
        advance(to: 2000)
        #expect(fixture.shown == .loading)
        dataSource.complete(token, with: ["last"])
        #expect(fixture.log.entries == Self.loadingThenContent)
        #expect(dataSource.items == ["last"])
    }

    @Test func aReloadWhoseIndicatorNeverShowedStillRedrawsTheNewContent() {
        startWithContent()
        let reload = begin(keepingContent: false)
        advance(to: 100)
        dataSource.complete(reload, with: ["new"])
        #expect(
            fixture.log.entries == ["willShow(content)", "content.show(content)"],
            "the content renderer is asked to draw the new rows")
    }

    @Test func refreshShowsContentWithItsIndicatorAtOnceAndNeverTheLoadingScreen() {
        startWithContent()
        _ = begin()
        #expect(fixture.log.entries == ["willShow(refreshing)", "content.show(refreshing)"])
        advance(to: 5000)
        #expect(fixture.shown == .refreshing)
    }

    // MARK: - Cancelling in each window

    @Test func cancelDuringTheDelayLeavesTheScreenAlone() {
        _ = begin()
        advance(to: 200)
        coordinator.cancel()
        #expect(!fixture.wrapper.isPresentationPending)
        advance(to: 2000)
        #expect(fixture.log.entries.isEmpty)
    }

    @Test func cancelWithinTheMinimumWaitsItOutThenReturns() {
        _ = begin()
        advance(to: 500)
        advance(to: 600)
        coordinator.cancel()
        #expect(fixture.shown == .loading)
        advance(to: 1000)
        #expect(fixture.shown == .initial)
    }

    @Test func cancelAfterTheMinimumReturnsAtOnce() {
        _ = begin()
        advance(to: 500)
        advance(to: 1500)
        coordinator.cancel()
        #expect(fixture.shown == .initial)
    }

    @Test func cancelOfAHiddenReloadDrawsNothing() {
        startWithContent()
        _ = begin(keepingContent: false)
        advance(to: 300)
        coordinator.cancel()
        advance(to: 2000)
        #expect(fixture.log.entries.isEmpty, "the rows never left and did not change")
    }

    // MARK: - Refresh failures

    @Test func aRefreshFailureHeldBehindTheIndicatorIsReportedWhenTheContentShows() {
        let first = begin()
        advance(to: 500)
        dataSource.complete(first, with: ["a"])  // held until 1000
        let refresh = begin()
        coordinator.finish(refresh, error: TestError(4))
        #expect(dataSource.contentState == .content)
        #expect(fixture.refreshFailures.isEmpty, "the content is not on screen yet")
        advance(to: 1000)
        #expect(
            fixture.log.entries.suffix(4) == [
                "willShow(content)", "loading.hide", "content.show(content)", "refreshFailed(TestError(4))",
            ])
        #expect(fixture.refreshFailures == [TestError(4)])
        fixture.wrapper.presentDueChanges()
        #expect(fixture.refreshFailures == [TestError(4)], "reported once")
    }

    /// The wrapper itself draws the held error, and its placeholder callback begins a load:
    /// the stale error screen is skipped and the loading screen, still up, is not drawn again.
    @Test func aLoadBegunFromAHeldErrorsPlaceholderKeepsTheIndicatorWithoutRedrawingIt() {
        let clock = ManualClock()
        let policy = PresentationPolicy(loadingDelay: .zero, minimumLoadingDuration: .milliseconds(500))
        let fixture = Fixture(policy: policy, clock: clock)
        fixture.dataSource.loadContent()
        fixture.dataSource.loadingCoordinator.finish(fixture.dataSource.tokens[0], error: TestError(1))
        var reentered = false
        // Unowned: the fixture keeps this closure, so a strong capture would be a cycle.
        fixture.onErrorPlaceholder = { [unowned fixture] in
            guard !reentered else { return }
            reentered = true
            fixture.dataSource.loadContent()
        }
        fixture.log.drain()
        clock.advance(by: .milliseconds(500))
        fixture.wrapper.presentDueChanges()
        #expect(reentered)
        #expect(fixture.shown == .loading)
        #expect(fixture.log.entries.isEmpty, "nothing drawn: \(fixture.log.entries)")
    }

    // MARK: - The first frame

    @Test func aLoadingFirstFrameCountsTheMinimumFromCreation() {
        let fixture = Fixture(policy: .standard, initialScreen: .loading, clock: clock)
        #expect(fixture.log.drain() == ["loading.show(loading)"])
        fixture.dataSource.loadContent()
        clock.advance(by: .milliseconds(100))
        fixture.dataSource.complete(fixture.dataSource.tokens[0], with: ["cached"])
        #expect(fixture.shown == .loading, "the spinner drawn at creation stays its minimum")
        clock.advance(by: .milliseconds(400))
        fixture.wrapper.presentDueChanges()
        #expect(fixture.shown == .content)
    }

    @Test func aLoadingFirstFrameGivesWayToThePlaceholderWhenTheFirstLoadIsCancelled() {
        let fixture = Fixture(policy: .standard, initialScreen: .loading, clock: clock)
        fixture.dataSource.loadContent()
        fixture.dataSource.loadingCoordinator.cancel()
        clock.advance(by: .milliseconds(500))
        fixture.wrapper.presentDueChanges()
        #expect(fixture.shown == .initial, "no spinner with nothing in flight")
        #expect(fixture.wrapper.screen.placeholder?.title == Placeholder.initial.title)
    }

    // MARK: - The timer

    /// Without ``ContentWrapper/presentDueChanges()``: the wrapper's own timer draws.
    @Test func theTimerDrawsTheIndicatorAndTheHeldResultByItself() async {
        let token = begin()
        let timer = fixture.wrapper.timer
        #expect(timer != nil)
        clock.advance(by: .milliseconds(500))
        await timer?.boundedValue()  // it drew the indicator and, with nothing else due, stopped
        #expect(fixture.shown == .loading)
        dataSource.complete(token, with: ["a"])
        let holdTimer = fixture.wrapper.timer
        clock.advance(by: .milliseconds(500))
        await holdTimer?.boundedValue()
        #expect(fixture.shown == .content)
        #expect(fixture.wrapper.timer == nil)
        #expect(fixture.log.entries == Self.loadingThenContent)
    }

    /// Rapid loads reuse the sleeping timer instead of starting a task each.
    @Test func rapidLoadsShareOneTimer() async {
        let first = begin()
        let timer = fixture.wrapper.timer
        dataSource.complete(first, with: ["a"])
        for _ in 0..<5 {
            dataSource.complete(begin(keepingContent: false), with: ["b"])
        }
        clock.advance(by: .milliseconds(100))
        _ = begin(keepingContent: false)  // due at 600
        #expect(fixture.wrapper.timer == timer, "still the first load's timer, due to wake at 500")
        clock.advance(by: .milliseconds(400))
        #expect(fixture.shown == .content, "at 500 nothing is due yet")
        clock.advance(by: .milliseconds(100))
        await timer?.boundedValue()  // woke at 500, slept on until 600, drew, stopped
        #expect(fixture.shown == .loading)
    }

    @Test func finishFromInsideARendererCallbackIsDrawnAfterIt() {
        let token = begin()
        // Captures the data source, not `self`: the fixture keeps this closure.
        fixture.onWillShow = { [dataSource] screen in
            // The response lands while the spinner is being drawn.
            if screen.state == .loading { dataSource.complete(token, with: ["a"]) }
        }
        advance(to: 500)
        #expect(dataSource.items == ["a"])
        #expect(fixture.shown == .loading, "drawn in full, then held for the minimum")
        advance(to: 1000)
        #expect(fixture.log.entries == Self.loadingThenContent)
    }
}
