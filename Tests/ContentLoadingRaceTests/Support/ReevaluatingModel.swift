import ContentLoading

/// A reference model of one data source's loads, whose settled state may show a failure: the
/// Content, Retry and composition-child models share how a settled state is re-evaluated.
protocol ReevaluatingModel {
    /// Whether the settled state shows the failure of the load it settled on.
    var settledLoadFailed: Bool { get set }
}

extension ReevaluatingModel {
    /// What a settled state becomes for the model as it is: content and empty follow it, and an
    /// error gives way to content it holds (no longer showing its failure).
    mutating func reevaluated(_ settled: ContentState, hasContent: Bool) -> ContentState {
        switch settled {
        case .content where !hasContent: return .empty
        case .empty where hasContent: return .content
        case .error where hasContent:
            settledLoadFailed = false
            return .content
        default: return settled
        }
    }
}
