import ContentLoading

/// The capped paged data source of the page cap suite: its model keeps pages, so it can drop
/// one; every token it is handed is kept for the harness to finish by hand.
@MainActor
final class CapRowsDataSource: PagedDataSource<Int> {
    var pages: [[String]] = []
    /// The refresh lane's tokens, oldest first.
    private(set) var firstTokens: [LoadingState] = []
    /// Every page requested, at either end, oldest first: its token, its end and its cursor.
    private(set) var pageRequests: [(state: LoadingState, previous: Bool, cursor: Int?)] = []

    init(maxPages: Int?) {
        super.init()
        self.maxPages = maxPages
    }

    override var hasContent: Bool { !pages.isEmpty }

    override func loadContent() {
        loadingCoordinator.loadContent { state in firstTokens.append(state) }
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        pageRequests.append((state, false, cursor))
    }

    override func loadPreviousPage(at cursor: Int?, _ state: LoadingState) {
        pageRequests.append((state, true, cursor))
    }

    override func dropPage(_ edge: PageEdge) {
        switch edge {
        case .first: pages.removeFirst()
        case .last: pages.removeLast()
        }
    }
}
