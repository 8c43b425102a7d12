import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A paged data source released while a page or a first page is in flight goes away at once:
/// its page token stops counting, the lane's task is cancelled, and its late result is dropped.
extension LifetimeTests {
    @Test(arguments: [false, true])
    func pagedDataSourceReleasedMidPageIsDeallocatedAndItsPageTaskCancelled(workObservesCancellation: Bool) async {
        let owner = FooterScreen()
        var dataSource: GatedPagesDataSource? = GatedPagesDataSource(observesCancellation: workObservesCancellation)
        dataSource!.delegate = owner
        dataSource!.showFirstPage(["a"], next: 1)
        guard case .started(let page) = dataSource!.loadMore() else {
            Issue.record("no page began")
            return
        }
        let task = dataSource!.pageTask!
        let (pageGate, commits) = (dataSource!.pageGate, dataSource!.commits)
        #expect(owner.wrapper.footer.isLoadingMore)
        weak let weakDataSource = dataSource
        weak let weakCoordinator = dataSource!.loadingCoordinator
        dataSource = nil
        #expect(weakDataSource == nil, "the page's task does not hold its data source")
        #expect(weakCoordinator == nil)
        #expect(!page.isValid)
        #expect(task.isCancelled, "releasing the data source cancels the page's work")
        pageGate.open(returning: Page(["late"], next: 2))
        #expect(await task.value == false)
        #expect(commits.count == 0)
        #expect(owner.wrapper.footer.isLoadingMore, "nothing reaches the wrapper once its data source is gone")
    }

    @Test(arguments: [false, true])
    func pagedDataSourceReleasedMidFirstPageIsDeallocatedAndItsTaskCancelled(workObservesCancellation: Bool) async {
        let owner = FooterScreen()
        var dataSource: GatedPagesDataSource? = GatedPagesDataSource(observesCancellation: workObservesCancellation)
        dataSource!.delegate = owner
        dataSource!.loadContent()
        let task = dataSource!.firstPageTask!
        let (firstPageGate, commits) = (dataSource!.firstPageGate, dataSource!.commits)
        #expect(owner.wrapper.displayedState == .loading)
        weak let weakDataSource = dataSource
        weak let weakCoordinator = dataSource!.loadingCoordinator
        dataSource = nil
        #expect(weakDataSource == nil, "the first page's task does not hold its data source")
        #expect(weakCoordinator == nil)
        #expect(task.isCancelled, "releasing the data source cancels the first page's work")
        firstPageGate.open(returning: Page(["late"], next: 1))
        #expect(await task.value == false)
        #expect(commits.count == 0)
        #expect(owner.wrapper.displayedState == .loading)
        #expect(!owner.wrapper.footer.isLoadingMore)
    }
}

/// A paged data source whose first page and pages run in tasks (`loadFirstPage`,
/// `appendPage`) whose work waits on gates; its closures capture it weakly, as the docs advise.
@MainActor
private final class GatedPagesDataSource: PagedDataSource<Int> {
    private(set) var rows: [String] = []
    let firstPageGate: AsyncGate<Page<[String], Int>>
    let pageGate: AsyncGate<Page<[String], Int>>
    /// How many commits ran, first pages and pages; kept apart so a test can read it afterwards.
    let commits = Counter()
    private(set) var firstPageTask: Task<Bool, Never>?
    private(set) var pageTask: Task<Bool, Never>?

    init(observesCancellation: Bool) {
        firstPageGate = AsyncGate(observesCancellation: observesCancellation)
        pageGate = AsyncGate(observesCancellation: observesCancellation)
    }

    override var hasContent: Bool { !rows.isEmpty }

    /// Shows a first page at once, finished by hand.
    func showFirstPage(_ rows: [String], next: Int?) {
        let state = loadingCoordinator.loadContent { _ in }
        finishFirstPage(state, next: next) { self.rows = rows }
    }

    override func loadContent() {
        firstPageTask = loadFirstPage { [firstPageGate] _ in
            try await firstPageGate.wait()
        } commit: { [commits] dataSource, rows in
            commits.count += 1
            dataSource.rows = rows
        }
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        pageTask = appendPage(state) { [pageGate] _ in
            try await pageGate.wait()
        } commit: { [commits] dataSource, rows in
            commits.count += 1
            dataSource.rows += rows
        }
    }
}

/// Owns a wrapper and hands it to a paged data source, as a screen does, without owning the
/// data source.
@MainActor
private final class FooterScreen: DataSourceDelegate {
    let wrapper = ContentWrapper.recording(into: RenderLog())

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}

extension Footer {
    /// Whether the loading-more indicator is drawn.
    fileprivate var isLoadingMore: Bool {
        if case .loadingMore = state { return true }
        return false
    }
}
