extension DataSource {
    /// What a wrapper draws for a data source: its state, the load whose outcome that state
    /// shows, and that load's failure (the error screen's, or a refresh's beside its content).
    typealias Presentation = (state: ContentState, settledLoad: UInt64, failure: (any Error)?)

    /// The footer a wrapper draws for a data source, and its revision.
    typealias FooterOnScreen = (footer: Footer, revision: UInt64)

    /// What a data source tells its delegate and wrapper: one event, with the state or footer it
    /// reports, as they were when it was made. It is delivered at once, or queued behind the
    /// report being delivered (see `report(_:)`).
    enum Report {
        /// A load began: `dataSourceWillBeginLoading`, then, if the state moved (`moved` is the
        /// state it moved to), the wrapper.
        case willBegin(moved: Presentation?)
        /// The content state (or the outcome it shows) changed: the wrapper draws it.
        case stateChanged(Presentation)
        /// The content changed under a refresh in flight, which keeps the state (a shared store's
        /// write while its key refreshes): the wrapper draws the refresh again.
        case refreshRedrawn(Presentation)
        /// A load's result was accepted and settled: the wrapper, then `didFinishLoadingWith`
        /// with the load's error.
        case didFinish((any Error)?, Presentation)
        /// The append lane moved: the wrapper draws the footer.
        case footerChanged(FooterOnScreen)
        /// A failed attempt will be retried: the delegate, then the wrapper.
        case willRetry(RetryAttempt)
        /// The lane's retried load ended: the wrapper forgets the attempt.
        case retryEnded(RetryAttempt.Lane)
        /// A segmented data source selected another child: the wrapper draws its state and its
        /// footer at once.
        case segmentSelected(Presentation, FooterOnScreen)

        /// The state this report tells the wrapper, if it tells one.
        var presentation: Presentation? {
            switch self {
            case .willBegin(let moved): moved
            case .stateChanged(let presentation), .refreshRedrawn(let presentation),
                .didFinish(_, let presentation), .segmentSelected(let presentation, _):
                presentation
            case .footerChanged, .willRetry, .retryEnded: nil
            }
        }

        /// The footer this report tells the wrapper, if it tells one.
        var footer: FooterOnScreen? {
            switch self {
            case .footerChanged(let footer), .segmentSelected(_, let footer): footer
            default: nil
            }
        }

        /// Whether the wrapper is to draw another state: a screen it is making when this report
        /// is made is stale.
        var movesTheScreen: Bool {
            switch self {
            case .willBegin(let moved): moved != nil
            case .stateChanged, .didFinish, .segmentSelected: true
            case .refreshRedrawn, .footerChanged, .willRetry, .retryEnded: false
            }
        }

        /// The observed property this report moves, if any (see DataSource+Observation.swift).
        var movedKey: ObservedKeys? {
            switch self {
            case .willBegin(let moved): moved != nil ? .contentState : nil
            case .stateChanged, .didFinish, .segmentSelected: .contentState
            case .footerChanged: .appendLane
            case .refreshRedrawn, .willRetry, .retryEnded: nil
            }
        }
    }
}
