import ContentLoading

/// The two lanes' rules: a content load begins, is accepted, or is cancelled; a page begins,
/// is accepted, or is cancelled; and what each does to a retry the delegates heard of.
extension RetryModel {
    /// `loadContent()`: the content load in flight is superseded (its task cancelled), the
    /// page in flight is cancelled and a failed page's notice goes, and the state moves to
    /// loading, or refreshing when content is kept.
    mutating func beginContent(
        keepingContent: Bool, firstPage: Bool, ignoresCancellation: Bool, fromRetry: Bool = false
    ) {
        let superseded = activeContent
        if let superseded { cancelTask(of: superseded, .superseded) }
        if let page = activePage {
            activePage = nil
            cancelTask(of: page, .superseded)
            pageRetryEnded()
        }
        if phase == .loadingMore || phase == .failed { phase = .idle }
        appendError = nil
        if !state.isLoading {
            stateBeforeLoad = state
            state = keepingContent && !items.isEmpty && state != .initial ? .refreshing : .loading
        }
        contentRetryEnded()
        log.append("willBegin")
        var load = RetryModelLoad(
            number: loads.count + 1, lane: .content(firstPage: firstPage), ignoresCancellation: ignoresCancellation)
        if fault == .attemptsCountedAcrossLoads, fromRetry, let previous = loads.last(where: { !$0.isPage }) {
            load.attemptOffset = previous.attemptOffset + previous.cursors.count
        }
        loads.append(load)
        activeContent = loads.count - 1
    }

    /// `cancel()`: the state returns to where the load began, as the model now has it.
    mutating func cancelContent() -> Bool {
        guard let index = activeContent else { return false }
        activeContent = nil
        state = reevaluated(stateBeforeLoad)
        cancelTask(of: index, .cancelled)
        contentRetryEnded()
        return true
    }

    /// Content load `index`, in flight, is accepted: with `rows` (and, for a first page, the
    /// cursor `next`) or with `error`. Finished by hand, its task is cancelled.
    mutating func acceptContent(_ index: Int, rows: [String]?, next: Int?, error: RetryRaceError?, byHand: Bool) {
        activeContent = nil
        if byHand { cancelTask(of: index, .finishedByHand) }
        contentRetryEnded()
        if let rows {
            items = rows
            if !byHand, case .content(firstPage: true) = loads[index].lane { firstPageCommitted(next: next) }
        }
        var error = error
        if fault == .lastErrorIsTheFirst, error != nil, let first = loads[index].firstError { error = first }
        lastError = error.map { "\($0)" }
        if let error {
            state = state == .refreshing && !items.isEmpty ? .content : .error
            if state == .content { log.append("refreshFailed(\(error))") }
        } else {
            state = items.isEmpty ? .empty : .content
        }
        log.append("finished(\(error.map { "\($0)" } ?? "ok"))")
    }

    /// Finishes the newest content load's token by hand; `false` if it is not in flight.
    mutating func finishByHand(_ outcome: RetryStep.Outcome) -> String? {
        guard !isReleased, let index = loads.lastIndex(where: { !$0.isPage }) else { return nil }
        guard activeContent == index else { return "false" }
        switch outcome {
        case .rows(let count, let ends):
            let rows = loads[index].answer(count: count, ends: ends, cursor: nil).rows
            acceptContent(index, rows: rows, next: nil, error: nil, byHand: true)
        case .failure(let error): acceptContent(index, rows: nil, next: nil, error: error, byHand: true)
        case .cancellation: _ = cancelContent()
        }
        return "true"
    }

    /// The delegates heard of a retry of the content load that has now ended: the wrapper
    /// forgets it.
    mutating func contentRetryEnded() {
        guard retryingContent else { return }
        retryingContent = false
        if fault != .retryAttemptOutlivesItsLoad, retry?.isPage == false { retry = nil }
    }

    private mutating func firstPageCommitted(next: Int?) {
        hasFirstPage = true
        nextCursor = next
        phase = next == nil ? .endReached : .idle
        appendError = nil
    }

    /// The state a cancelled load returns to: where it began, against the model now.
    private func reevaluated(_ state: ContentState) -> ContentState {
        switch state {
        case .content where items.isEmpty: .empty
        case .empty where !items.isEmpty, .error where !items.isEmpty: .content
        default: state
        }
    }

    // MARK: - The append lane

    /// `loadMore()`: refused during a refresh, without content on screen, or at the end;
    /// otherwise the page at the next cursor begins.
    mutating func loadMore(ignoresCancellation: Bool) -> String {
        if phase == .loadingMore { return "alreadyLoading" }
        if state.isLoading { return "refreshInFlight" }
        guard hasFirstPage, state == .content else { return "noContent" }
        guard let cursor = nextCursor else { return "endReached" }
        phase = .loadingMore
        appendError = nil
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
        phase = .idle
        cancelTask(of: index, .cancelled)
        pageRetryEnded()
        return true
    }

    /// Page `index`, in flight, is accepted: its rows appended and its next cursor kept, or
    /// failed with `error`, the cursor kept for Retry.
    mutating func acceptPage(_ index: Int, rows: [String]?, next: Int?, error: RetryRaceError?) {
        activePage = nil
        pageRetryEnded()
        if let rows {
            items += rows
            nextCursor = next
            phase = next == nil ? .endReached : .idle
        } else {
            appendError = error.map { "\($0)" }
            phase = .failed
        }
    }

    mutating func pageRetryEnded() {
        guard retryingPage else { return }
        retryingPage = false
        if fault != .retryAttemptOutlivesItsLoad, retry?.isPage == true { retry = nil }
    }
}
