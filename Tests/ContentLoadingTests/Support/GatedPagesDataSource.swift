import ContentLoading
import ContentLoadingTestSupport

/// A paged data source whose first page answers at once and whose every later page waits on a
/// gate the test opens; the cursor is the index of the page's first row.
@MainActor
final class GatedPagesDataSource: PagedDataSource<Int> {
    var rows: [String] = []
    /// One gate per page requested, oldest first, and the cursor each was requested at.
    private(set) var pageGates: [AsyncGate<Page<[String], Int>>] = []
    private(set) var cursors: [Int] = []
    /// Whether the next pages' work stops when cancelled.
    var observesCancellation = true
    /// The cursor after the first page: `nil` makes it the whole list.
    var firstPageNext: Int? = 2
    /// Runs in `loadPage(after:_:)` once the page's work began; capture the data source `unowned`.
    var onLoadPage: ((LoadingState) -> Void)?

    override var hasContent: Bool { !rows.isEmpty }

    override func loadContent() {
        loadFirstPage { [firstPageNext] _ in
            Page(["row 0", "row 1"], next: firstPageNext)
        } commit: { dataSource, rows in
            dataSource.rows = rows
        }
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        let gate = AsyncGate<Page<[String], Int>>(observesCancellation: observesCancellation)
        pageGates.append(gate)
        cursors.append(cursor)
        appendPage(state) { _ in
            try await gate.wait()
        } commit: { dataSource, rows in
            dataSource.rows += rows
        }
        onLoadPage?(state)
    }

    /// The page after the rows there, followed by `next`.
    func page(next: Int?) -> Page<[String], Int> {
        Page(["row \(rows.count)", "row \(rows.count + 1)"], next: next)
    }
}
