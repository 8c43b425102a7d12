import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// The wrapper's timing end to end: a data source, a wrapper and a manual clock.
@MainActor
@Suite("Presentation timing", .timeLimit(.minutes(1)))
struct PresentationTimingTests {
    let clock = ManualClock()
    let fixture: Fixture

    init() {
        fixture = Fixture(policy: .standard, clock: clock)
        fixture.log.drain()
    }

    /// Advances the clock and, if that brings the wrapper's deadline, waits until its timer has drawn.
    func advance(_ milliseconds: Int) async {
        let (timer, deadline) = (fixture.wrapper.timer, fixture.wrapper.timerDeadline)
        clock.advance(by: .milliseconds(milliseconds))
        if let timer, let deadline, clock.now.offset >= deadline {
            await timer.value
        }
    }

    @Test func fastLoadGoesStraightToItsResult() async {
        #expect(!fixture.wrapper.isPresentationPending)
        fixture.dataSource.loadContent()
        #expect(fixture.wrapper.isPresentationPending, "the loading screen is due after its delay")
        await advance(100)
        fixture.dataSource.complete(fixture.dataSource.tokens[0], with: ["a"])
        await advance(1000)
        #expect(fixture.log.entries == ["willShow(content)", "empty.hide", "content.show(content)"])
    }

    @Test func slowLoadShowsLoadingAndKeepsItTheMinimum() async {
        fixture.dataSource.loadContent()
        await advance(500)
        #expect(fixture.shown == .loading)
        await advance(10)
        fixture.dataSource.complete(fixture.dataSource.tokens[0], with: ["a"])
        #expect(fixture.shown == .loading, "the result waits out the minimum")
        #expect(fixture.wrapper.isPresentationPending)
        #expect(fixture.dataSource.contentState == .content, "the model and state are already settled")
        await advance(489)
        #expect(fixture.shown == .loading)
        await advance(1)
        #expect(fixture.shown == .content)
        #expect(!fixture.wrapper.isPresentationPending)
        #expect(
            fixture.log.entries == [
                "willShow(loading)", "empty.hide", "loading.show(loading)",
                "willShow(content)", "loading.hide", "content.show(content)",
            ])
    }

    @Test func rapidReloadsNeverMakeTheIndicatorBlink() async {
        fixture.dataSource.loadContent()
        await advance(500)
        for _ in 0..<5 {
            fixture.dataSource.loadContent()
            await advance(100)
        }
        let last = fixture.dataSource.tokens.last!
        fixture.dataSource.complete(last, with: ["a"])
        #expect(
            fixture.log.entries == [
                "willShow(loading)", "empty.hide", "loading.show(loading)",
                "willShow(content)", "loading.hide", "content.show(content)",
            ])
    }

    @Test func cancelDuringTheDelayLeavesTheScreenAlone() async {
        fixture.dataSource.loadContent()
        await advance(200)
        fixture.dataSource.loadingCoordinator.cancel()
        await advance(1000)
        #expect(fixture.log.entries.isEmpty)
        #expect(clock.sleeperCount == 0, "the pending timer was cancelled")
    }

    @Test func refreshShowsContentWithItsIndicatorAtOnce() async {
        fixture.dataSource.loadContent()
        fixture.dataSource.complete(fixture.dataSource.tokens[0], with: ["a"])
        fixture.log.drain()
        fixture.dataSource.loadContent()
        #expect(fixture.log.entries == ["willShow(refreshing)", "content.show(refreshing)"])
        await advance(2000)
        #expect(fixture.shown == .refreshing, "a refresh never shows the full-screen loading state")
    }

    @Test func finishFromInsideARendererCallbackIsDrawnAfterIt() async {
        fixture.dataSource.loadContent()
        let token = fixture.dataSource.tokens[0]
        fixture.onWillShow = { screen in
            // The response lands while the spinner is being drawn.
            if screen.state == .loading { fixture.dataSource.complete(token, with: ["a"]) }
        }
        await advance(500)
        #expect(fixture.dataSource.items == ["a"])
        #expect(fixture.shown == .loading, "drawn in full, then held for the minimum")
        await advance(500)
        #expect(
            fixture.log.entries == [
                "willShow(loading)", "empty.hide", "loading.show(loading)",
                "willShow(content)", "loading.hide", "content.show(content)",
            ])
    }
}
