/// What ``PagedDataSource/loadMore()`` did: a request for the next page is never dropped
/// silently.
///
/// ```swift
/// switch dataSource.loadMore() {
/// case .started, .alreadyLoading: break          // the footer shows the indicator
/// case .refused(.endReached): break              // nothing follows the last page
/// case .refused: break                           // ask again when the content is on screen
/// }
/// ```
public enum LoadMoreAnswer: Sendable, Hashable, CustomStringConvertible {
    /// The next page was requested; this is its token.
    case started(LoadingState)
    /// A page was already in flight: nothing was fetched again; this is that page's token.
    case alreadyLoading(LoadingState)
    /// Nothing was fetched, for this reason: the same refusal a page awaited with
    /// ``PagedDataSource/loadMore(ownedBy:)`` ends with (``PageOutcome/refused(_:)``).
    case refused(PageOutcome.Refusal)

    /// The last page had no next cursor: the old name of `refused(.endReached)`.
    @available(*, deprecated, renamed: "refused(_:)")
    public static var endReached: LoadMoreAnswer { .refused(.endReached) }
    /// A first load or refresh is in flight: the old name of `refused(.refreshInFlight)`.
    @available(*, deprecated, renamed: "refused(_:)")
    public static var refreshInFlight: LoadMoreAnswer { .refused(.refreshInFlight) }
    /// No content is on screen: the old name of `refused(.noContent)`.
    @available(*, deprecated, renamed: "refused(_:)")
    public static var noContent: LoadMoreAnswer { .refused(.noContent) }

    /// Whether a page is in flight after this answer.
    public var isLoading: Bool {
        switch self {
        case .started, .alreadyLoading: true
        case .refused: false
        }
    }

    /// The answer's name, for logs.
    public var description: String {
        switch self {
        case .started(let state): "started(\(state))"
        case .alreadyLoading(let state): "alreadyLoading(\(state))"
        case .refused(let reason): "refused(\(reason))"
        }
    }
}
