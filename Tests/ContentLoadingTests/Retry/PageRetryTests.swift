import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Answers each page request with the next scripted result, and records the cursors asked for.
actor ScriptedPages {
    private var results: [Result<Page<[String], Int>, any Error>]
    private(set) var cursors: [Int?] = []

    init(_ results: [Result<Page<[String], Int>, any Error>]) { self.results = results }

    func page(after cursor: Int?) throws -> Page<[String], Int> {
        cursors.append(cursor)
        return try results.removeFirst().get()
    }
}

/// A paged data source whose first page and pages retry.
@MainActor
final class RetryingPagesDataSource: PagedDataSource<Int> {
    var rows: [String] = []
    let pages: ScriptedPages
    let policy = RetryPolicy(maxAttempts: 3, jitter: 0)
    private(set) var pageTasks: [Task<Bool, Never>] = []
    var listener: RetryListener?

    init(_ results: [Result<Page<[String], Int>, any Error>]) { pages = ScriptedPages(results) }

    override var hasContent: Bool { !rows.isEmpty }

    override func loadContent() {
        loadFirstPage(retrying: policy) { [pages] _ in
            try await pages.page(after: nil)
        } commit: { dataSource, rows in
            dataSource.rows = rows
        }
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        pageTasks.append(
            appendPage(state, retrying: policy) { [pages] _ in
                try await pages.page(after: cursor)
            } commit: { dataSource, rows in
                dataSource.rows += rows
            })
    }
}

@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct PageRetryTests {
    let clock = ManualClock()

    @Test func aFailedPageRetriesThatPageOnlyWhileTheFooterKeepsLoading() async {
        let source = RetryingPagesDataSource([
            .success(Page(["a"], next: 1)), .failure(TestError(1)), .success(Page(["b"], next: nil)),
        ])
        let listener = RetryListener(ContentWrapper(drawingInto: ScreenModel(), policy: .immediate, clock: clock))
        source.delegate = listener
        source.listener = listener
        source.loadContent()
        await eventually { source.contentState == .content }
        source.loadMore()
        await eventually { clock.sleeperCount == 1 }
        #expect(listener.dataSourceHeard.map(\.lane) == [.page])
        #expect(source.appendState.isLoadingMore)
        guard case .loadingMore = listener.wrapper.footer.state else { return #expect(Bool(false)) }
        clock.advance(by: .seconds(1))
        #expect(await source.pageTasks[0].value)
        #expect(await source.pages.cursors == [nil, 1, 1], "the retry asks for the failed page, not page one")
        #expect(source.rows == ["a", "b"])
        guard case .endReached = source.appendState else { return #expect(Bool(false)) }
        #expect(listener.wrapper.retryAttempt == nil)
    }

    @Test func aRefreshEndsAPageRetrySleep() async {
        let source = RetryingPagesDataSource([
            .success(Page(["a"], next: 1)), .failure(TestError(1)), .success(Page(["x"], next: 1)),
        ])
        let listener = RetryListener(ContentWrapper(drawingInto: ScreenModel(), policy: .immediate, clock: clock))
        source.delegate = listener
        source.listener = listener
        source.loadContent()
        await eventually { source.contentState == .content }
        source.loadMore()
        await eventually { clock.sleeperCount == 1 }
        source.loadContent()
        #expect(await source.pageTasks[0].value == false)
        #expect(clock.sleeperCount == 0)
        await eventually { source.contentState == .content }
        #expect(source.rows == ["x"])
        #expect(listener.wrapper.retryAttempt == nil)
    }
}
