/// What ``PagedDataSource/loadMore()`` did: a request for the next page is never dropped
/// silently.
///
/// ```swift
/// switch dataSource.loadMore() {
/// case .started, .alreadyLoading: break          // the footer shows the indicator
/// case .endReached: break                        // nothing follows the last page
/// case .refreshInFlight, .noContent: break       // ask again when the content is on screen
/// }
/// ```
public enum LoadMoreAnswer: Sendable, Hashable, CustomStringConvertible {
    /// The next page was requested; this is its token.
    case started(LoadingState)
    /// A page was already in flight: nothing was fetched again; this is that page's token.
    case alreadyLoading(LoadingState)
    /// The last page had no next cursor: nothing was fetched. A refresh starts the list over.
    case endReached
    /// A first load or refresh is in flight: nothing was fetched. The refresh replaces the
    /// list, so a page of the old one would be stale; ask again once it lands.
    case refreshInFlight
    /// No content is on screen (no first page committed, or the state is not
    /// ``ContentState/content``): nothing was fetched. There is nothing to extend.
    case noContent

    /// Whether a page is in flight after this answer.
    public var isLoading: Bool {
        switch self {
        case .started, .alreadyLoading: true
        case .endReached, .refreshInFlight, .noContent: false
        }
    }

    /// The answer's name, for logs.
    public var description: String {
        switch self {
        case .started(let state): "started(\(state))"
        case .alreadyLoading(let state): "alreadyLoading(\(state))"
        case .endReached: "endReached"
        case .refreshInFlight: "refreshInFlight"
        case .noContent: "noContent"
        }
    }
}
