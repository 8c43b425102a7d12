/// Finishing pages by hand: the append lane's counterparts of ``LoadingCoordinator``'s
/// `finish` methods, and the first page's.
extension PagedDataSource {
    /// Finishes a page that arrived: if `state` is the page in flight, runs `update` and stores
    /// `next` as the following page's cursor, in one step.
    ///
    /// Write the page's rows inside `update`, never before this call: a page that a refresh
    /// superseded then never touches the model.
    ///
    /// - Parameters:
    ///   - state: The token ``loadMore()`` handed to ``loadPage(after:_:)``.
    ///   - next: The cursor of the page after this one; `nil` ends the list.
    ///   - update: Appends the page's rows to the model.
    /// - Returns: `true` if the page was current and is now committed; `false`, with nothing
    ///   changed and `update` not run, if `state` is stale (a refresh began, or the page was
    ///   cancelled), already finished, or not this data source's page token.
    @discardableResult
    public func finishPage(_ state: LoadingState, next: Cursor?, update: () -> Void) -> Bool {
        // The page before the rows (a capped list's) is finished with `finishPreviousPage`.
        guard !appendMachine.inFlightIsPrevious, accept(state) else { return false }
        update()
        // `false`: a first page committed inside `update`, and owns the lane now: its rows
        // replaced this page's.
        guard appendMachine.pageCommitted(state.generation, next: next) else {
            pageDidEnd(state.generation, .superseded)
            return true
        }
        pageDidJoinAfterTheRows()
        pageDidEnd(state.generation, .committed(hasMore: next != nil))
        report(.footerChanged)
        return true
    }

    /// Finishes a page that failed: if `state` is the page in flight, the lane becomes
    /// ``AppendState/failed(_:)`` and the content stays; the cursor is kept, so ``loadMore()``
    /// requests the same page again.
    ///
    /// An error that ``DataSource/isCancellation(_:)`` calls a cancellation cancels the page
    /// instead, as ``cancelLoadMore()`` does: a cancelled page is never shown as failed.
    ///
    /// - Returns: `true` if the page was current and is now finished (or cancelled); `false`,
    ///   with nothing changed, if `state` is stale, already finished, or not a page token.
    @discardableResult
    public func finishPage(_ state: LoadingState, error: any Error) -> Bool {
        if let answer = answerBeforeFailing(state, error: error) { return answer }
        guard accept(state) else { return false }
        let isPrevious = appendMachine.inFlightIsPrevious
        // `false`: a refresh began since (from a report of the retry's end), and owns the lane.
        guard appendMachine.pageFailed(state.generation) else {
            pageDidEnd(state.generation, .superseded)
            return true
        }
        if isPrevious { pageWindow?.previousError = error } else { appendError = error }
        pageDidEnd(state.generation, .failed(error))
        report(.footerChanged)
        return true
    }

    /// Finishes a first page that arrived: as ``LoadingCoordinator/finish(_:update:)``, and
    /// in the same step the list starts over, with `next` as the following page's cursor.
    ///
    /// To fail a first page, use ``LoadingCoordinator/finish(_:error:)``: the refresh lane's
    /// error screen (or a failed refresh beside the content), retried with
    /// ``DataSource/loadContent()``, never with ``loadMore()``.
    ///
    /// - Parameters:
    ///   - state: The refresh lane's token, from ``LoadingCoordinator/loadContent(keepingContent:_:)``.
    ///   - next: The cursor of the second page; `nil` when the first page is the whole list.
    ///   - update: Replaces the model's rows with the first page's.
    /// - Returns: As ``LoadingCoordinator/finish(_:update:)``.
    @discardableResult
    public func finishFirstPage(_ state: LoadingState, next: Cursor?, update: () -> Void) -> Bool {
        loadingCoordinator.finish(state) {
            update()
            firstPageDidCommit(next: next)
        }
    }

    /// A first page was written: the append lane starts over at `next`.
    ///
    /// Unless a newer load was accepted and settled inside the page's update (the app's code):
    /// that load's outcome counts instead of this one's, so its cursor, already committed, stays
    /// with the rows it wrote. Until then the refresh lane is loading, so no page can have begun.
    func firstPageDidCommit(next: Cursor?) {
        guard loadingCoordinator.machine.isSettling,
            LaneRules.effectOnPages(of: .firstPageCommitted) == .startsOver
        else { return }
        appendMachine.firstPageCommitted(next: next)
        pageWindow?.window.startOver()
        pageWindow?.previousError = nil
        appendError = nil
        report(.footerChanged)
    }

    /// Ends the page `state` names if it is the one in flight.
    func accept(_ state: LoadingState) -> Bool {
        guard isCurrent(state), appendMachine.accept(state.generation) else { return false }
        // Finished by hand: the task still running for this page would be dropped anyway.
        act(on: lane.end(on: appendLoad))
        return true
    }
}
