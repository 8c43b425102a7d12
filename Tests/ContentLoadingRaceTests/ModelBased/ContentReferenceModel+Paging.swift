/// The append lane of the paged data source, as the reference model restates it: load more
/// begins a page only with content on screen, a next cursor and no refresh in flight, and
/// answers with the page in flight rather than fetching it again; a page commits its rows and
/// its next cursor in one step, only while current; a failed page keeps its cursor; a refresh
/// cancels the page in flight and clears a failed one; a first page starts the list over.
extension ContentReferenceModel {
    /// Whether page `page`'s token is valid now.
    func isPageValid(_ page: Int) -> Bool {
        !isReleased && page != 0 && page == lane.active
    }

    /// `loadMore()`, by the harness (which then learns the page from the answer) or by a
    /// failed footer's Retry (which learns it only if `loadPage` is called). `nil`: the data
    /// source is gone, so nobody can call it.
    mutating func loadMore(byHarness: Bool) -> String? {
        guard !isReleased else { return nil }
        lane.calls += 1
        let call = lane.calls
        if isReporting { lane.reached.insert(.loadMoreInsideACallback) }
        let refreshBegins = fault == .loadMoreDuringARefreshBegins && state == .refreshing
        // A refresh begun inside a page's update superseded that page, which still commits its
        // rows and cursor: load more answers for the refresh, not with the committing page.
        if state.isLoading && lane.active == 0 && lane.committing != 0 && !refreshBegins {
            lane.reached.insert(.loadMoreRefusedForARefreshBegunInsideAPageCommit)
            return "refreshInFlight"
        }
        // A page committing (load more from inside its update) is still in flight.
        if (lane.phase == .loadingMore || lane.committing != 0) && fault != .loadMoreFetchesAgain {
            lane.reached.insert(.loadMoreAlreadyLoading)
            return "alreadyLoading(\(lane.name(lane.active + lane.committing)))"
        }
        if state.isLoading && !refreshBegins {
            lane.reached.insert(.loadMoreRefreshInFlight)
            return "refreshInFlight"
        }
        guard lane.hasFirstPage, state == .content || refreshBegins else {
            lane.reached.insert(.loadMoreNoContent)
            return "noContent"
        }
        guard var cursor = lane.nextCursor else {
            lane.reached.insert(.loadMoreEndReached)
            return "endReached"
        }
        lane.reached.insert(lane.phase == .failed ? .loadMoreRetriedAFailedPage : .loadMoreStarted)
        if lane.phase == .failed, fault == .failedPageRetriedFromPageOne, let first = lane.firstPageNext {
            cursor = first
        }
        lane.active = call
        lane.error = nil
        lane.move(to: .loadingMore)
        report(.footerChanged)
        // The footer's renderer is app code: it may have begun a refresh, which cancelled the page.
        if isPageValid(call) {
            lane.known.insert(call)
            lane.cursors[call] = cursor
            log.append("loadPage(#\(call) after \(cursor))")
            reenter(from: .loadPage)
        }
        if byHarness { lane.known.insert(call) }
        return "started(#\(call))"
    }

    /// `cancelLoadMore()`: stops the page in flight, keeping the cursor.
    mutating func cancelPage() -> Bool {
        guard lane.active != 0 else { return false }
        lane.reached.insert(.cancelLoadMore)
        lane.active = 0
        lane.move(to: .idle)
        report(.footerChanged)
        return true
    }

    /// Finishes the known page `reference` names; `nil` when the harness holds none, or the
    /// data source is gone.
    mutating func finishPage(_ reference: ContentStep.Reference, _ outcome: ContentStep.PageOutcome) -> Bool? {
        guard !isReleased, let index = reference.resolve(count: lane.known.count) else { return nil }
        if isReporting { lane.reached.insert(.pageFinishedInsideACallback) }
        let page = lane.knownInOrder[index]
        if fault == .stalePageCommitted, lane.supersededByRefresh.remove(page) != nil,
            case .rows(let count, _) = outcome
        {
            items += ContentStep.PageOutcome.rows(count, page: page, cursor: lane.cursors[page])
            return true
        }
        guard isPageValid(page) else {
            if lane.supersededByRefresh.contains(page) { lane.reached.insert(.stalePageRefused) }
            return false
        }
        switch outcome {
        case .rows(let count, let next):
            lane.active = 0
            lane.committing = page
            items += ContentStep.PageOutcome.rows(count, page: page, cursor: lane.cursors[page])
            reenter(from: .update)
            // A first page committed inside the update owns the lane now; a refresh merely
            // begun there does not stop the page's cursor from going with its rows.
            guard lane.committing == page else { return true }
            lane.committing = 0
            if fault != .cursorNotStoredWithThePage { lane.nextCursor = next }
            lane.reached.insert(next == nil ? .pageCommittedAtTheEnd : .pageCommittedWithNext)
            lane.move(to: next == nil && fault != .endOfListIgnored ? .endReached : .idle)
            report(.footerChanged)
            return true
        case .failure, .cancellation:
            let failure: ContentStep.Outcome = outcome == .cancellation ? .cancellation : .failure(0)
            if askIsCancellation(failure) {
                lane.reached.insert(.pageCancelledByItsError)
                return isPageValid(page) && cancelPage()
            }
            // The classifier is app code: the page must still be current after it.
            guard isPageValid(page) else { return false }
            lane.reached.insert(.pageFailed)
            lane.active = 0
            if case .failure(let id) = outcome { lane.error = RaceError(id) } else { lane.error = RaceError(0) }
            lane.move(to: .failed)
            report(.footerChanged)
            return true
        }
    }

    /// A refresh is beginning: it cancels the page in flight and clears a failed page; a page
    /// committing (the refresh began inside its update) still commits its cursor with its rows.
    mutating func refreshWillBegin() {
        guard fault != .refreshKeepsThePageInFlight else { return }
        if lane.active != 0 {
            lane.supersededByRefresh.insert(lane.active)
            lane.reached.insert(.refreshCancelledAPage)
        }
        lane.active = 0
        if lane.committing != 0 {
            lane.reached.insert(.refreshBegunInsideAPageCommit)
            if fault == .refreshInsideAPageCommitDropsItsCursor { lane.committing = 0 }
        }
        guard lane.phase == .loadingMore || lane.phase == .failed else { return }
        let clearsAFailure = lane.phase == .failed
        if clearsAFailure { lane.reached.insert(.refreshClearedAFailedPage) }
        lane.move(to: .idle)
        lane.error = nil
        if clearsAFailure && fault == .failedPageNoticeOutlivesARefresh { return }
        report(.footerChanged)
    }

    /// A first page was written: the list starts over at `next`.
    mutating func firstPageCommitted(next: Int?) {
        lane.reached.insert(next == nil ? .firstPageAtTheEnd : .firstPageWithNext)
        lane.hasFirstPage = true
        lane.firstPageNext = next
        lane.active = 0
        lane.committing = 0
        lane.nextCursor = next
        lane.move(to: next == nil ? .endReached : .idle)
        lane.error = nil
        report(.footerChanged)
    }

    /// Wrapper `index` is told the lane's footer: it draws it when its kind changes, or for a
    /// newer failure; a failed page's footer asks the delegate for its placeholder first, and
    /// is announced once drawn.
    mutating func showFooter(on index: Int) {
        let kind = lane.footer
        let error = lane.error
        let wrapper = wrappers[index]
        let newFailure = kind == .failed && lane.revision != wrapper.footerRevision
        let draws = kind == .loadingMore ? wrapper.footer != .loadingMore : kind != wrapper.footer || newFailure
        guard draws else { return }
        wrappers[index].footer = kind
        wrappers[index].footerRevision = lane.revision
        wrappers[index].footerError = kind == .failed ? error : nil
        wrappers[index].footerDrawings += 1
        if kind == .failed {
            lane.reached.insert(.failedFooterDrawn)
            log.append("\(wrapper.prefix)failedPage(\(error.map { "\($0)" } ?? "none"))")
            reenter(from: .failedPagePlaceholder)
        }
        log.append("\(wrapper.prefix)content.footer(\(kind.rawValue))")
        reenter(from: .showFooter)
        // A failed page the footer now shows is announced, after the renderer drew it.
        if kind == .failed, fault != .failedPageNotAnnounced {
            log.append("\(wrapper.prefix)announce(pageFailed(\(error.map { "\($0)" } ?? "none")))")
            reenter(from: .announce)
        }
    }
}
