import ContentLoading
import ContentLoadingTestSupport
import Testing

/// What assistive technologies hear of retries and failed pages: each retry of a load the user
/// sees in progress, and each failed page the footer shows.
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct RetryAnnouncementTests {
    let clock = ManualClock()

    /// A data source over `results` with a 3-attempt, 1 s, jitter-free policy, on a wrapper with
    /// `policy` and the manual clock.
    func makeSource(
        _ results: [Result<[String], any Error>], policy: PresentationPolicy
    ) -> (RetryingDataSource, RetryListener) {
        let source = RetryingDataSource(results, policy: RetryPolicy(maxAttempts: 3, jitter: 0))
        let wrapper = ContentWrapper(drawingInto: ScreenModel(), policy: policy, clock: clock)
        let listener = RetryListener(wrapper)
        source.delegate = listener
        source.listener = listener
        return (source, listener)
    }

    @Test func aRetryOfALoadOnScreenIsAnnouncedWithItsAttempt() async {
        let (source, listener) = makeSource([.failure(TestError(1)), .success(["a"])], policy: .immediate)
        source.loadContent()
        await eventually { clock.sleeperCount == 1 }
        #expect(listener.announcements.map { "\($0.kind)" } == ["loading", "retrying(2 of 3)"])
        #expect(listener.announcements.last?.text == "Retrying, attempt 2 of 3")
        clock.advance(by: .seconds(1))
        #expect(await source.tasks[0].value)
        #expect(listener.announcements.map { "\($0.kind)" } == ["loading", "retrying(2 of 3)", "loaded"])
    }

    @Test func aRetryBeforeTheLoadingScreenIsDrawnIsAsSilentAsTheLoad() async {
        let (source, listener) = makeSource([.failure(TestError(1)), .success(["a"])], policy: .standard)
        source.loadContent()
        // The first attempt fails at once: the loading screen's 500 ms delay has not run out.
        await eventually { clock.sleeperCount >= 1 && !listener.wrapperHeard.isEmpty }
        #expect(listener.wrapper.displayedState != .loading)
        #expect(listener.announcements.isEmpty, "the user sees no load in progress yet")
    }

    @Test func aFailedPageIsAnnouncedWithItsPlaceholderOnceItIsDrawn() {
        let fixture = PagingFixture()
        fixture.loadFirstPage()
        let source = fixture.dataSource
        source.loadMore()
        #expect(source.finishPage(source.lastPage, error: TestError(7)))
        #expect(fixture.footer == "failed")
        #expect(fixture.announcements.map { "\($0.kind)" }.last == "pageFailed(TestError(7))")
        #expect(fixture.announcements.last?.text == "Couldn't load more")
        source.loadMore()
        #expect(fixture.announcements.filter { "\($0.kind)".hasPrefix("pageFailed") }.count == 1)
    }
}
