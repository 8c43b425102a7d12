import ContentLoading

/// The real capped data source of the page cap lane, driven as the reference is: every
/// answer names a page token by its place among the pages requested.
@MainActor
final class PageCapLiveSystem {
    let dataSource: CapRowsDataSource

    init(maxPages: Int?) {
        dataSource = CapRowsDataSource(maxPages: maxPages)
    }

    var rows: [String] { dataSource.pages.flatMap { $0 } }
    var requests: [String] {
        dataSource.pageRequests.map { "\($0.previous ? "before" : "after") \($0.cursor.map(String.init) ?? "nil")" }
    }

    /// Runs `step`; the answer mirrors ``PageCapReferenceModel/apply(_:)``.
    func apply(_ step: PageCapStep) -> String? {
        switch step {
        case .refresh:
            dataSource.loadContent()
            return nil
        case .finishFirst(let reference, let outcome):
            let tokens = dataSource.firstTokens
            guard let index = reference.resolve(count: tokens.count) else { return nil }
            let token = tokens[index]
            switch outcome {
            case .rows(let next):
                let rows = PageCapReferenceModel.rows(first: index + 1)
                return dataSource.finishFirstPage(token, next: next) { dataSource.pages = [rows] }.description
            case .failure(let id):
                return dataSource.loadingCoordinator.finish(token, error: RaceError(id)).description
            case .cancellation:
                return dataSource.loadingCoordinator.finish(token, error: CancellationError()).description
            }
        case .loadMore:
            return describe(dataSource.loadMore())
        case .loadPrevious:
            return describe(dataSource.loadPrevious())
        case .finishPage(let reference, let outcome, let wrongEnd):
            let requests = dataSource.pageRequests
            guard let index = reference.resolve(count: requests.count) else { return nil }
            let (token, previous, cursor) = requests[index]
            switch outcome {
            case .rows(let next):
                let rows = PageCapReferenceModel.rows(page: index + 1, cursor: cursor)
                let dataSource = self.dataSource
                if previous != wrongEnd {
                    return dataSource.finishPreviousPage(token) { dataSource.pages.insert(rows, at: 0) }.description
                }
                return dataSource.finishPage(token, next: next) { dataSource.pages.append(rows) }.description
            case .failure(let id):
                return dataSource.finishPage(token, error: RaceError(id)).description
            case .cancellation:
                return dataSource.finishPage(token, error: CancellationError()).description
            }
        case .cancelPage:
            return dataSource.cancelLoadMore().description
        }
    }

    /// An answer as the reference names it: a page by its place among the pages requested.
    private func describe(_ answer: LoadMoreAnswer) -> String {
        switch answer {
        case .started(let token): "started(\(name(token)))"
        case .alreadyLoading(let token): "alreadyLoading(\(name(token)))"
        case .refused(.endReached): "endReached"
        case .refused(.refreshInFlight): "refreshInFlight"
        case .refused(.noContent): "noContent"
        }
    }

    private func name(_ token: LoadingState) -> String {
        dataSource.pageRequests.firstIndex { $0.state == token }.map { "#\($0 + 1)" } ?? "?"
    }
}
