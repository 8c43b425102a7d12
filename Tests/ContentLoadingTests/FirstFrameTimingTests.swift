import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// The blank first frame under the standard policy (500 ms delay, 500 ms minimum), end to end
/// with a manual clock: nothing is drawn until the loading delay runs out or the result
/// arrives, at the exact boundaries.
@MainActor
@Suite("First frame timing", .timeLimit(.minutes(1)), .hangLimit)
struct FirstFrameTimingTests {
    let clock = ManualClock()
    let fixture: Fixture
    var dataSource: ItemsDataSource { fixture.dataSource }

    init() {
        fixture = Fixture(policy: .standard, initialScreen: .blank, clock: clock)
    }

    /// Moves the clock to `milliseconds` after the wrapper was made and draws what is due.
    func advance(to milliseconds: Int) {
        clock.advance(by: .milliseconds(milliseconds) - clock.now.offset)
        fixture.wrapper.presentDueChanges()
    }

    /// The renderers' log entries (the delegate's `willShow` entries left out).
    var rendererCalls: [String] { fixture.log.entries.filter { !$0.hasPrefix("willShow") } }

    @Test func nothingIsDrawnAtCreation() {
        #expect(fixture.log.entries.isEmpty, "no renderer is shown or hidden")
        #expect(fixture.wrapper.screen == .blank)
        #expect(fixture.wrapper.displayedState == .initial)
        #expect(fixture.wrapper.screen.placeholder == nil)
    }

    @Test func theDefaultFirstFrameIsBlank() {
        let log = RenderLog()
        let wrapper = ContentWrapper(
            content: RecordingRenderer("content", log: log), loading: RecordingRenderer("loading", log: log),
            empty: RecordingRenderer("empty", log: log), error: RecordingRenderer("error", log: log))
        #expect(log.entries.isEmpty)
        #expect(wrapper.screen == .blank)
    }

    @Test func aResultJustBeforeTheDelayIsTheFirstThingDrawn() {
        dataSource.loadContent()
        advance(to: 499)
        #expect(fixture.log.entries.isEmpty && fixture.wrapper.screen == .blank, "still nothing at 499 ms")
        dataSource.complete(dataSource.tokens[0], with: ["a"])
        advance(to: 2000)
        #expect(fixture.log.entries == ["willShow(content)", "content.show(content)"], "no spinner, nothing hidden")
    }

    @Test func aResultExactlyAtTheDelayBeforeTheSpinnerWasDrawnIsTheFirstThingDrawn() {
        dataSource.loadContent()
        clock.advance(by: .milliseconds(500))  // due, but nothing drew it yet
        dataSource.complete(dataSource.tokens[0], with: [])
        advance(to: 2000)
        #expect(fixture.log.entries == ["willShow(empty)", "empty.show(empty)"])
    }

    @Test func aResultAfterTheDelayWaitsOutTheSpinnersMinimum() {
        dataSource.loadContent()
        advance(to: 499)
        #expect(fixture.wrapper.screen == .blank)
        advance(to: 500)
        #expect(fixture.log.entries == ["willShow(loading)", "loading.show(loading)"], "nothing to hide first")
        advance(to: 501)
        dataSource.complete(dataSource.tokens[0], with: ["a"])
        advance(to: 999)
        #expect(fixture.shown == .loading, "held for the minimum")
        advance(to: 1000)
        #expect(fixture.shown == .content)
        #expect(rendererCalls == ["loading.show(loading)", "loading.hide", "content.show(content)"])
    }

    @Test func aFailureBeforeTheDelayIsTheFirstThingDrawn() {
        dataSource.loadContent()
        advance(to: 100)
        dataSource.loadingCoordinator.finish(dataSource.tokens[0], error: TestError(1))
        #expect(fixture.log.entries == ["willShow(error)", "error.show(error)"])
        #expect(fixture.placeholderErrors == [TestError(1)])
    }

    @Test func aFirstLoadCancelledWithinTheDelayLeavesTheFrameBlank() {
        dataSource.loadContent()
        advance(to: 300)
        dataSource.loadingCoordinator.cancel()
        advance(to: 2000)
        #expect(fixture.log.entries.isEmpty)
        #expect(fixture.wrapper.screen == .blank && !fixture.wrapper.isPresentationPending)
    }

    @Test func aFirstLoadCancelledUnderTheSpinnerReturnsToBlankWhenTheMinimumEnds() {
        dataSource.loadContent()
        advance(to: 500)
        advance(to: 600)
        dataSource.loadingCoordinator.cancel()
        #expect(fixture.shown == .loading)
        fixture.log.drain()
        advance(to: 1000)
        #expect(fixture.log.entries == ["willShow(initial)", "loading.hide"], "hidden, and nothing shown instead")
        #expect(fixture.wrapper.screen == .blank)
        #expect(fixture.wrapper.displayedState == .initial)
    }

    @Test func theNextLoadAfterABlankCancelStartsAFreshDelay() {
        dataSource.loadContent()
        advance(to: 100)
        dataSource.loadingCoordinator.cancel()
        advance(to: 1000)
        dataSource.loadContent()
        advance(to: 1499)
        #expect(fixture.wrapper.screen == .blank)
        advance(to: 1500)
        #expect(fixture.shown == .loading)
    }

    @Test func withoutALoadTheFrameStaysBlank() {
        advance(to: 10_000)
        #expect(fixture.log.entries.isEmpty, "documented: choose a placeholder for a screen that may not load")
        #expect(fixture.wrapper.screen == .blank && !fixture.wrapper.isPresentationPending)
    }

    @Test func underTheImmediatePolicyTheSpinnerReplacesTheBlankFrameAtOnce() {
        let fixture = Fixture(policy: .immediate, initialScreen: .blank)
        fixture.dataSource.loadContent()
        #expect(fixture.log.entries == ["willShow(loading)", "loading.show(loading)"])
    }

    @Test func aRendererPlayingSeveralPartsIsNeverShownTheBlankFrame() {
        let log = RenderLog()
        let placeholder = RecordingRenderer("placeholder", log: log)
        let wrapper = ContentWrapper(
            content: placeholder, loading: placeholder, empty: placeholder, error: placeholder, policy: .immediate)
        let dataSource = ItemsDataSource()
        let owner = WrapperOwner(wrapper)
        dataSource.delegate = owner
        dataSource.loadContent()
        dataSource.loadingCoordinator.cancel()
        #expect(log.entries == ["placeholder.show(loading)", "placeholder.hide"])
        #expect(!placeholder.isVisible)
        #expect(wrapper.screen == .blank)
    }
}
