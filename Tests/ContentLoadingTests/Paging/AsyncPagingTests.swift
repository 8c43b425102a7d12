import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A paged data source whose pages load through `loadFirstPage` and `appendPage`, with work a
/// test controls through gates.
@MainActor
final class AsyncRowsDataSource: PagedDataSource<Int> {
    var rows: [String] = []
    /// One gate per first page, and one per page, oldest first.
    private(set) var firstPageGates: [AsyncGate<Page<[String], Int>>] = []
    private(set) var pageGates: [AsyncGate<Page<[String], Int>>] = []
    private(set) var firstPageTasks: [Task<Bool, Never>] = []
    private(set) var pageTasks: [Task<Bool, Never>] = []
    /// The cursors `loadPage(after:_:)` was asked for.
    private(set) var cursors: [Int] = []

    override var hasContent: Bool { !rows.isEmpty }

    override func loadContent() {
        let gate = AsyncGate<Page<[String], Int>>()
        firstPageGates.append(gate)
        firstPageTasks.append(
            loadFirstPage { _ in
                try await gate.wait()
            } commit: { dataSource, rows in
                dataSource.rows = rows
            })
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        cursors.append(cursor)
        // Ignores cancellation on purpose: a superseded page returns late anyway.
        let gate = AsyncGate<Page<[String], Int>>()
        pageGates.append(gate)
        pageTasks.append(
            appendPage(state) { _ in
                try await gate.wait()
            } commit: { dataSource, rows in
                dataSource.rows += rows
            })
    }

    /// Loads a first page of `rows` followed by `next`, and waits for it to commit.
    func loadFirstPage(_ rows: [String], next: Int?) async {
        loadContent()
        firstPageGates.last!.open(returning: Page(rows, next: next))
        _ = await firstPageTasks.last!.value
    }
}

@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct AsyncPagingTests {
    @Test func aPageWhoseWorkReturnsIsCommittedWithItsCursor() async {
        let source = AsyncRowsDataSource()
        await source.loadFirstPage(["a", "b"], next: 2)
        #expect(source.nextCursor == 2)
        source.loadMore()
        #expect(source.cursors == [2])
        source.pageGates[0].open(returning: Page(["c"], next: nil))
        #expect(await source.pageTasks[0].value)
        #expect(source.rows == ["a", "b", "c"])
        guard case .endReached = source.appendState else { return #expect(Bool(false)) }
    }

    @Test func aRefreshCancelsThePageTaskAndDropsItsLateRows() async {
        let source = AsyncRowsDataSource()
        await source.loadFirstPage(["a"], next: 1)
        source.loadMore()
        source.loadContent()
        #expect(source.pageTasks[0].isCancelled)
        // The page's work ignores its cancellation and returns late, after the refresh landed.
        source.firstPageGates[1].open(returning: Page(["x"], next: 1))
        #expect(await source.firstPageTasks[1].value)
        source.pageGates[0].open(returning: Page(["stale"], next: 2))
        #expect(await source.pageTasks[0].value == false)
        #expect(source.rows == ["x"])
        #expect(source.nextCursor == 1)
    }

    @Test func aThrownErrorFailsThePageAndLoadMoreRetriesItsCursor() async {
        let source = AsyncRowsDataSource()
        await source.loadFirstPage(["a"], next: 1)
        source.loadMore()
        source.pageGates[0].open(throwing: TestError(1))
        #expect(await source.pageTasks[0].value)
        guard case .failed = source.appendState else { return #expect(Bool(false)) }
        source.loadMore()
        #expect(source.cursors == [1, 1])
        source.pageGates[1].open(returning: Page(["b"], next: 2))
        #expect(await source.pageTasks[1].value)
        #expect(source.rows == ["a", "b"])
    }

    @Test func aCancelledPageTaskReturnsTheLaneToIdle() async {
        let source = AsyncRowsDataSource()
        await source.loadFirstPage(["a"], next: 1)
        source.loadMore()
        source.pageTasks[0].cancel()
        source.pageGates[0].open(throwing: CancellationError())
        #expect(await source.pageTasks[0].value == false)
        guard case .idle = source.appendState else { return #expect(Bool(false)) }
        #expect(source.rows == ["a"])
    }

    @Test func releasingTheDataSourceCancelsThePageInFlightAndFreesIt() async {
        var source: AsyncRowsDataSource? = AsyncRowsDataSource()
        weak let released = source
        await source!.loadFirstPage(["a"], next: 1)
        source!.loadMore()
        let task = source!.pageTasks[0]
        let gate = source!.pageGates[0]
        source = nil
        #expect(released == nil)
        #expect(task.isCancelled)
        gate.open(returning: Page(["late"], next: 2))
        #expect(await task.value == false)
    }

    @Test func releasingTheDataSourceCancelsTheFirstPageInFlight() async {
        var source: AsyncRowsDataSource? = AsyncRowsDataSource()
        weak let released = source
        source!.loadContent()
        let task = source!.firstPageTasks[0]
        let gate = source!.firstPageGates[0]
        source = nil
        #expect(released == nil)
        #expect(task.isCancelled)
        gate.open(returning: Page(["late"], next: 2))
        #expect(await task.value == false)
    }

    @Test func aTokenThatIsNotThePageInFlightGetsATaskThatDoesNothing() async {
        let source = AsyncRowsDataSource()
        await source.loadFirstPage(["a"], next: 1)
        let refreshToken = source.loadingCoordinator.loadContent { _ in }
        let task = source.appendPage(refreshToken) { _ in
            Page(["b"], next: 2)
        } commit: { dataSource, rows in
            dataSource.rows += rows
        }
        #expect(await task.value == false)
        #expect(source.rows == ["a"])
    }
}
