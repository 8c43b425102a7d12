/// A data source whose content is a list loaded page by page: the first page on the refresh
/// lane (``DataSource/loadContent()``), every later one on the append lane (``loadMore()``),
/// each lane with its own tokens.
///
/// Subclass it with your cursor type, load the first page in ``DataSource/loadContent()`` and
/// every later page in ``loadPage(after:_:)``:
///
/// ```swift
/// final class FeedDataSource: PagedDataSource<Int> {
///     private(set) var rows: [String] = []
///     let api: FeedAPI
///
///     override var hasContent: Bool { !rows.isEmpty }
///
///     override func loadContent() {
///         loadFirstPage { [api] _ in
///             try await api.rows(after: nil)             // a Page(rows, next: cursor or nil)
///         } commit: { dataSource, rows in
///             dataSource.rows = rows
///         }
///     }
///
///     override func loadPage(after cursor: Int, _ state: LoadingState) {
///         appendPage(state) { [api] _ in
///             try await api.rows(after: cursor)
///         } commit: { dataSource, rows in
///             dataSource.rows += rows
///         }
///     }
/// }
/// ```
///
/// Call ``loadMore()`` when the user nears the end of the list. The lanes keep each other
/// honest:
/// - A refresh cancels the page in flight and drops it, so no page of the old list reaches the
///   new one; a page never cancels a refresh.
/// - Load more while a refresh is in flight is refused (``LoadMoreAnswer/refused(_:)`` with ``PageOutcome/Refusal/refreshInFlight``);
///   while a page is in flight it fetches nothing again (``LoadMoreAnswer/alreadyLoading(_:)``).
/// - A page's rows and the cursor after it are written in one step, and a `nil` cursor ends the
///   list (``AppendState/endReached``) until a refresh.
/// - A failed page keeps its cursor: loading more requests that page again, never page one. A
///   failed first page is the refresh lane's error, retried with ``DataSource/loadContent()``.
/// - ``cancelLoadMore()`` stops the page in flight; ``LoadingCoordinator/cancel()`` stops the
///   refresh lane only. Releasing the data source cancels both lanes' work.
///
/// The wrapper draws the append lane as the content renderer's ``Footer``. See <doc:Pagination>.
///
/// An endless list can keep at most ``maxPages`` pages in memory: set it, and override
/// ``dropPage(_:)`` and ``loadPreviousPage(at:_:)``. Past the cap
/// the oldest page is dropped, and ``loadPrevious()`` refetches it when the user scrolls back.
open class PagedDataSource<Cursor: Sendable>: DataSource {
    var appendMachine = AppendStateMachine<Cursor>()
    /// The page in flight's generation, readable from any thread (the append lane's tokens).
    let appendLoad = ActiveLoad()
    /// The append lane's task (``appendPage(_:retrying:_:commit:)``'s page in flight) and the
    /// page whose retry was reported (see LoadLane.swift).
    var lane = LoadLane()
    /// The error of the page that failed, while the lane is `failed`.
    var appendError: (any Error)?
    /// The callers awaiting pages (see PagedDataSource+Awaiting.swift); `nil` until one awaits.
    var pageWaiters: PageWaiters?
    /// The page cap's window, for a data source created with one; `nil` without (see
    /// PagedDataSource+PreviousPages.swift).
    var pageWindow: PageWindowStorage<Cursor>?

    /// Creates a data source with nothing loaded.
    public override init() {
        super.init()
        observeLoads(self)
    }

    deinit {
        // No page may count once the data source is gone.
        LoadLane.ownerReleased(appendLoad, cancelling: lane.task)
    }

    /// Where the append lane is: idle, loading more, failed (with the error), or at the end.
    /// Observable, under every presentation policy.
    public var appendState: AppendState {
        observeAppendLane()
        return switch appendMachine.phase {
        case .idle: .idle
        case .loadingMore: .loadingMore
        case .failed: .failed(appendError ?? CancellationError())
        case .endReached: .endReached
        }
    }

    /// The cursor of the next page: `nil` before a first page commits and after the last page.
    /// Observable.
    public var nextCursor: Cursor? {
        observeAppendLane()
        return appendMachine.nextCursor
    }

    /// Loads the page at `cursor`. Override it; don't call `super`.
    ///
    /// ``loadMore()`` calls it once it has begun the page: run the work with
    /// ``DataSourceLoading/appendPage(_:retrying:_:commit:)``, or finish `state` by hand with
    /// ``finishPage(_:next:update:)`` or ``finishPage(_:error:)``.
    ///
    /// The base implementation fails the page with
    /// ``ContentLoadingError/loadPageNotOverridden(dataSource:)``, so a forgotten override
    /// shows in the footer instead of a spinner that never ends.
    open func loadPage(after cursor: Cursor, _ state: LoadingState) {
        finishPage(
            state, error: ContentLoadingError.loadPageNotOverridden(dataSource: String(reflecting: type(of: self))))
    }

    /// Loads the page that was dropped before the rows, at `cursor`, the cursor it was first
    /// loaded at: `nil` for the list's first page, which ``DataSource/loadContent()`` loaded.
    /// Override it when you set ``maxPages``; don't call `super`.
    ///
    /// ``loadPrevious()`` calls it once it has begun the page: run the work with
    /// ``DataSourceLoading/prependPage(_:retrying:_:commit:)``, whose commit puts the rows
    /// before the others, or finish `state` by hand with ``finishPreviousPage(_:update:)`` or
    /// ``finishPage(_:error:)``.
    ///
    /// The base implementation fails the page with
    /// ``ContentLoadingError/loadPageNotOverridden(dataSource:)``.
    open func loadPreviousPage(at cursor: Cursor?, _ state: LoadingState) {
        finishPage(
            state, error: ContentLoadingError.loadPageNotOverridden(dataSource: String(reflecting: type(of: self))))
    }

    /// Removes the page at `edge` from the model: its first page when the list grew past
    /// ``maxPages`` after the rows, its last when a page was refetched before them. Override it
    /// when you set ``maxPages``; don't call `super`.
    ///
    /// It runs on the main actor, right after the commit that made the list too long, in the
    /// same step: no observer sees one page too many.
    ///
    /// The base implementation keeps the page, and turns the cap off for this data source: its
    /// model keeps every page, and nothing is refetched (so no page is ever in the model twice).
    open func dropPage(_ edge: PageEdge) {
        pageWindow?.dropNotOverridden = true
    }

    /// Requests the next page, unless one is in flight, the list has ended, or there is no
    /// content on screen to extend; the answer says which.
    ///
    /// When a page begins, the append lane moves to ``AppendState/loadingMore`` and
    /// ``loadPage(after:_:)`` runs with the next page's cursor (after a failed page, the same
    /// cursor again). Content stays on screen throughout. To wait for the page and hear how it
    /// ended, use ``loadMore(ownedBy:)``.
    @discardableResult
    public func loadMore() -> LoadMoreAnswer {
        switch appendMachine.requestMore(contentState: presentation.state) {
        case .refused(let reason):
            return .refused(reason)
        case .alreadyLoading(let generation):
            return .alreadyLoading(laneToken(generation))
        case .begin(let generation, let cursor):
            appendError = nil
            pageWindow?.window.pageRequested(at: cursor)
            // Nothing was in flight: nothing stopped.
            act(on: lane.begin(generation, on: appendLoad))
            let state = laneToken(generation)
            report(.footerChanged)
            // The footer's renderer is the app's code: it may have begun a refresh, which
            // cancelled this page.
            if state.isValid { loadPage(after: cursor, state) }
            return .started(state)
        }
    }

    /// Stops the page in flight, at either end: its token stops being valid, its task (if
    /// ``DataSourceLoading/appendPage(_:retrying:_:commit:)`` began it) is cancelled, and the lane returns to
    /// ``AppendState/idle`` with the cursor kept, so the next ``loadMore()`` requests the same page.
    ///
    /// - Returns: `true` if a page was in flight; `false` (and no change) otherwise.
    @discardableResult
    public func cancelLoadMore() -> Bool {
        let page = appendMachine.activeGeneration
        guard appendMachine.cancel() else { return false }
        act(on: lane.end(on: appendLoad))
        pageDidEnd(page, .cancelled)
        report(.footerChanged)
        return true
    }
}

/// The append lane's part in the content lane's loads: what ``LaneRules`` says a content load does
/// to the pages, the footer the screen draws, and a container's reset.
extension PagedDataSource: LoadLifecycleObserver {
    func contentLoadWillBegin() {
        guard LaneRules.effectOnPages(of: .began) == .stopsPageInFlight else { return }
        // The refresh replaces the list a page in flight would extend.
        let page = appendMachine.activeGeneration
        guard appendMachine.refreshWillBegin() else { return }
        if page != 0 {
            act(on: lane.end(on: appendLoad))
            pageDidEnd(page, .superseded)
        }
        appendError = nil
        pageWindow?.previousError = nil
        report(.footerChanged)
    }

    func containerWillResetLoads() {
        // The page in flight would extend a list the screen no longer shows.
        cancelLoadMore()
        loadingCoordinator.cancel()
    }

    var footerOnScreen: (footer: Footer, revision: UInt64) {
        let footer: Footer
        switch appendMachine.phase {
        case .idle: footer = Footer(.idle)
        case .loadingMore: footer = Footer(.loadingMore)
        case .endReached: footer = Footer(.endReached)
        case .failed:
            let error = appendError ?? CancellationError()
            footer = Footer(
                .failed(error),
                placeholder: Placeholder(
                    title: "Couldn't load more", message: String(describing: error),
                    action: Placeholder.Action(title: "Retry") { [weak self] in self?.loadMore() }))
        }
        return (footer, appendMachine.revision)
    }
}

extension PagedDataSource: LoadLaneOwner {
    static var laneKind: RetryAttempt.Lane { .page }
    nonisolated var laneTokens: ActiveLoad { appendLoad }
    var laneDataSource: DataSource? { self }

    func cancelLaneLoad() -> Bool { cancelLoadMore() }

    func failLaneLoad(_ state: LoadingState, error: any Error) -> Bool { finishPage(state, error: error) }

    func laneTaskDidChange() {
        // Nothing to copy: this data source's deinit reads `lane` itself.
    }
}
