import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Two holes in the append lane that the model-based sequences found, each pinned down by hand.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct PagingRegressionTests {
    /// A wrapper set again as the delegate kept the loading-more indicator of a page that a
    /// refresh cancelled while it was detached: on attaching, only a footer that is not hidden
    /// was sent, so the indicator never went.
    @Test func aWrapperSetAgainDrawsTheFooterTheLaneLeftWhileItWasDetached() {
        let rig = PagedRig()
        rig.loadFirstPage(["a"], next: 10)
        rig.dataSource.loadMore()
        #expect(rig.footer == "loadingMore")
        rig.dataSource.delegate = nil
        rig.dataSource.loadContent()  // cancels the page: the lane is idle, which nobody draws
        #expect(rig.dataSource.appendState.isLoadingMore == false)
        _ = rig.log.drain()
        rig.dataSource.delegate = rig
        #expect(rig.footer == "hidden")
        #expect(rig.log.drain().last == "content.footer(hidden)")
    }

    /// A page begun from a callback the refresh made while beginning (`hasContent`, asked after
    /// the refresh had cleared the lane, while the content still showed) stayed in flight through
    /// the refresh, and its token read valid after the refresh's first page had started the list
    /// over. The refresh now clears the lane after its state has moved, so such a page is
    /// cancelled at once, and load more during the refresh is refused.
    @Test func aPageBegunAsARefreshBeganStopsCountingWhenTheFirstPageCommits() {
        let rig = PagedRig()
        rig.loadFirstPage(["a"], next: 10)
        var pageAnswer: LoadMoreAnswer?
        rig.dataSource.onHasContent = { [unowned rig] in
            if pageAnswer == nil { pageAnswer = rig.dataSource.loadMore() }
        }
        rig.dataSource.loadContent()
        rig.dataSource.onHasContent = nil
        guard case .started(let page) = pageAnswer else {
            Issue.record("no page began: \(String(describing: pageAnswer))")
            return
        }
        #expect(!page.isValid, "the refresh cancels the page begun as it began")
        #expect(rig.dataSource.loadMore() == .refused(.refreshInFlight))
        #expect(!rig.dataSource.appendState.isLoadingMore)
        #expect(rig.dataSource.finishFirstPage(rig.firstPages.last!, next: 20) { rig.dataSource.items = ["b"] })
        #expect(!page.isValid)
        #expect(!rig.dataSource.finishPage(page, next: 30) { rig.dataSource.items += ["stale"] })
        #expect(rig.dataSource.items == ["b"])
        #expect(rig.dataSource.nextCursor == 20)
    }
}
