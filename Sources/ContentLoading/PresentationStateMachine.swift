/// The pure timing logic behind ``ContentWrapper``: which state to draw now, and when to
/// look again.
///
/// Times are durations since the wrapper's clock started. The machine never reads a clock,
/// sleeps or calls user code; the wrapper feeds it the time, draws what it returns, and
/// wakes it at ``deadline``.
struct PresentationStateMachine: Sendable {
    let policy: PresentationPolicy
    /// Whether ``ContentState/initial`` is drawn as the loading screen.
    let initialIsLoading: Bool

    /// The state drawn now.
    private(set) var displayed: ContentState
    /// The state the content is in, which the screen catches up with.
    private(set) var target: ContentState = .initial
    /// When the loading screen appeared, while it is displayed.
    private var loadingShownAt: Duration?
    /// When the wrapper must call ``deadlineReached(now:)``; `nil` when nothing is pending.
    private(set) var deadline: Duration?

    init(policy: PresentationPolicy, initialIsLoading: Bool, now: Duration) {
        self.policy = policy
        self.initialIsLoading = initialIsLoading
        displayed = initialIsLoading ? .loading : .initial
        loadingShownAt = initialIsLoading ? now : nil
    }

    /// The content moved to `state`; returns the state to draw now, if any.
    ///
    /// `freshError` says that `state` is an error not shown before, which is drawn even when
    /// an error is already showing.
    mutating func receive(_ state: ContentState, freshError: Bool, now: Duration) -> ContentState? {
        target = state
        let wanted = screenState(for: state)
        if wanted == .loading {
            if displayed == .loading {
                // Keep the indicator; a result waiting out the minimum is superseded.
                deadline = nil
                return nil
            }
            if policy.loadingDelay <= .zero { return draw(.loading, now: now) }
            // A wait already under way keeps its start: reloads do not postpone the indicator.
            if deadline == nil { deadline = now + policy.loadingDelay }
            return nil
        }
        if displayed == .loading, let shownAt = loadingShownAt, now < shownAt + policy.minimumLoadingDuration {
            deadline = shownAt + policy.minimumLoadingDuration
            return nil
        }
        deadline = nil
        if wanted == displayed && !(wanted == .error && freshError) { return nil }
        return draw(wanted, now: now)
    }

    /// The wrapper's timer fired; returns the state to draw now, if any.
    mutating func deadlineReached(now: Duration) -> ContentState? {
        guard let pending = deadline, now >= pending else { return nil }
        deadline = nil
        let wanted = screenState(for: target)
        guard wanted != displayed else { return nil }
        return draw(wanted, now: now)
    }

    private func screenState(for state: ContentState) -> ContentState {
        state == .initial && initialIsLoading ? .loading : state
    }

    private mutating func draw(_ state: ContentState, now: Duration) -> ContentState {
        displayed = state
        loadingShownAt = state == .loading ? now : nil
        return state
    }
}
