extension DataSource {
    /// What a data source tells its delegate and wrapper: one event, delivered at once or queued
    /// behind the report being delivered (see `report(_:)`).
    enum Report {
        /// A load began: `dataSourceWillBeginLoading`, then, if the state moved, the wrapper.
        case willBegin(stateChanged: Bool)
        /// The content state (or the outcome it shows) changed: the wrapper catches up.
        case stateChanged
        /// The content changed under a refresh in flight, which keeps the state (a shared store's
        /// write while its key refreshes): the wrapper draws the refresh again.
        case refreshRedrawn
        /// A load's result was accepted and settled: the wrapper, then `didFinishLoadingWith`.
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
            case .willBegin(let stateChanged): stateChanged
            case .stateChanged, .didFinish, .segmentSelected: true
            case .refreshRedrawn, .footerChanged, .willRetry, .retryEnded: false
            }
        }

        /// The observed property this report moves, if any (see DataSource+Observation.swift).
        var movedKey: ObservedKeys? {
            switch self {
            case .willBegin(let stateChanged): stateChanged ? .contentState : nil
            case .stateChanged, .didFinish, .segmentSelected: .contentState
            case .footerChanged: .appendLane
            case .refreshRedrawn, .willRetry, .retryEnded: nil
            }
        }
    }
}
