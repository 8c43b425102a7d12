/// A page cap: an endless list keeps at most ``PagedDataSource/maxPages`` pages in its model,
/// drops the far end, and refetches a page dropped before the rows when the user scrolls back.
extension PagedDataSource {
    /// The most pages the model keeps, at least 1 (a smaller number is read as 1); `nil`, the
    /// default, keeps every page.
    ///
    /// Past the cap, the page at the far end from the one just loaded is dropped
    /// (``dropPage(_:)``), and ``loadPrevious()`` refetches a page dropped before the rows
    /// (``loadPreviousPage(at:_:)``). Set it before the first page loads, in your initializer: a
    /// change applies from the next first page, and setting it forgets the pages dropped so far.
    /// It reads `nil` again once the cap turned itself off because ``dropPage(_:)`` is not
    /// overridden.
    public var maxPages: Int? {
        get { pageWindow?.window.limit }
        set { pageWindow = newValue.map { PageWindowStorage(limit: $0) } }
    }

    /// Where the start of the list is: whether a page was dropped before the rows, and its
    /// refetch. Always ``PreviousPageState/none`` without a cap. Observable, as
    /// ``appendState`` is.
    public var previousPageState: PreviousPageState {
        observeAppendLane()
        guard let storage = pageWindow else { return .none }
        switch appendMachine.previousPhase {
        case .loading: return .loading
        case .failed: return .failed(storage.previousError ?? CancellationError())
        case .idle: return storage.window.hasPageBefore ? .available : .none
        }
    }

    /// Requests the page dropped before the rows, unless a page is in flight at either end,
    /// nothing was dropped there, or there is no content on screen; the answer says which.
    ///
    /// Call it when the user scrolls back to the first row of a capped list. When the page
    /// begins, ``previousPageState`` moves to ``PreviousPageState/loading`` and
    /// ``loadPreviousPage(at:_:)`` runs with the cursor that page was first loaded at. One page is
    /// in flight at a time, at either end: while one is, this and ``loadMore()`` answer
    /// ``LoadMoreAnswer/alreadyLoading(_:)`` with it. The answers are ``loadMore()``'s:
    /// `.refused(.endReached)` here means nothing was dropped before the rows (they start
    /// the list), as it always does without a cap.
    ///
    /// When the page commits, its rows go before the others; if the model then holds more than
    /// ``maxPages`` pages, the last is dropped (``dropPage(_:)`` with ``PageEdge/last``) and
    /// becomes the next page ``loadMore()`` requests.
    @discardableResult
    public func loadPrevious() -> LoadMoreAnswer {
        let hasPageBefore = pageWindow?.window.hasPageBefore ?? false
        switch appendMachine.requestPrevious(contentState: presentation.state, hasPageBefore: hasPageBefore) {
        case .refused(let reason):
            return .refused(reason)
        case .alreadyLoading(let generation):
            return .alreadyLoading(laneToken(generation))
        case .begin(let generation):
            pageWindow?.previousError = nil
            // Nothing was in flight: nothing stopped.
            act(on: lane.begin(generation, on: appendLoad))
            let state = laneToken(generation)
            let cursor = pageWindow?.window.cursorBefore
            report(.footerChanged)
            // The report reached the app's code: it may have begun a refresh, which cancelled this page.
            if state.isValid { loadPreviousPage(at: cursor, state) }
            return .started(state)
        }
    }

    /// Finishes the page before the rows that arrived: if `state` is that page, in flight, runs
    /// `update` (which puts its rows before the others) and, past ``maxPages``, drops the last
    /// page, in one step.
    ///
    /// - Returns: `true` if the page was current and is now committed; `false`, with nothing
    ///   changed and `update` not run, if `state` is stale, already finished, not this data
    ///   source's, or a page after the rows (finish that one with ``finishPage(_:next:update:)``).
    @discardableResult
    public func finishPreviousPage(_ state: LoadingState, update: () -> Void) -> Bool {
        guard appendMachine.inFlightIsPrevious, accept(state) else { return false }
        update()
        // A first page committed inside `update` owns the lane and the window now.
        guard appendMachine.isCommitting(state.generation) else {
            pageDidEnd(state.generation, .superseded)
            return true
        }
        var droppedLast: Cursor?
        // Without a window (the cap turned off meanwhile) nothing drops, but the page still ends.
        if let storage = pageWindow {
            let (dropsLast, last) = storage.window.pageBeforeJoined()
            if dropsLast {
                dropPage(.last)
                if storage.dropNotOverridden {
                    pageWindow = nil  // the model kept the page: the next page stays the one after it
                } else {
                    droppedLast = last
                }
            }
        }
        if appendMachine.previousPageCommitted(state.generation, droppedLast: droppedLast) { report(.footerChanged) }
        // A caller awaiting load more while this page was in flight waited for it (one page at a
        // time, at either end).
        pageDidEnd(state.generation, .committed(hasMore: appendMachine.nextCursor != nil))
        return true
    }

    /// A page after the rows committed: past the cap, the first page goes.
    func pageDidJoinAfterTheRows() {
        guard let storage = pageWindow, storage.window.pageAppended() else { return }
        dropPage(.first)
        // The model kept it: the cap is off, and nothing dropped is refetched.
        if storage.dropNotOverridden { pageWindow = nil }
    }
}
