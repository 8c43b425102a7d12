import ContentLoading

/// A paged data source whose pages arrive at once: ``loadPage(after:_:)`` finishes the page it
/// is asked for before returning, so ``loadMore()`` runs the whole append lane synchronously.
///
/// The model is an array of row numbers with room reserved up front for every page a
/// benchmark keeps, so that appending a page copies 25 integers and never allocates: the
/// array's growth is the model's cost, not the framework's, and is kept out of the measure.
/// The cursor is the number of the page to load.
@MainActor
final class BenchmarkPagedDataSource: PagedDataSource<Int> {
    /// Rows per page.
    static let pageSize = 25

    private(set) var rows: [Int] = []
    /// Pages committed by the append lane since the data source was made.
    private(set) var appendedPages = 0
    /// The rows of every page: the same numbers each time, as the model does not care.
    private let page = Array(0..<pageSize)

    /// Creates a data source whose rows can grow to `capacity` pages without allocating.
    init(capacity pages: Int) {
        super.init()
        rows.reserveCapacity(pages * Self.pageSize)
    }

    override var hasContent: Bool { !rows.isEmpty }

    override func loadContent() {
        loadingCoordinator.loadContent { _ in }
    }

    /// Loads the first page through the refresh lane, finished at once; page 2 comes next.
    func loadFirstPage() {
        let state = loadingCoordinator.loadContent { _ in }
        finishFirstPage(state, next: 2) { rows.replaceSubrange(rows.indices, with: page) }
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        finishPage(state, next: cursor + 1) {
            rows.append(contentsOf: page)
            appendedPages += 1
        }
    }

    /// Removes the last page from the model, keeping the array's storage, so that the next
    /// append lands on a list of the same length. The model's cost, not the framework's.
    func dropLastPage() {
        rows.removeLast(Self.pageSize)
    }
}
