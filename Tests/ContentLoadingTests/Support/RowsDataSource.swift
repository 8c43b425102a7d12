import ContentLoading
import ContentLoadingTestSupport

/// A paged data source whose pages a test finishes by hand: the cursor is the index of the
/// page's first row.
@MainActor
final class RowsDataSource: PagedDataSource<Int> {
    var rows: [String] = []
    /// The tokens handed to `loadContent()` (first pages), oldest first.
    private(set) var firstPageTokens: [LoadingState] = []
    /// The pages `loadMore()` requested, oldest first.
    private(set) var pageRequests: [(cursor: Int, state: LoadingState)] = []

    override var hasContent: Bool { !rows.isEmpty }

    override func loadContent() {
        loadingCoordinator.loadContent { state in firstPageTokens.append(state) }
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        pageRequests.append((cursor, state))
    }

    /// The token of the last page requested.
    var lastPage: LoadingState { pageRequests.last!.state }

    /// Finishes first page `state` with `count` rows, named from 0, followed by `next`.
    @discardableResult
    func completeFirstPage(_ state: LoadingState, count: Int = 3, next: Int? = 3) -> Bool {
        finishFirstPage(state, next: next) { rows = (0..<count).map { "row \($0)" } }
    }

    /// Finishes page `state` with `count` rows after the ones there, followed by `next`.
    @discardableResult
    func completePage(_ state: LoadingState, count: Int = 3, next: Int?) -> Bool {
        finishPage(state, next: next) { rows += (rows.count..<rows.count + count).map { "row \($0)" } }
    }
}

/// A paged data source wired to a recording wrapper.
@MainActor
final class PagingFixture: DataSourceDelegate, ContentWrapperDelegate {
    let log = RenderLog()
    let dataSource = RowsDataSource()
    let wrapper: ContentWrapper
    /// The content renderer, which draws the footer.
    let content: RecordingRenderer
    /// The errors the wrapper asked a failed page's placeholder for.
    private(set) var failedPageErrors: [any Error] = []
    /// What the wrapper announced, in order.
    private(set) var announcements: [Announcement] = []

    init(policy: PresentationPolicy = .immediate, clock: some Clock<Duration> = ContinuousClock()) {
        content = RecordingRenderer("content", log: log)
        wrapper = ContentWrapper(
            content: content, loading: RecordingRenderer("loading", log: log),
            empty: RecordingRenderer("empty", log: log), error: RecordingRenderer("error", log: log),
            initialScreen: .placeholder(.initial), policy: policy, clock: clock)
        wrapper.delegate = self
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderForFailedPage error: any Error, proposed: Placeholder)
        -> Placeholder
    {
        failedPageErrors.append(error)
        return proposed
    }

    func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {
        announcements.append(announcement)
    }

    /// Loads a first page of three rows with a next cursor, and clears the log.
    func loadFirstPage(next: Int? = 3) {
        dataSource.loadContent()
        dataSource.completeFirstPage(dataSource.firstPageTokens.last!, next: next)
        _ = log.drain()
    }

    /// The footer the content renderer was last asked to draw, by name.
    var footer: String {
        switch wrapper.footer.state {
        case .idle: "hidden"
        case .loadingMore: "loadingMore"
        case .failed: "failed"
        case .endReached: "endReached"
        }
    }
}
