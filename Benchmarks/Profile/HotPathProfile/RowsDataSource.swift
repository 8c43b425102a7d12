import ContentLoading

/// A paged data source whose pages arrive at once, as `BenchmarkPagedDataSource` in the
/// benchmarks: rows are numbers, kept in an array with room reserved for every page, and a
/// page is dropped again after it is appended, so every append lands on a list of one length.
@MainActor
final class RowsDataSource: PagedDataSource<Int> {
    static let pageSize = 25

    private(set) var rows: [Int] = []
    private let page = Array(0..<pageSize)

    init(capacity pages: Int) {
        super.init()
        rows.reserveCapacity(pages * Self.pageSize)
    }

    override var hasContent: Bool { !rows.isEmpty }
    override func loadContent() { loadingCoordinator.loadContent { _ in } }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        finishPage(state, next: cursor + 1) { rows.append(contentsOf: page) }
    }

    /// Brings the list to `pages` pages: the first through the refresh lane, the rest appended.
    func load(pages: Int) {
        let state = loadingCoordinator.loadContent { _ in }
        finishFirstPage(state, next: 2) { rows.append(contentsOf: page) }
        for _ in 1..<pages { loadMore() }
        precondition(rows.count == pages * Self.pageSize)
    }

    func dropLastPage() {
        rows.removeLast(Self.pageSize)
    }
}
