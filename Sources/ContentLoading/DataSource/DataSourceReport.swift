extension DataSource {
    /// A report queued while another was being delivered (see `reportWillBegin(stateChanged:)`).
    enum Report {
        /// A load began: `dataSourceWillBeginLoading`.
        case willBegin
        /// The content state (or the outcome it shows) changed: the wrapper catches up.
        case stateChanged
        /// A load's result was accepted: `dataSource(_:didFinishLoadingWith:)`.
        case didFinish((any Error)?)
        /// The append lane moved: the wrapper's footer catches up.
        case footerChanged
        /// A failed attempt will be retried: the delegate, then the wrapper.
        case willRetry(RetryAttempt)
        /// The lane's retried load ended: the wrapper forgets the attempt.
        case retryEnded(RetryAttempt.Lane)
        /// A segmented data source selected another child: the wrapper draws its state and its
        /// footer at once.
        case segmentSelected

        /// Whether the wrapper is to draw another state: a screen it is making when this report
        /// is made is stale.
        var movesTheScreen: Bool {
            switch self {
            case .stateChanged, .segmentSelected: true
            case .willBegin, .didFinish, .footerChanged, .willRetry, .retryEnded: false
            }
        }
    }
}
