import ContentLoading
import ContentLoadingTestSupport

/// A paged data source whose every first page and every later page waits on a gate of its own,
/// and whose `hasContent` can run the test's code once, as a load begins.
@MainActor
final class HasContentPagesDataSource: PagedDataSource<Int> {
    var rows: [String] = []
    /// One gate per first page begun, in the order `loadContent()` was called.
    private(set) var firstPageGates: [AsyncGate<Page<[String], Int>>] = []
    /// Each first page's task, by the index of its gate (a load begun inside `hasContent`
    /// returns its task before the load that asked).
    private(set) var firstPageTasks: [Int: Task<Bool, Never>] = [:]
    /// One gate per later page begun, and each one's task.
    private(set) var pageGates: [AsyncGate<Page<[String], Int>>] = []
    private(set) var pageTasks: [Task<Bool, Never>] = []
    /// Runs once, the next time `hasContent` is asked; capture the data source `unowned`.
    var onHasContent: (() -> Void)?

    override var hasContent: Bool {
        if let callback = onHasContent {
            onHasContent = nil
            callback()
        }
        return !rows.isEmpty
    }

    override func loadContent() {
        let gate = AsyncGate<Page<[String], Int>>(observesCancellation: true)
        let index = firstPageGates.count
        firstPageGates.append(gate)
        firstPageTasks[index] = loadFirstPage { _ in
            try await gate.wait()
        } commit: { dataSource, rows in
            dataSource.rows = rows
        }
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        let gate = AsyncGate<Page<[String], Int>>(observesCancellation: true)
        pageGates.append(gate)
        pageTasks.append(
            appendPage(state) { _ in
                try await gate.wait()
            } commit: { dataSource, rows in
                dataSource.rows += rows
            })
    }
}
