import ContentLoading
import ContentLoadingTestSupport
import Testing

/// The presentation policy applied to the footer: the loading-more indicator neither flashes
/// nor blinks.
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct FooterTimingTests {
    let clock = ManualClock()

    func makeFixture() -> PagingFixture {
        let fixture = PagingFixture(policy: .standard, clock: clock)
        fixture.loadFirstPage()
        return fixture
    }

    @Test func aPageFasterThanTheDelayNeverShowsTheIndicator() {
        let fixture = makeFixture()
        let source = fixture.dataSource
        source.loadMore()
        #expect(fixture.wrapper.isPresentationPending)
        clock.advance(by: .milliseconds(499))
        fixture.wrapper.presentDueChanges()
        source.completePage(source.lastPage, next: 6)
        clock.advance(by: .seconds(2))
        fixture.wrapper.presentDueChanges()
        #expect(fixture.log.drain().filter { $0.contains("footer") } == [])
        #expect(!fixture.wrapper.isPresentationPending)
    }

    @Test func aSlowPageShowsTheIndicatorAfterTheDelayAndKeepsItForTheMinimum() {
        let fixture = makeFixture()
        let source = fixture.dataSource
        source.loadMore()
        clock.advance(by: .milliseconds(500))
        fixture.wrapper.presentDueChanges()
        #expect(fixture.footer == "loadingMore")
        clock.advance(by: .milliseconds(100))
        source.completePage(source.lastPage, next: 6)
        // The rows are in the model; the indicator waits out its minimum.
        #expect(source.rows.count == 6)
        #expect(fixture.footer == "loadingMore")
        clock.advance(by: .milliseconds(399))
        fixture.wrapper.presentDueChanges()
        #expect(fixture.footer == "loadingMore")
        clock.advance(by: .milliseconds(1))
        fixture.wrapper.presentDueChanges()
        #expect(fixture.footer == "hidden")
        #expect(fixture.log.drain() == ["content.footer(loadingMore)", "content.footer(hidden)"])
    }

    @Test func aFailureAfterTheMinimumShowsAtOnceAndASecondFailureIsDrawnAgain() {
        let fixture = makeFixture()
        let source = fixture.dataSource
        source.loadMore()
        clock.advance(by: .seconds(1))
        fixture.wrapper.presentDueChanges()
        clock.advance(by: .seconds(1))
        source.finishPage(source.lastPage, error: TestError(1))
        #expect(fixture.footer == "failed")
        source.loadMore()
        source.finishPage(source.lastPage, error: TestError(2))
        #expect(
            fixture.log.drain() == ["content.footer(loadingMore)", "content.footer(failed)", "content.footer(failed)"])
        #expect(fixture.failedPageErrors.map { $0 as? TestError } == [TestError(1), TestError(2)])
    }

    @Test func theScreenModelShowsTheFooterInTheSameWriteAsItIsDrawn() {
        let model = ScreenModel()
        let wrapper = ContentWrapper(drawingInto: model, policy: .immediate)
        let delegate = WrapperOwner(wrapper)
        let source = RowsDataSource()
        source.delegate = delegate
        source.loadContent()
        source.completeFirstPage(source.firstPageTokens[0], next: 3)
        source.loadMore()
        guard case .loadingMore = model.footer.state else { return #expect(Bool(false)) }
        source.finishPage(source.lastPage, error: TestError(4))
        guard case .failed(let error) = model.footer.state, let placeholder = model.footer.placeholder else {
            return #expect(Bool(false))
        }
        #expect(error as? TestError == TestError(4))
        #expect(placeholder.action?.title == "Retry")
        #expect(model.state == .content)
    }

    @Test func aRendererThatRefreshesFromItsFooterEndsOnTheTruth() {
        let fixture = PagingFixture()
        fixture.loadFirstPage()
        let source = fixture.dataSource
        let content = fixture.content
        // The user pulls to refresh the moment the indicator appears.
        content.onShowFooter = { [unowned source] footer in
            if case .loadingMore = footer.state { source.loadContent() }
        }
        guard case .started(let page) = source.loadMore() else { return #expect(Bool(false)) }
        #expect(!page.isValid)
        #expect(source.pageRequests.isEmpty, "a page cancelled before its request is not requested")
        #expect(fixture.footer == "hidden")
        #expect(source.contentState == .refreshing)
        content.onShowFooter = nil
    }
}
