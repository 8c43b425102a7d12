/// A point where the framework calls a retry race's app code, in the data source or in one of
/// the two delegates: a re-entrant step (``RetryStep/reenter(_:_:)``) acts there the next
/// time it is called.
enum RetrySite: CaseIterable, LoadReportSite, Sendable, CustomStringConvertible {
    /// `dataSourceWillBeginLoading(_:)`.
    case willBegin
    /// `dataSource(_:didFinishLoadingWith:)`.
    case didFinish
    /// `dataSource(_:willRetry:)`: the data source's delegate hears of a retry.
    case willRetry
    /// `contentWrapper(_:willRetry:)`: the wrapper's delegate hears of it, after the wrapper
    /// took it.
    case wrapperWillRetry
    /// `contentWrapper(_:announce:)` of a retry.
    case announceRetry
    /// `contentWrapper(_:didFailToRefreshWith:)`.
    case didFailToRefresh
    /// `contentWrapper(_:placeholderFor:proposed:)`, asked while the error screen is made.
    case errorPlaceholder
    /// `contentWrapper(_:placeholderForFailedPage:proposed:)`, asked while a failed page's
    /// footer is made.
    case failedPagePlaceholder
    /// The data source's `hasContent`.
    case hasContent
    /// A content load's commit (a first page's, a plain load's, or a finish by hand's update),
    /// after it wrote the rows.
    case commit
    /// A page's commit, after it appended its rows.
    case pageCommit

    var description: String {
        switch self {
        case .willBegin: ".willBegin"
        case .didFinish: ".didFinish"
        case .willRetry: ".willRetry"
        case .wrapperWillRetry: ".wrapperWillRetry"
        case .announceRetry: ".announceRetry"
        case .didFailToRefresh: ".didFailToRefresh"
        case .errorPlaceholder: ".errorPlaceholder"
        case .failedPagePlaceholder: ".failedPagePlaceholder"
        case .hasContent: ".hasContent"
        case .commit: ".commit"
        case .pageCommit: ".pageCommit"
        }
    }
}
