import ContentLoading
import ContentLoadingTestSupport

/// The append lane's steps against the real paged data source.
extension ContentLiveSystem {
    /// `loadMore()`, numbered as the next call; the answer names a page by the call that began
    /// it. `nil` once the data source is gone.
    func loadMore() -> String? {
        guard let dataSource = weakDataSource else { return nil }
        pageCalls += 1
        let call = pageCalls
        callStack.append(call)
        let answer = dataSource.loadMore()
        callStack.removeLast()
        switch answer {
        case .started(let token):
            note(token, page: call)
            return "started(\(name(token)))"
        case .alreadyLoading(let token): return "alreadyLoading(\(name(token)))"
        case .refused(.endReached): return "endReached"
        case .refused(.refreshInFlight): return "refreshInFlight"
        case .refused(.noContent): return "noContent"
        }
    }

    /// Taps the Retry of the failed page's footer drawn now, as a `loadMore()` call whose
    /// answer goes nowhere.
    func tapFooterAction() {
        guard case .failed = wrapper.footer.state, let placeholder = wrapper.footer.placeholder, weakDataSource != nil
        else { return }
        pageCalls += 1
        callStack.append(pageCalls)
        placeholder.action?.perform()
        callStack.removeLast()
    }

    /// Finishes the known page `reference` names; `nil` when the harness holds none, or the
    /// data source is gone.
    func finishPage(_ reference: ContentStep.Reference, _ outcome: ContentStep.PageOutcome) -> Bool? {
        guard let dataSource = weakDataSource, let index = reference.resolve(count: pageTokens.count) else {
            return nil
        }
        let page = pageTokens.keys.sorted()[index]
        let token = pageTokens[page]!
        switch outcome {
        case .rows(let count, let next):
            let rows = ContentStep.PageOutcome.rows(count, page: page, cursor: pageCursors[page])
            if fault == .pageRowsWrittenBeforeFinish {
                dataSource.items += rows
                // The update still calls back: only the write comes too early.
                return dataSource.finishPage(token, next: next) { [weak self] in self?.reenter(from: .update) }
            }
            return dataSource.finishPage(token, next: next) { [weak self] in
                dataSource.items += rows
                self?.reenter(from: .update)
            }
        case .failure(let id):
            return dataSource.finishPage(token, error: RaceError(id))
        case .cancellation:
            return dataSource.finishPage(token, error: CancellationError())
        }
    }

    /// `loadPage(after:_:)`: the page belongs to the innermost `loadMore()` call under way.
    func pageRequested(at cursor: Int, _ token: LoadingState) {
        let page = callStack.last ?? 0
        note(token, page: page)
        pageCursors[page] = cursor
        log.append("loadPage(#\(page) after \(cursor))")
        reenter(from: .loadPage)
    }

    /// A footer as the comparison names it.
    static func describe(_ footer: Footer) -> String {
        switch footer.state {
        case .idle: "hidden"
        case .loadingMore: "loadingMore"
        case .failed(let error): "failed(\(error))"
        case .endReached: "endReached"
        }
    }

    private func note(_ token: LoadingState, page: Int) {
        guard pageNumbers[token] == nil else { return }
        pageNumbers[token] = page
        pageTokens[page] = token
    }

    private func name(_ token: LoadingState) -> String { pageNumbers[token].map { "#\($0)" } ?? "?" }
}
