import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A capped paged data source whose pages a test finishes by hand. Its model keeps pages, so
/// it can drop one; a page's rows name the cursor it was loaded at (`"3.0"`, `"first.1"`).
@MainActor
final class CappedRowsDataSource: PagedDataSource<Int> {
    private(set) var pages: [[String]] = []
    var rows: [String] { pages.flatMap { $0 } }
    /// The refresh lane's tokens, oldest first.
    private(set) var firstPageTokens: [LoadingState] = []
    /// Every page requested, at either end, oldest first.
    private(set) var requests: [(cursor: Int?, previous: Bool, state: LoadingState)] = []
    /// The ends the data source was asked to drop, in order.
    private(set) var drops: [PageEdge] = []

    init(maxPages: Int? = nil) {
        super.init()
        self.maxPages = maxPages
    }

    override var hasContent: Bool { !pages.isEmpty }

    override func loadContent() {
        loadingCoordinator.loadContent { state in firstPageTokens.append(state) }
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        requests.append((cursor, false, state))
    }

    override func loadPreviousPage(at cursor: Int?, _ state: LoadingState) {
        requests.append((cursor, true, state))
    }

    override func dropPage(_ edge: PageEdge) {
        drops.append(edge)
        if edge == .first { pages.removeFirst() } else { pages.removeLast() }
    }

    static func rows(at cursor: Int?) -> [String] {
        (0..<2).map { "\(cursor.map(String.init) ?? "first").\($0)" }
    }

    /// Loads and commits the first page, followed by `next`.
    func loadFirstPage(next: Int? = 2) {
        loadContent()
        finishFirstPage(firstPageTokens.last!, next: next) { pages = [Self.rows(at: nil)] }
    }

    /// Commits the last page requested (after the rows), followed by `next`.
    @discardableResult
    func completePage(next: Int?) -> Bool {
        let request = requests.last!
        return finishPage(request.state, next: next) { pages.append(Self.rows(at: request.cursor)) }
    }

    /// Commits the last page requested before the rows.
    @discardableResult
    func completePreviousPage() -> Bool {
        let request = requests.last!
        return finishPreviousPage(request.state) { pages.insert(Self.rows(at: request.cursor), at: 0) }
    }

    /// Loads pages after the first until the model has loaded `count` pages in all (each page
    /// `n` at cursor `2n`, the last followed by `next`).
    func loadPages(_ count: Int, lastNext: Int? = nil) {
        loadFirstPage()
        for page in 1..<count {
            loadMore()
            completePage(next: page == count - 1 ? lastNext ?? 2 * (page + 1) : 2 * (page + 1))
        }
    }
}

/// A capped data source that forgets to override `dropPage(_:)`.
@MainActor
final class UndroppingDataSource: PagedDataSource<Int> {
    init(maxPages: Int) {
        super.init()
        self.maxPages = maxPages
    }

    private(set) var rows: [String] = []
    private(set) var pageTokens: [LoadingState] = []

    override var hasContent: Bool { !rows.isEmpty }

    override func loadContent() {
        loadingCoordinator.loadContent { state in
            finishFirstPage(state, next: 1) { rows = ["first"] }
        }
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        finishPage(state, next: cursor + 1) { rows.append("page \(cursor)") }
    }
}

/// A page cap. An endless list keeps at most `maxPages` pages, drops the far
/// end, and refetches a page dropped before its rows when the user scrolls back.
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct PageCapTests {
    @Test func appendingPastTheCapDropsTheOldestPageInTheSameStep() {
        let feed = CappedRowsDataSource(maxPages: 2)
        #expect(feed.maxPages == 2)
        feed.loadPages(2)
        #expect(feed.drops.isEmpty)
        #expect(feed.previousPageState == .none)
        feed.loadMore()
        var rowsSeenInUpdate: [String] = []
        feed.finishPage(feed.requests.last!.state, next: 6) {
            feed.pagesAppendForTest(CappedRowsDataSource.rows(at: 4))
            rowsSeenInUpdate = feed.rows
        }
        #expect(rowsSeenInUpdate.count == 6, "the update writes the page; the drop follows it")
        #expect(feed.drops == [.first])
        #expect(feed.rows == ["2.0", "2.1", "4.0", "4.1"])
        #expect(feed.previousPageState == .available)
        #expect(feed.nextCursor == 6)
    }

    @Test func loadPreviousRefetchesTheDroppedPageAtItsCursorAndDropsTheLast() {
        let feed = CappedRowsDataSource(maxPages: 2)
        feed.loadPages(4)  // first, 2, 4, 6: the first and 2 dropped
        #expect(feed.rows == ["4.0", "4.1", "6.0", "6.1"])
        guard case .started = feed.loadPrevious() else {
            Issue.record("no page began")
            return
        }
        #expect(feed.requests.last!.cursor == 2 && feed.requests.last!.previous)
        #expect(feed.previousPageState == .loading)
        #expect(feed.appendState == .idle, "the end after the rows does not move")
        #expect(feed.completePreviousPage())
        #expect(feed.rows == ["2.0", "2.1", "4.0", "4.1"])
        #expect(feed.drops == [.first, .first, .last])
        #expect(feed.nextCursor == 6, "the dropped last page is the next again")
        #expect(feed.previousPageState == .available)
        // Back to the list's first page: `nil`, the cursor the refresh lane loaded it at.
        feed.loadPrevious()
        #expect(feed.requests.last!.cursor == nil)
        feed.completePreviousPage()
        #expect(feed.rows == ["first.0", "first.1", "2.0", "2.1"])
        #expect(feed.previousPageState == .none)
        #expect(feed.loadPrevious() == .refused(.endReached), "the rows start the list")
        // And forward again: the page dropped last is requested at its cursor.
        feed.loadMore()
        #expect(feed.requests.last!.cursor == 4 && !feed.requests.last!.previous)
    }

    @Test func aPageBeforeTheRowsOfAFinishedListReopensItsEnd() {
        let feed = CappedRowsDataSource(maxPages: 2)
        feed.loadFirstPage()
        feed.loadMore()
        feed.completePage(next: 4)
        feed.loadMore()
        feed.completePage(next: nil)
        #expect(feed.appendState == .endReached)
        feed.loadPrevious()
        feed.completePreviousPage()
        #expect(feed.appendState == .idle)
        #expect(feed.nextCursor == 4)
    }

    @Test func onePageIsInFlightAtATimeAtEitherEnd() {
        let feed = CappedRowsDataSource(maxPages: 2)
        feed.loadPages(3)
        guard case .started(let next) = feed.loadMore() else {
            Issue.record("no page began")
            return
        }
        #expect(feed.loadPrevious() == .alreadyLoading(next))
        #expect(feed.completePage(next: 8))
        guard case .started(let previous) = feed.loadPrevious() else {
            Issue.record("no page began")
            return
        }
        #expect(feed.loadMore() == .alreadyLoading(previous))
        #expect(feed.loadPrevious() == .alreadyLoading(previous))
        #expect(feed.appendState == .idle, "the footer is the end after the rows: it shows no page in flight")
        #expect(!feed.finishPage(previous, next: 9) {}, "a page before the rows is not finished as one after")
        #expect(feed.completePreviousPage())
        guard case .started(let after) = feed.loadMore() else {
            Issue.record("no page began")
            return
        }
        #expect(!feed.finishPreviousPage(after) {}, "nor one after as one before")
    }

    @Test func aFailedPageBeforeTheRowsIsRequestedAgainAndLeavesTheFooterAlone() {
        let feed = CappedRowsDataSource(maxPages: 2)
        feed.loadPages(3)
        guard case .started(let previous) = feed.loadPrevious() else {
            Issue.record("no page began")
            return
        }
        #expect(feed.finishPage(previous, error: TestError(1)))
        #expect(feed.previousPageState == .failed(TestError(1)))
        #expect(feed.appendState == .idle)
        feed.loadPrevious()
        #expect(feed.requests.last!.cursor == nil && feed.requests.last!.previous)
        #expect(feed.previousPageState == .loading)
    }

    @Test func aRefreshCancelsThePageBeforeTheRowsAndTheFirstPageStartsTheWindowOver() {
        let feed = CappedRowsDataSource(maxPages: 2)
        feed.loadPages(3)
        guard case .started(let previous) = feed.loadPrevious() else {
            Issue.record("no page began")
            return
        }
        feed.loadContent()
        #expect(!previous.isValid)
        #expect(feed.previousPageState == .available, "until the first page lands, the rows are the old ones")
        #expect(!feed.completePreviousPage())
        feed.finishFirstPage(feed.firstPageTokens.last!, next: 2) { feed.pagesReplaceForTest([["new"]]) }
        #expect(feed.previousPageState == .none)
        #expect(feed.loadPrevious() == .refused(.endReached))
    }

    @Test func cancelLoadMoreStopsThePageBeforeTheRows() {
        let feed = CappedRowsDataSource(maxPages: 1)
        feed.loadPages(2)
        guard case .started(let previous) = feed.loadPrevious() else {
            Issue.record("no page began")
            return
        }
        #expect(feed.cancelLoadMore())
        #expect(!previous.isValid)
        #expect(feed.previousPageState == .available)
        #expect(feed.nextCursor == 4)
    }

    @Test func aCapOfOneKeepsOnePageAndACapBelowOneIsOne() {
        let feed = CappedRowsDataSource(maxPages: 0)
        #expect(feed.maxPages == 1)
        feed.loadPages(3)
        #expect(feed.rows == ["4.0", "4.1"])
        feed.loadPrevious()
        feed.completePreviousPage()
        #expect(feed.rows == ["2.0", "2.1"])
        #expect(feed.nextCursor == 4)
    }

    @Test func withoutACapNothingIsDroppedAndNothingPrevious() {
        let feed = CappedRowsDataSource()
        #expect(feed.maxPages == nil)
        feed.loadPages(5)
        #expect(feed.drops.isEmpty)
        #expect(feed.rows.count == 10)
        #expect(feed.previousPageState == .none)
        #expect(feed.loadPrevious() == .refused(.endReached))
    }

    @Test func aModelThatDoesNotDropPagesTurnsTheCapOff() {
        let feed = UndroppingDataSource(maxPages: 1)
        feed.loadContent()
        feed.loadMore()
        feed.loadMore()
        #expect(feed.rows == ["first", "page 1", "page 2"], "nothing is lost")
        #expect(feed.maxPages == nil, "the cap is off")
        #expect(feed.previousPageState == .none)
        #expect(feed.loadPrevious() == .refused(.endReached), "nothing is refetched, so nothing comes twice")
    }

    @Test func loadPreviousWithNoContentOrDuringARefreshFetchesNothing() {
        let feed = CappedRowsDataSource(maxPages: 1)
        #expect(feed.loadPrevious() == .refused(.noContent))
        feed.loadPages(2)
        feed.loadContent()
        #expect(feed.loadPrevious() == .refused(.refreshInFlight))
    }
}

extension CappedRowsDataSource {
    /// Appends a page's rows, as an update does.
    func pagesAppendForTest(_ rows: [String]) { pages.append(rows) }
    /// Replaces the model, as a first page's update does.
    func pagesReplaceForTest(_ newPages: [[String]]) { pages = newPages }
}

/// A capped feed whose pages, at either end, wait on gates the test opens.
@MainActor
final class GatedCappedFeed: PagedDataSource<Int> {
    private(set) var pages: [[String]] = []
    private(set) var gates: [AsyncGate<Page<[String], Int>>] = []
    private(set) var tasks: [Task<Bool, Never>] = []

    init(maxPages: Int) {
        super.init()
        self.maxPages = maxPages
    }

    override var hasContent: Bool { !pages.isEmpty }

    override func loadContent() {
        loadingCoordinator.loadContent { state in
            finishFirstPage(state, next: 2) { pages = [["first"]] }
        }
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        let gate = AsyncGate<Page<[String], Int>>()
        gates.append(gate)
        tasks.append(
            appendPage(state) { _ in
                try await gate.wait()
            } commit: {
                $0.pages.append($1)
            })
    }

    override func loadPreviousPage(at cursor: Int?, _ state: LoadingState) {
        let gate = AsyncGate<Page<[String], Int>>()
        gates.append(gate)
        // A page before the rows run as a page after them is refused: its task does nothing.
        tasks.append(
            appendPage(state) { _ in
                try await gate.wait()
            } commit: {
                $0.pages.append($1)
            })
        tasks.append(
            prependPage(state) { _ in
                try await gate.wait()
            } commit: {
                $0.pages.insert($1, at: 0)
            })
    }

    override func dropPage(_ edge: PageEdge) {
        if edge == .first { pages.removeFirst() } else { pages.removeLast() }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct AsyncPageCapTests {
    @Test func prependPageCommitsBeforeTheRowsAndARefreshDropsItsLateAnswer() async {
        let feed = GatedCappedFeed(maxPages: 1)
        feed.loadContent()
        feed.loadMore()
        feed.gates[0].open(returning: Page(["second"], next: 4))
        #expect(await feed.tasks[0].boundedValue() == true)
        #expect(feed.pages == [["second"]])
        feed.loadPrevious()
        #expect(await feed.tasks[1].boundedValue() == false, "appendPage refuses a page before the rows")
        feed.gates[1].open(returning: Page(["first again"], next: 2))
        #expect(await feed.tasks[2].boundedValue() == true)
        #expect(feed.pages == [["first again"]])
        #expect(feed.nextCursor == 2)
        // Scrolled forward, then back again, and a refresh lands first: the late page is dropped.
        feed.loadMore()
        feed.gates[2].open(returning: Page(["second"], next: 4))
        #expect(await feed.tasks[3].boundedValue() == true)
        feed.loadPrevious()
        feed.loadContent()
        feed.gates[3].open(returning: Page(["stale"], next: 2))
        #expect(await feed.tasks[5].boundedValue() == false)
        #expect(feed.pages == [["first"]])
        #expect(feed.previousPageState == .none)
    }

    @Test func releasingTheDataSourceWithAPageBeforeTheRowsInFlightCancelsItAndFreesIt() async {
        var feed: GatedCappedFeed? = GatedCappedFeed(maxPages: 1)
        weak let released = feed
        feed!.loadContent()
        feed!.loadMore()
        feed!.gates[0].open(returning: Page(["second"], next: 4))
        #expect(await feed!.tasks[0].boundedValue() == true)
        feed!.loadPrevious()
        let (task, gate) = (feed!.tasks[2], feed!.gates[1])
        feed = nil
        #expect(released == nil, "the page in flight does not hold the data source")
        #expect(task.isCancelled)
        gate.open(returning: Page(["late"], next: 2))
        #expect(await task.boundedValue() == false)
    }
}
