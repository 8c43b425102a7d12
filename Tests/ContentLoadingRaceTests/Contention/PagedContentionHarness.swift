import ContentLoadingTestSupport

@testable import ContentLoading

/// A paged data source and wrapper (immediate policy) whose pages many threads finish at once,
/// current and stale, while refreshes race them, with an oracle that judges every step on the
/// main actor.
///
/// The oracle knows only what the tests did: the list on screen (the refresh whose first page
/// committed), how many pages it committed, the page in flight, whether the last page failed,
/// and the refresh in flight. From that it predicts the rows (the first page and each committed
/// page, every row tagged with its list and cursor, so a page of an older list shows), the next
/// cursor, the append state, the content state and the footer drawn; a finish must be accepted
/// exactly when it names the page in flight, so exactly one finish wins per page, and never
/// once a worker has seen the page's token invalid off the main actor (``OffMainChecks``).
@MainActor
final class PagedContentionHarness: DataSourceDelegate {
    /// Rows per page, first pages included.
    static let pageSize = 3
    /// The cursor of the last page: a page there has no next cursor.
    static let lastCursor = 6

    let dataSource = PagedRaceDataSource()
    let log = RenderLog()
    let wrapper: ContentWrapper
    /// Page tokens' validity, read off the main actor.
    let offMain = OffMainChecks()

    /// The refresh whose first page the model holds (0: none), and the pages it committed.
    private(set) var list = 0
    private(set) var committed = 0
    /// The page in flight, and whether the last page failed.
    private(set) var openPage: LoadingState?
    private(set) var lastPageFailed = false
    /// The refresh in flight, and every refresh's number by its token.
    private(set) var openRefresh: LoadingState?
    private(set) var lastRefresh: LoadingState?
    private var refreshNumbers: [LoadingState: Int] = [:]
    /// Every page begun: its cursor and the list it extends.
    private(set) var pageTokens: [LoadingState] = []
    private(set) var pageInfo: [LoadingState: (cursor: Int, list: Int)] = [:]
    /// The pages a refresh or a cancel superseded.
    private var superseded: Set<LoadingState> = []
    /// How many finishes of each page were accepted: never more than one.
    private var wins: [LoadingState: Int] = [:]
    /// Runs a page's work when `loadMore()` asks for it; `nil`: pages are finished by hand.
    var pageWork: (@Sendable (LoadingState, Page<[String], Int>) async throws -> Page<[String], Int>)?
    /// The tasks `appendPage` began, for the test to await; a round replaces it.
    var pageTasks = BoundedTasks<Bool>()

    private(set) var violations: [String] = []
    private(set) var counts = PagedContentionCounts()

    init() {
        wrapper = ContentWrapper.recording(into: log)
        dataSource.onLoadContent = { [weak self] state in self?.refreshBegan(state) }
        dataSource.onLoadPage = { [weak self] cursor, state in self?.pageBegan(state, cursor: cursor) }
        dataSource.delegate = self
    }

    /// The rows of the first page of list `list`, or of its page at `cursor`.
    static func rows(list: Int, cursor: Int?) -> [String] {
        (0..<pageSize).map { "L\(list).\(cursor.map { "c\($0)" } ?? "first").\($0)" }
    }

    /// The cursor after the page at `cursor`: none after the last.
    static func next(after cursor: Int) -> Int? { cursor < lastCursor ? cursor + 1 : nil }

    // MARK: - Operations, each one main-actor step

    /// `loadMore()`, whose answer must be the one the oracle predicts.
    @discardableResult
    func loadMore() -> LoadMoreAnswer {
        let expected = expectedAnswer()
        let begunBefore = pageTokens.count
        let answer = dataSource.loadMore()
        switch (answer, expected) {
        case (.started(let token), nil):
            counts.started += 1
            if pageTokens.count != begunBefore + 1 || pageTokens.last != token {
                violations.append("load more started \(token) without asking for its page")
            } else if pageInfo[token]!.cursor != expectedNextCursor {
                violations.append("page \(token) asked at \(pageInfo[token]!.cursor), next is \(expectedNextCursor!)")
            } else {
                openPage = token
                lastPageFailed = false
            }
        case (_, let expected?) where answer == expected:
            counts.refused += 1
        default:
            violations.append("load more answered \(answer), expected \(expected.map { "\($0)" } ?? "a page begun")")
        }
        check(after: "load more")
        return answer
    }

    /// Finishes page `token` with its rows, or failing; accepted exactly when it is in flight.
    @discardableResult
    func finishPage(_ token: LoadingState, failing: Bool = false) -> Bool {
        let wasCurrent = openPage == token
        let seenInvalid = offMain.wasSeenInvalid(token.generation)
        let info = pageInfo[token]!
        var updateRan = false
        let accepted: Bool
        if failing {
            accepted = dataSource.finishPage(token, error: RaceError(Int(token.generation)))
        } else {
            let rows = Self.rows(list: info.list, cursor: info.cursor)
            accepted = dataSource.finishPage(token, next: Self.next(after: info.cursor)) {
                updateRan = true
                dataSource.items += rows
            }
            if updateRan != accepted {
                violations.append("page \(token): update ran \(updateRan), accepted \(accepted)")
            }
        }
        if accepted != wasCurrent {
            violations.append("finish of page \(token) accepted \(accepted), current \(wasCurrent)")
        }
        if accepted && seenInvalid { violations.append("page \(token) accepted after a worker had seen it invalid") }
        if accepted {
            pageAccepted(token, failed: failing)
        } else {
            counts.dropped += 1
            if superseded.contains(token) { counts.staleDropped += 1 }
        }
        check(after: "finish page \(token)")
        return accepted
    }

    /// Begins a refresh (a first page), cancelling the page in flight.
    @discardableResult
    func refresh() -> LoadingState {
        if openPage != nil { counts.refreshesDuringAPage += 1 }
        dataSource.loadContent()
        check(after: "refresh")
        return openRefresh!
    }

    /// Finishes refresh `token` with a first page followed by cursor 1.
    @discardableResult
    func finishFirstPage(_ token: LoadingState) -> Bool {
        let wasCurrent = openRefresh == token
        let number = refreshNumbers[token]!
        let accepted = dataSource.finishFirstPage(token, next: 1) {
            dataSource.items = Self.rows(list: number, cursor: nil)
        }
        if accepted != wasCurrent {
            violations.append("first page \(number) accepted \(accepted), current \(wasCurrent)")
        }
        if accepted {
            counts.firstPages += 1
            list = number
            committed = 0
            openRefresh = nil
            lastPageFailed = false
        }
        check(after: "first page \(number)")
        return accepted
    }

    /// `cancelLoadMore()`: `true` exactly when a page is in flight; the cursor stays.
    @discardableResult
    func cancelLoadMore() -> Bool {
        let wasOpen = openPage
        let cancelled = dataSource.cancelLoadMore()
        if cancelled != (wasOpen != nil) {
            violations.append("cancel load more \(cancelled), page open \(wasOpen != nil)")
        }
        if let wasOpen, cancelled {
            counts.cancels += 1
            supersede(wasOpen)
        }
        check(after: "cancel load more")
        return cancelled
    }

    // MARK: - Bookkeeping

    /// An accepted page: it is the one in flight, of the list on screen, at the next cursor.
    func pageAccepted(_ token: LoadingState, failed: Bool) {
        wins[token, default: 0] += 1
        if wins[token]! > 1 { violations.append("page \(token) won \(wins[token]!) finishes") }
        let info = pageInfo[token]!
        if info.list != list || info.cursor != committed + 1 {
            violations.append(
                "page \(token) of list \(info.list) at \(info.cursor) reached list \(list) at \(committed + 1)")
        }
        openPage = nil
        if failed {
            counts.failed += 1
            lastPageFailed = true
        } else {
            counts.committed += 1
            committed += 1
            lastPageFailed = false
        }
    }

    private func refreshBegan(_ state: LoadingState) {
        refreshNumbers[state] = refreshNumbers.count + 1
        openRefresh = state
        lastRefresh = state
        if let openPage { supersede(openPage) }
        lastPageFailed = false
    }

    private func supersede(_ page: LoadingState) {
        superseded.insert(page)
        openPage = nil
        // Every page begun so far is dead: off the main actor, none may read valid any more.
        offMain.loadDidBegin(page.generation + 1)
    }

    private func pageBegan(_ state: LoadingState, cursor: Int) {
        pageTokens.append(state)
        pageInfo[state] = (cursor, list)
        offMain.loadDidBegin(state.generation)
        guard let pageWork else { return }
        let page = Page(Self.rows(list: list, cursor: cursor), next: Self.next(after: cursor))
        openPage = state
        pageTasks.add(
            dataSource.appendPage(state) { state in
                try await pageWork(state, page)
            } commit: { [weak self] dataSource, rows in
                self?.asyncPageCommitted(state)
                dataSource.items += rows
            })
    }

    private func asyncPageCommitted(_ token: LoadingState) {
        counts.asyncCommits += 1
        if openPage != token {
            violations.append("async page \(token) committed while \(String(describing: openPage)) is open")
        }
        if offMain.wasSeenInvalid(token.generation) { violations.append("async page \(token) committed, seen invalid") }
        pageAccepted(token, failed: false)
    }

    func record(_ violation: String) { violations.append(violation) }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}
