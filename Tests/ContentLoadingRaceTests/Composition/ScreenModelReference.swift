import ContentLoading

/// What the reference knows of the wrapper a container drives (immediate policy, the
/// on-boarding placeholder first), as its contract states: a state is drawn when it differs
/// from the one decided on, and a settled state (content, empty, error) again when it shows a
/// newer outcome; content whose outcome carries a failure is followed by one refresh-failure
/// report per outcome; what the user perceives is announced. How it draws, calling back, is in
/// CompositionReferenceModel+Reports.swift.
struct ScreenModelReference {
    /// The state its presentation last decided to draw, and that outcome.
    var decided: ContentState = .initial
    var decidedOutcome: UInt64 = 0
    /// The state drawn now, and the outcome it shows.
    var drawn: ContentState = .initial
    var drawnOutcome: UInt64 = 0
    /// The outcome whose failure was last reported beside the content.
    var reportedOutcome: UInt64 = 0
    /// Whether the container is telling it the state (a placeholder it asks for may move it),
    /// and how many times the container said a newer state is on its way.
    var isBeingTold = false
    var pendingStateChanges = 0
    /// What the user was last told of: the loading screen (outcome 0), or a settled state and
    /// the outcome it showed.
    var announced: ContentState = .initial
    var announcedOutcome: UInt64 = 0

    /// Whether it draws `state`, showing `outcome`, when told.
    func draws(_ state: ContentState, outcome: UInt64) -> Bool {
        let settled = state == .content || state == .empty || state == .error
        return state != decided || (settled && outcome != decidedOutcome)
    }

    /// What the user is told of `state`, just drawn showing `outcome` (`nil`: nothing): the
    /// loading screen always; a settled state unless it is the one last announced with the
    /// same outcome, and not the content of a failed refresh (whose failure is announced
    /// instead); the initial screen and the refresh indicator never.
    mutating func announcement(of state: ContentState, outcome: UInt64, refreshFailed: Bool) -> ContentState? {
        switch state {
        case .loading:
            announced = .loading
            announcedOutcome = 0
            return .loading
        case .content, .empty, .error:
            guard state != announced || outcome != announcedOutcome else { return nil }
            announced = state
            announcedOutcome = outcome
            return refreshFailed ? nil : state
        case .initial, .refreshing:
            return nil
        }
    }

    /// The renderer that draws `state`, as the wrapper's roles share them: content and
    /// refreshing share the content renderer; the on-boarding placeholder is the empty one's.
    static func renderer(of state: ContentState) -> Int {
        switch state {
        case .content, .refreshing: 0
        case .loading: 1
        case .initial, .empty: 2
        case .error: 3
        }
    }
}
