/// The pure timing logic behind ``ContentWrapper``: which state to draw now, when to look
/// again, and which drawn screens are news to announce.
///
/// Times are durations since the wrapper's clock started. The machine never reads a clock,
/// sleeps or calls user code; the wrapper feeds it the time, draws what it returns, and
/// wakes it at ``deadline``.
struct PresentationStateMachine: Sendable {
    let policy: PresentationPolicy
    /// Whether the policy delays the loading screen, or holds it for a minimum; computed once,
    /// so an immediate policy does no `Duration` arithmetic (calls into the standard library).
    private let delaysLoading: Bool
    private let holdsLoading: Bool
    /// Whether ``ContentState/initial`` is drawn as the loading screen: only until the first
    /// load reaches the wrapper, so a cancelled first load does not leave a spinner with
    /// nothing in flight.
    private var initialIsLoading: Bool

    /// The state drawn now.
    private(set) var displayed: ContentState
    /// The load whose outcome the drawn screen shows (see ``LoadingStateMachine/settledLoad``).
    private var displayedLoad: UInt64 = 0
    /// The state the content is in, which the screen catches up with.
    private(set) var target: ContentState = .initial
    /// What the user was last told of (see ``announcement(drawn:load:refreshFailed:)``): the
    /// loading screen, or a settled state and the load whose outcome it showed.
    private var announced: ContentState = .initial
    /// The load whose outcome ``target`` shows.
    private var targetLoad: UInt64 = 0
    /// The load whose outcome ``announced`` showed.
    private var announcedLoad: UInt64 = 0
    /// When the loading screen appeared, while it is displayed.
    private var loadingShownAt: Duration?
    /// When the wrapper must call ``deadlineReached(now:)``; `nil` when nothing is pending.
    private(set) var deadline: Duration?

    init(policy: PresentationPolicy, initialIsLoading: Bool, now: Duration) {
        self.policy = policy
        delaysLoading = policy.loadingDelay > .zero
        holdsLoading = policy.minimumLoadingDuration > .zero
        self.initialIsLoading = initialIsLoading
        displayed = initialIsLoading ? .loading : .initial
        loadingShownAt = initialIsLoading ? now : nil
    }

    /// The content moved to `state`, showing the outcome of load `settledLoad`; returns the
    /// state to draw now, if any.
    ///
    /// A settled state (content, empty, error) is drawn again when its load changed, even if the
    /// state did not: a second error, or new rows from a reload whose loading screen was never
    /// drawn. Receiving what is already drawn draws nothing.
    mutating func receive(_ state: ContentState, settledLoad: UInt64, now: Duration) -> ContentState? {
        if state != .initial { initialIsLoading = false }
        target = state
        targetLoad = settledLoad
        let wanted = screenState(for: state)
        if wanted == .loading {
            if displayed == .loading {
                // Keep the indicator; a result waiting out the minimum is superseded.
                deadline = nil
                return nil
            }
            if !delaysLoading { return draw(.loading, now: now) }
            // A wait already under way keeps its start: reloads do not postpone the indicator.
            if deadline == nil { deadline = now + policy.loadingDelay }
            return nil
        }
        if holdsLoading, displayed == .loading, let shownAt = loadingShownAt,
            now < shownAt + policy.minimumLoadingDuration
        {
            deadline = shownAt + policy.minimumLoadingDuration
            return nil
        }
        deadline = nil
        guard needsDrawing(wanted) else { return nil }
        return draw(wanted, now: now)
    }

    /// The content switched to another source (a segment was selected): draws `state` now,
    /// whatever the policy was holding, so the screen never keeps the previous source's state.
    /// A loading screen drawn so keeps its minimum from now.
    mutating func receiveAtOnce(_ state: ContentState, settledLoad: UInt64, now: Duration) -> ContentState? {
        if state != .initial { initialIsLoading = false }
        target = state
        targetLoad = settledLoad
        deadline = nil
        let wanted = screenState(for: state)
        guard needsDrawing(wanted) else { return nil }
        return draw(wanted, now: now)
    }

    /// The content changed under the refresh in flight (the outcome ``receive(_:settledLoad:now:)``
    /// last received is new): whether the refresh on screen is to be drawn again, showing it. Only
    /// when a refresh is both on screen and wanted; a settled screen already redraws on a new outcome.
    mutating func redrawsRefresh() -> Bool {
        guard displayed == .refreshing, target == .refreshing, targetLoad != displayedLoad else { return false }
        displayedLoad = targetLoad
        return true
    }

    /// Whether ``receive(_:settledLoad:now:)`` reads `now` for `state`: only when the loading
    /// screen is wanted or showing. Otherwise the wrapper need not read its clock.
    func dependsOnTime(receiving state: ContentState) -> Bool {
        displayed == .loading || screenState(for: state) == .loading
    }

    /// The wrapper's timer fired (or the wrapper was asked to catch up); returns the state to
    /// draw now, if any.
    mutating func deadlineReached(now: Duration) -> ContentState? {
        guard let pending = deadline, now >= pending else { return nil }
        deadline = nil
        let wanted = screenState(for: target)
        guard needsDrawing(wanted) else { return nil }
        return draw(wanted, now: now)
    }

    /// The wrapper did not draw the last state this machine returned (a placeholder callback
    /// made it stale while it was being made): `state`, the outcome of load `load`, is still
    /// on screen.
    ///
    /// The newer state follows through ``receive(_:settledLoad:now:)``, which must compare it
    /// with what is really drawn, or it would take the skipped screen for drawn and leave the
    /// old one up. Any loading screen on show has already had its minimum: the machine had
    /// let it go.
    mutating func drawingWasSkipped(stillDisplayed state: ContentState, load: UInt64) {
        displayed = state
        displayedLoad = load
        loadingShownAt = nil
    }

    /// The wrapper drew `state`, showing the outcome of load `load`; returns the state to
    /// announce, if the user perceives news. `refreshFailed`: the content of a refresh that
    /// failed, whose failure is announced right after instead.
    ///
    /// The loading screen is news whenever it is drawn, and it is drawn only for a load that
    /// outlasted the delay. A settled screen (content, empty, error) is news unless it is what
    /// the user was last told of, the same state with the same load's outcome: a second error,
    /// new rows after a refresh, and the previous screen back after the loading screen are
    /// news; content back after a cancelled refresh is not. The initial screen and the
    /// refresh indicator are never announced (the user asked for the refresh).
    mutating func announcement(drawn state: ContentState, load: UInt64, refreshFailed: Bool) -> ContentState? {
        switch state {
        case .loading:
            announced = .loading
            announcedLoad = 0
            return .loading
        case .content, .empty, .error:
            guard state != announced || load != announcedLoad else { return nil }
            announced = state
            announcedLoad = load
            return refreshFailed ? nil : state
        case .initial, .refreshing:
            return nil
        }
    }

    private func needsDrawing(_ wanted: ContentState) -> Bool {
        if wanted != displayed { return true }
        let isSettled = wanted == .content || wanted == .empty || wanted == .error
        return isSettled && targetLoad != displayedLoad
    }

    private func screenState(for state: ContentState) -> ContentState {
        state == .initial && initialIsLoading ? .loading : state
    }

    private mutating func draw(_ state: ContentState, now: Duration) -> ContentState {
        displayed = state
        displayedLoad = targetLoad
        loadingShownAt = state == .loading ? now : nil
        return state
    }
}
