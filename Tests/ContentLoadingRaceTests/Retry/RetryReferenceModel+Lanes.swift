import ContentLoading

/// The two lanes' rules: a content load begins, is accepted, or is cancelled; a page begins,
/// is accepted, or is cancelled; and what each does to a retry the delegates heard of. Each
/// asks `hasContent`, commits and reports where the framework does, so a callback there acts
/// in the middle of it.
extension RetryReferenceModel {
    /// `loadContent()`: numbered before anything else happens (as the harness numbers it); asks
    /// `hasContent` if it keeps content; the state moves to loading, or refreshing when content
    /// is kept; the content load in flight is superseded (its task cancelled), the page in
    /// flight is cancelled and a failed page's notice goes; then the delegate hears of it. A
    /// callback that began a newer load (or cancelled) meanwhile leaves this one's task
    /// cancelled at once.
    mutating func beginContent(
        keepingContent: Bool, firstPage: Bool, ignoresCancellation: Bool, fromRetry: Bool = false
    ) {
        var load = RetryModelLoad(
            number: loads.count + 1, lane: .content(firstPage: firstPage), ignoresCancellation: ignoresCancellation)
        if fault == .attemptsCountedAcrossLoads, fromRetry, let previous = loads.last(where: { !$0.isPage }) {
            load.attemptOffset = previous.attemptOffset + previous.cursors.count
        }
        loads.append(load)
        let index = loads.count - 1
        let hasContent = keepingContent && askHasContent()
        // Superseded after `hasContent` answered: a load begun inside it is superseded too.
        let superseded = activeContent
        activeContent = index
        let moved = !state.isLoading
        if moved {
            stateBeforeLoad = state
            state = hasContent && state != .initial ? .refreshing : .loading
        }
        if let superseded { cancelTask(of: superseded, .superseded) }
        contentRetryEnded()
        refreshWillBegin()
        report(moved ? [.willBegin, .stateChanged] : [.willBegin])
        if activeContent != index { cancelTask(of: index, .superseded) }
    }

    /// `cancel()`: asks `hasContent` (which may end the load, or begin a newer one, which this
    /// cancels), then the state returns to where the load began, as the model now has it;
    /// inside an accepted load's commit, that load settles the state instead.
    mutating func cancelContent() -> Bool {
        guard activeContent != nil else { return false }
        let hasContent = askHasContent()
        guard let index = activeContent else { return false }
        activeContent = nil
        var moved = false
        if settling == nil {
            let next = reevaluated(stateBeforeLoad, hasContent: hasContent)
            moved = next != state
            state = next
        }
        cancelTask(of: index, .cancelled)
        contentRetryEnded()
        if moved { report([.stateChanged]) }
        return true
    }

    /// Content load `index`, in flight, is accepted: with `rows` (and, for a first page, the
    /// cursor `next`) or with `error`. Finished by hand, its task is cancelled. The commit
    /// writes the rows, then calls back; a first page's cursor follows the rows unless a newer
    /// load was accepted and settled inside the commit.
    mutating func acceptContent(_ index: Int, rows: [String]?, next: Int?, error: RetryRaceError?, byHand: Bool) {
        activeContent = nil
        lastAccepted = index
        settling = index
        if byHand { cancelTask(of: index, .finishedByHand) }
        contentRetryEnded()
        if let rows {
            items = rows
            reenter(from: .commit)
            if !byHand, case .content(firstPage: true) = loads[index].lane, settling == index {
                firstPageCommitted(next: next)
            }
        }
        settle(index, error: error)
    }

    /// Settles accepted load `index`, unless one accepted inside its commit did: asks
    /// `hasContent`; with a newer load in flight the state stays (cancelling that load returns
    /// to this outcome), else it moves and the delegate hears the load finished.
    private mutating func settle(_ index: Int, error: RetryRaceError?) {
        guard lastAccepted == index else { return }
        var error = error
        if fault == .lastErrorIsTheFirst, error != nil, let first = loads[index].firstError { error = first }
        lastError = error.map { "\($0)" }
        let hasContent = askHasContent()
        guard lastAccepted == index else { return }
        settling = nil
        settledLoad = loads[index].number
        settledLoadFailed = error != nil
        let next: ContentState
        if error == nil {
            next = hasContent ? .content : .empty
        } else {
            next = state == .refreshing && hasContent ? .content : .error
        }
        if activeContent != nil {
            stateBeforeLoad = next
            return
        }
        guard state.isLoading else { return }
        state = next
        report([.stateChanged, .didFinish(lastError)])
    }

    /// Finishes the newest content load's token by hand: `nil` when its work has not started
    /// (the harness has no token yet), `false` if it is not in flight.
    mutating func finishByHand(_ outcome: RetryStep.Outcome) -> String? {
        guard !isReleased, let index = loads.lastIndex(where: { !$0.isPage }), loads[index].hasStarted else {
            return nil
        }
        guard activeContent == index else { return "false" }
        switch outcome {
        case .rows(let count, let ends):
            let rows = loads[index].answer(count: count, ends: ends, cursor: nil).rows
            acceptContent(index, rows: rows, next: nil, error: nil, byHand: true)
        case .failure(let error): acceptContent(index, rows: nil, next: nil, error: error, byHand: true)
        case .cancellation: return "\(cancelContent())"
        }
        return "true"
    }

    /// The delegates heard of a retry of the content load that has now ended: the wrapper is
    /// told to forget it.
    mutating func contentRetryEnded() {
        guard retryingContent else { return }
        retryingContent = false
        report([.retryEnded(isPage: false)])
    }

    /// A first page was written: the list starts over at `next`.
    private mutating func firstPageCommitted(next: Int?) {
        hasFirstPage = true
        activePage = nil
        committingPage = nil
        nextCursor = next
        move(to: next == nil ? .endReached : .idle)
        appendError = nil
        report([.footerChanged])
    }

    // MARK: - The append lane

    /// `loadMore()`: a page in flight (or committing) is already loading; refused during a
    /// refresh (also one begun inside a page's commit, which superseded that page), without
    /// content on screen, or at the end; otherwise the page at the next cursor begins, the
    /// wrapper is told, and the page is numbered.
    mutating func loadMore(ignoresCancellation: Bool) -> String {
        if state.isLoading && activePage == nil { return "refreshInFlight" }
        if phase == .loadingMore || committingPage != nil { return "alreadyLoading" }
        if state.isLoading { return "refreshInFlight" }
        guard hasFirstPage, state == .content else { return "noContent" }
        guard let cursor = nextCursor else { return "endReached" }
        move(to: .loadingMore)
        appendError = nil
        report([.footerChanged])
        loads.append(
            RetryModelLoad(
                number: loads.count + 1, lane: .page(cursor: cursor), ignoresCancellation: ignoresCancellation))
        activePage = loads.count - 1
        return "started"
    }

    /// `cancelLoadMore()`: the lane returns to idle with its cursor kept.
    mutating func cancelPage() -> Bool {
        guard let index = activePage else { return false }
        activePage = nil
        move(to: .idle)
        cancelTask(of: index, .cancelled)
        pageRetryEnded()
        report([.footerChanged])
        return true
    }

    /// Page `index`, in flight, is accepted: its rows appended (then the commit calls back) and
    /// its next cursor kept, unless a first page committed meanwhile; or failed with `error`,
    /// the cursor kept for Retry.
    mutating func acceptPage(_ index: Int, rows: [String]?, next: Int?, error: RetryRaceError?) {
        activePage = nil
        committingPage = index
        pageRetryEnded()
        if let rows {
            items += rows
            reenter(from: .pageCommit)
            guard committingPage == index else { return }
            committingPage = nil
            nextCursor = next
            move(to: next == nil ? .endReached : .idle)
        } else {
            committingPage = nil
            guard phase == .loadingMore else { return }
            move(to: .failed)
            appendError = error.map { "\($0)" }
        }
        report([.footerChanged])
    }

    /// A refresh begins: the page in flight is cancelled and a failed page's notice goes; a
    /// page committing (the refresh began inside its commit) still commits its cursor.
    private mutating func refreshWillBegin() {
        let page = activePage
        activePage = nil
        guard phase == .loadingMore || phase == .failed else { return }
        move(to: .idle)
        if let page {
            cancelTask(of: page, .superseded)
            pageRetryEnded()
        }
        appendError = nil
        report([.footerChanged])
    }

    mutating func pageRetryEnded() {
        guard retryingPage else { return }
        retryingPage = false
        report([.retryEnded(isPage: true)])
    }

    mutating func move(to next: Phase) {
        phase = next
        laneRevision += 1
    }
}
