import ContentLoading
import ContentLoadingTestSupport
import Testing

/// The two lanes of a paged data source: what load more does in every state of the refresh lane,
/// and what each lane does to the other.
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct PagingLaneTests {
    @Test func aPageAppendsItsRowsAndStoresTheNextCursorInOneStep() {
        let fixture = PagingFixture()
        fixture.loadFirstPage(next: 3)
        let source = fixture.dataSource
        guard case .started(let token) = source.loadMore() else { return #expect(Bool(false)) }
        #expect(source.pageRequests.map(\.cursor) == [3])
        #expect(source.appendState.isLoadingMore)
        #expect(source.contentState == .content)
        #expect(source.completePage(token, next: 6))
        #expect(source.rows.count == 6)
        #expect(source.nextCursor == 6)
        #expect(fixture.log.drain() == ["content.footer(loadingMore)", "content.footer(hidden)"])
        #expect(!token.isValid)
    }

    @Test func loadMoreWhileAPageIsInFlightFetchesNothingAgainAndAnswersWithThatPage() {
        let fixture = PagingFixture()
        fixture.loadFirstPage()
        let source = fixture.dataSource
        let first = source.loadMore()
        let second = source.loadMore()
        guard case .started(let token) = first else { return #expect(Bool(false)) }
        #expect(second == .alreadyLoading(token))
        #expect(source.pageRequests.count == 1)
    }

    @Test func loadMoreBeforeAFirstPageOrDuringARefreshIsRefusedAndSaysWhy() {
        let fixture = PagingFixture()
        let source = fixture.dataSource
        #expect(source.loadMore() == .refused(.noContent))
        source.loadContent()
        #expect(source.loadMore() == .refused(.refreshInFlight))
        source.completeFirstPage(source.firstPageTokens[0])
        source.loadContent()
        #expect(source.contentState == .refreshing)
        #expect(source.loadMore() == .refused(.refreshInFlight))
        #expect(source.pageRequests.isEmpty)
    }

    /// A refresh begun inside a page's commit supersedes that page: load more answers for the
    /// refresh, as the Pagination article's table says, not with the committing page's token.
    @Test(arguments: [true, false])
    func loadMoreDuringARefreshBegunInsideAPageCommitAnswersRefreshInFlight(keepingContent: Bool) {
        let fixture = PagingFixture()
        fixture.loadFirstPage()
        let source = fixture.dataSource
        #expect(source.loadMore().isStarted)
        var answers: [LoadMoreAnswer] = []
        var states: [ContentState] = []
        let committed = source.finishPage(source.lastPage, next: 6) {
            source.rows += ["row 3", "row 4", "row 5"]
            source.loadingCoordinator.loadContent(keepingContent: keepingContent) { _ in }
            states.append(source.contentState)
            answers.append(source.loadMore())
        }
        #expect(committed)
        #expect(states == [keepingContent ? .refreshing : .loading])
        #expect(answers == [.refused(.refreshInFlight)])
        // The page still commits its cursor with its rows; load more stays refused until the
        // refresh lands.
        #expect(source.nextCursor == 6)
        #expect(source.loadMore() == .refused(.refreshInFlight))
        #expect(source.pageRequests.count == 1)
        #expect(source.loadingCoordinator.cancel())
        #expect(source.loadMore().isStarted)
        #expect(source.pageRequests.last?.cursor == 6)
        #expect(source.cancelLoadMore())
    }

    @Test func aRefreshCancelsThePageInFlightAndItsLateResponseNeverReachesTheModel() {
        let fixture = PagingFixture()
        fixture.loadFirstPage()
        let source = fixture.dataSource
        source.loadMore()
        let page = source.lastPage
        source.loadContent()
        #expect(!page.isValid)
        #expect(source.appendState.isLoadingMore == false)
        #expect(!source.completePage(page, next: 6))
        #expect(source.rows.count == 3)
        source.completeFirstPage(source.firstPageTokens[1], count: 2, next: 2)
        #expect(source.rows == ["row 0", "row 1"])
        #expect(source.nextCursor == 2)
    }

    @Test func aPageNeverSupersedesARefresh() {
        let fixture = PagingFixture()
        fixture.loadFirstPage()
        let source = fixture.dataSource
        source.loadContent()
        let refresh = source.firstPageTokens[1]
        #expect(source.loadMore() == .refused(.refreshInFlight))
        #expect(refresh.isValid)
        #expect(source.completeFirstPage(refresh, count: 5))
        #expect(source.rows.count == 5)
    }

    @Test func aNilNextCursorEndsTheListUntilARefreshResetsIt() {
        let fixture = PagingFixture()
        fixture.loadFirstPage()
        let source = fixture.dataSource
        source.loadMore()
        source.completePage(source.lastPage, next: nil)
        guard case .endReached = source.appendState else { return #expect(Bool(false)) }
        #expect(source.loadMore() == .refused(.endReached))
        #expect(source.pageRequests.count == 1)
        #expect(fixture.footer == "endReached")
        source.loadContent()
        source.completeFirstPage(source.firstPageTokens[1], next: 3)
        guard case .idle = source.appendState else { return #expect(Bool(false)) }
        #expect(fixture.footer == "hidden")
        guard case .started = source.loadMore() else { return #expect(Bool(false)) }
    }

    @Test func aFirstPageWithoutANextCursorIsTheWholeList() {
        let fixture = PagingFixture()
        fixture.loadFirstPage(next: nil)
        #expect(fixture.dataSource.loadMore() == .refused(.endReached))
        #expect(fixture.footer == "endReached")
    }

    @Test func aFailedPageKeepsTheContentAndItsRetryRequestsTheSamePage() throws {
        let fixture = PagingFixture()
        fixture.loadFirstPage()
        let source = fixture.dataSource
        source.loadMore()
        #expect(source.finishPage(source.lastPage, error: TestError(7)))
        guard case .failed(let error) = source.appendState else { return #expect(Bool(false)) }
        #expect(error as? TestError == TestError(7))
        #expect(source.contentState == .content)
        #expect(fixture.wrapper.displayedState == .content)
        guard case .failed = fixture.wrapper.footer.state, let placeholder = fixture.wrapper.footer.placeholder else {
            return #expect(Bool(false))
        }
        #expect(fixture.failedPageErrors.count == 1)
        let retry = try #require(placeholder.action)
        retry.perform()
        #expect(source.pageRequests.map(\.cursor) == [3, 3])
        source.completePage(source.lastPage, next: 6)
        #expect(source.rows.count == 6)
    }

    @Test func aFailedFirstPageIsTheErrorScreenAndNeverBecomesAnAppend() {
        let fixture = PagingFixture()
        let source = fixture.dataSource
        source.loadContent()
        source.loadingCoordinator.finish(source.firstPageTokens[0], error: TestError(7))
        #expect(source.contentState == .error)
        #expect(source.loadMore() == .refused(.noContent))
        #expect(source.pageRequests.isEmpty)
        #expect(fixture.footer == "hidden")
    }

    @Test func cancelLoadMoreStopsOnlyThePageAndKeepsItsCursor() {
        let fixture = PagingFixture()
        fixture.loadFirstPage()
        let source = fixture.dataSource
        source.loadMore()
        let page = source.lastPage
        // The coordinator's cancel is the refresh lane's: no refresh is in flight.
        #expect(!source.loadingCoordinator.cancel())
        #expect(page.isValid)
        #expect(source.cancelLoadMore())
        #expect(!page.isValid)
        #expect(!source.cancelLoadMore())
        guard case .idle = source.appendState else { return #expect(Bool(false)) }
        #expect(!source.completePage(page, next: 6))
        source.loadMore()
        #expect(source.pageRequests.map(\.cursor) == [3, 3])
    }

    @Test func aCancellationErrorCancelsThePageInsteadOfFailingIt() {
        let fixture = PagingFixture()
        fixture.loadFirstPage()
        let source = fixture.dataSource
        source.loadMore()
        #expect(source.finishPage(source.lastPage, error: CancellationError()))
        guard case .idle = source.appendState else { return #expect(Bool(false)) }
        #expect(fixture.footer == "hidden")
    }

    @Test func aFailedPageGivesWayWhenARefreshBegins() {
        let fixture = PagingFixture()
        fixture.loadFirstPage()
        let source = fixture.dataSource
        source.loadMore()
        source.finishPage(source.lastPage, error: TestError(7))
        source.loadContent()
        guard case .idle = source.appendState else { return #expect(Bool(false)) }
        #expect(fixture.footer == "hidden")
        // The refresh fails beside the content: the old list's cursor still pages it.
        source.loadingCoordinator.finish(source.firstPageTokens[1], error: TestError(7))
        #expect(source.contentState == .content)
        guard case .started = source.loadMore() else { return #expect(Bool(false)) }
        #expect(source.pageRequests.map(\.cursor) == [3, 3])
    }

    @Test func aStaleOrForeignTokenFinishesNoPage() {
        let fixture = PagingFixture()
        fixture.loadFirstPage()
        let source = fixture.dataSource
        source.loadMore()
        let page = source.lastPage
        #expect(source.completePage(page, next: 6))
        #expect(!source.completePage(page, next: 9))
        #expect(!source.finishPage(page, error: TestError(7)))
        // A refresh token is not a page token, nor the other way round.
        source.loadContent()
        #expect(!source.completePage(source.firstPageTokens[1], next: 9))
        #expect(source.rows.count == 6)
    }

    @Test func aPageThatIsNotOverriddenFailsWithAnErrorNamingTheSubclass() {
        let source = UnpagedDataSource()
        source.loadingCoordinator.loadContent { state in
            source.finishFirstPage(state, next: 1) { source.rows = ["a"] }
        }
        source.loadMore()
        guard case .failed(let error) = source.appendState else { return #expect(Bool(false)) }
        #expect("\(error)".contains("UnpagedDataSource"))
    }
}

/// A paged data source that forgets to override `loadPage(after:_:)`.
@MainActor
private final class UnpagedDataSource: PagedDataSource<Int> {
    var rows: [String] = []
    override var hasContent: Bool { !rows.isEmpty }
}
