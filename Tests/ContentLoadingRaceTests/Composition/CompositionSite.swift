/// A point where the framework calls a composition run's app code: a child's `hasContent` or
/// its finish's update, the container's delegate, the wrapper's delegate or a renderer. A
/// re-entrant step (``CompositionStep/reenter(_:_:)``) acts there the next time it is called.
enum CompositionSite: CaseIterable, LoadReportSite, Sendable, CustomStringConvertible {
    /// The container's `dataSourceWillBeginLoading(_:)`.
    case willBegin
    /// The container's `dataSource(_:didFinishLoadingWith:)`.
    case didFinish
    /// `contentWrapper(_:willShow:)`.
    case willShow
    /// `contentWrapper(_:didShow:)`.
    case didShow
    /// A renderer's `show(_:)`.
    case rendererShow
    /// A renderer's `hide()`.
    case rendererHide
    /// `contentWrapper(_:placeholderForEmpty:)`.
    case emptyPlaceholder
    /// `contentWrapper(_:placeholderFor:proposed:)`.
    case errorPlaceholder
    /// `contentWrapper(_:didFailToRefreshWith:)`.
    case didFailToRefresh
    /// `contentWrapper(_:announce:)`.
    case announce
    /// Any child's `hasContent`.
    case hasContent
    /// Any child's finish's update, after it wrote the child's model.
    case update

    var description: String {
        switch self {
        case .willBegin: ".willBegin"
        case .didFinish: ".didFinish"
        case .willShow: ".willShow"
        case .didShow: ".didShow"
        case .rendererShow: ".rendererShow"
        case .rendererHide: ".rendererHide"
        case .emptyPlaceholder: ".emptyPlaceholder"
        case .errorPlaceholder: ".errorPlaceholder"
        case .didFailToRefresh: ".didFailToRefresh"
        case .announce: ".announce"
        case .hasContent: ".hasContent"
        case .update: ".update"
        }
    }
}
