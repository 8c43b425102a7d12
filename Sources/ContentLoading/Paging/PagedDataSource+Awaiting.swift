/// Awaiting a page: ``PagedDataSource/loadMore(ownedBy:)`` and the bookkeeping behind it.
extension PagedDataSource {
    /// Requests the next page, as ``loadMore()`` does, and waits for it to end.
    ///
    /// ```swift
    /// ProgressView()                                              // the list's last row
    ///     .task { await dataSource.loadMore(ownedBy: .caller) }   // scrolling away cancels the page
    /// ```
    ///
    /// `owner` says what cancelling the awaiting task does, as for
    /// ``DataSource/reload(ownedBy:)``: with ``LoadOwner/dataSource`` the wait ends at once
    /// (``PageOutcome/stillRunning``) and the page runs on and lands; with ``LoadOwner/caller``
    /// the page is cancelled and the lane returns to idle with its cursor kept (a task already
    /// cancelled requests no page). Either way the footer follows the lane as usual.
    ///
    /// The page awaited is the one this call began. When a page is already in flight, nothing is
    /// fetched again and that page is awaited instead, whoever began it (the footer's Retry, a
    /// plain ``loadMore()``); a caller that owns it cancels it when cancelled. When no page can
    /// begin, the answer is at once ``PageOutcome/refused(_:)``, with the reason
    /// ``loadMore()`` gave. A page that ends while it begins (``loadPage(after:_:)`` finished it
    /// by hand, or a callback cancelled it) is answered at once too.
    ///
    /// Every call returns exactly once: when its page ends (appended, failed, superseded by a
    /// refresh, cancelled), or when the caller stops waiting. The call holds the data source
    /// until it returns.
    ///
    /// - Parameter owner: Who the page belongs to: the data source, or the awaiting task.
    /// - Returns: How the page ended, why none was requested, or ``PageOutcome/stillRunning`` if
    ///   the caller stopped waiting first.
    @discardableResult
    public func loadMore(ownedBy owner: LoadOwner) async -> PageOutcome {
        if owner == .caller && Task.isCancelled { return .cancelled }
        let waiters = pageWaitersMade()
        // Every page that ends from here until the waiter is in is recorded: `loadMore()` calls
        // the app's code, which may end the page it begins.
        waiters.waiters.startRecording()
        let page: UInt64
        switch loadMore() {
        case .started(let state), .alreadyLoading(let state):
            page = state.generation
        case .refused(let reason):
            waiters.waiters.stopRecording()
            return .refused(reason)
        }
        let id = waiters.waiters.makeID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waitForPage(page, continuation, id: id, in: waiters)
                waiters.waiters.stopRecording()
            }
        } onCancel: {
            // Called on whichever thread cancelled the task: hop to the data source's actor.
            Task { @MainActor in self.pageWaiterWasCancelled(id: id, page: page, owner: owner) }
        }
    }

    /// The callers awaiting pages, made the first time one awaits.
    private func pageWaitersMade() -> PageWaiters {
        if let made = pageWaiters { return made }
        let made = PageWaiters()
        pageWaiters = made
        return made
    }

    /// Resumes `continuation` when `page` ends, or now if it has ended.
    private func waitForPage(
        _ page: UInt64, _ continuation: LoadWaiters<PageOutcome>.Continuation, id: UInt64, in waiters: PageWaiters
    ) {
        if let ended = waiters.waiters.recordedOutcome(of: page) {
            continuation.resume(returning: ended)
        } else if appendMachine.hasYetToEnd(page) {
            waiters.waiters.add(continuation, id: id, generation: page)
        } else {
            // Not reached: the page was in flight when the recording began, and every way a
            // page ends is recorded. Answered all the same, so that no caller waits forever.
            continuation.resume(returning: .cancelled)
        }
    }

    /// The task of waiter `id`, awaiting `page`, was cancelled.
    private func pageWaiterWasCancelled(id: UInt64, page: UInt64, owner: LoadOwner) {
        guard let waiters = pageWaiters, waiters.waiters.isWaiting(id) else { return }
        switch owner {
        case .dataSource:
            waiters.waiters.take(id: id)?.resume(returning: .stillRunning)
        case .caller:
            // Cancelling the page answers every waiter of it, this one included.
            if appendMachine.isActive(page) { cancelLoadMore() }
        }
    }

    /// `page` ended with `outcome`: resumes whoever waits for it.
    ///
    /// Performance: a data source nobody awaited has no waiters, and this is one `nil` check.
    func pageDidEnd(_ page: UInt64, _ outcome: PageOutcome) {
        guard let waiters = pageWaiters, !waiters.waiters.isIdle else { return }
        for continuation in waiters.waiters.resolve(page, outcome) {
            continuation.resume(returning: outcome)
        }
    }
}
