/// Shows one of four renderers — content, loading, empty, error — for the state a
/// ``DataSource`` is in, timed so that loading screens neither flash nor blink.
///
/// ```swift
/// let wrapper = ContentWrapper(content: listRenderer, loading: spinnerRenderer,
///                              empty: placeholderRenderer, error: placeholderRenderer)
/// wrapper.delegate = self      // optional: customise placeholders, hear about switches
/// ```
///
/// Return it from ``DataSourceDelegate/contentWrapper(for:)``. The wrapper draws its
/// ``InitialScreen`` when created (by default ``InitialScreen/blank``: nothing, until the first
/// load's loading screen or result) and then follows the data source: at most one renderer is
/// visible at a time (``ContentState/refreshing`` is the content renderer with its refresh
/// indicator), every real change reaches the renderers once and in order, and a switch that
/// changes nothing is not reported. A change requested from inside a renderer or delegate
/// callback is drawn after the current one completes.
///
/// The ``PresentationPolicy`` decides when the loading screen appears and how long it stays;
/// the clock it is measured with is injected, so tests can drive it by hand.
@MainActor
public final class ContentWrapper {
    // Gate: Announcing.ContentLoading.FirstLoad.Ratio ≤ 140%, the 0.5 µs budget of a synchronous
    // load with an announcing delegate (docs/Benchmarks.md): its stored state skips the run-time
    // exclusivity check, with which such a load does not fit. Safe because it is used only on the
    // main actor and never changed in place across a call to app code.

    /// Customises placeholders, hears about switches and what to announce; held weakly.
    @exclusivity(unchecked) public weak var delegate: (any ContentWrapperDelegate)?

    /// The screen drawn now: read it in UIKit code and tests that check what the user sees.
    ///
    /// ``Screen/blank`` while no renderer is shown. A SwiftUI view observes a ``ScreenModel``
    /// instead (see <doc:ObservingScreens>, "Which to read").
    public var screen: Screen {
        switch drawnState {
        case .loading: .loading
        case .refreshing: .content(isRefreshing: true)
        case .content: .content(isRefreshing: false)
        case .initial, .empty, .error: placeholderScreen
        }
    }

    /// The state of ``screen``.
    @exclusivity(unchecked) var drawnState: ContentState
    /// The load whose outcome ``screen`` shows (see ``show(_:settledLoad:failure:redrawingRefresh:)``).
    @exclusivity(unchecked) var drawnLoad: UInt64 = 0
    /// ``screen`` while it shows a placeholder (initial, empty, error) or is blank; otherwise a
    /// screen without a payload (`.loading`), so a placeholder's error and action are released
    /// once it is gone.
    @exclusivity(unchecked) var placeholderScreen: Screen = .loading
    /// The role that draws ``ContentState/initial``: none for a blank first frame, else the
    /// empty renderer (``InitialScreen/loading`` shows its placeholder after a cancelled first load).
    let initialRole: Role
    /// Whether a screen is being drawn: a draw requested meanwhile is queued in ``queuedDraws``.
    @exclusivity(unchecked) var isDrawing = false
    /// Draws requested while drawing: they run, in order, after the current one.
    @exclusivity(unchecked) var queuedDraws: [Draw] = []
    /// How many times a data source said a newer state is on its way (see
    /// ``newerStateIsPending()``; wrapping).
    @exclusivity(unchecked) var pendingStateChanges: UInt32 = 0
    /// What a ``ScreenModel`` and the screen streams hear from this wrapper; made when one is
    /// first asked for (see ``screenObservation``), so a wrapper nobody observes pays a `nil`
    /// check per draw.
    @exclusivity(unchecked) var observation: ScreenObservation?

    /// When the loading screen appears and how long it stays.
    public let policy: PresentationPolicy
    /// Whether ``policy`` shows every state at once: then no draw reads the clock.
    let isImmediate: Bool

    let contentRenderer: any ContentRenderer
    let loadingRenderer: any ContentRenderer
    let emptyRenderer: any ContentRenderer
    let errorRenderer: any ContentRenderer
    let initialScreen: InitialScreen
    let clock: PresentationClock
    @exclusivity(unchecked) var machine: PresentationStateMachine
    /// The failure of the outcome the content is in: drawn on the error screen, or reported
    /// beside the content when a refresh failed.
    @exclusivity(unchecked) var failure: (any Error)?
    /// The load whose outcome the content is in (see ``show(_:settledLoad:failure:redrawingRefresh:)``).
    @exclusivity(unchecked) var settledLoad: UInt64 = 0
    /// The last load whose failed refresh was reported, so each is reported once.
    @exclusivity(unchecked) var reportedRefreshFailure: UInt64 = 0

    /// Wakes the machine at its deadline; it sleeps on past a deadline that was dropped and
    /// wakes to find nothing due, so rapid loads do not start a task each.
    @exclusivity(unchecked) var timer: Task<Void, Never>?
    /// When ``timer`` wakes next.
    @exclusivity(unchecked) var timerDeadline: Duration?

    /// Times the footer (a paged data source's append lane; see ContentWrapper+Footer.swift).
    @exclusivity(unchecked) var footerMachine: FooterPresentationStateMachine
    /// ``footer``, and the lane's revision it shows.
    @exclusivity(unchecked) var drawnFooter = Footer(.idle)
    @exclusivity(unchecked) var drawnFooterRevision: UInt64 = 0
    /// The failed page the lane last reported, kept while its footer is wanted or drawn.
    @exclusivity(unchecked) var failedPage: (error: any Error, placeholder: Placeholder)?
    /// ``retryAttempt`` (see ContentWrapper+Retry.swift).
    @exclusivity(unchecked) var currentRetry: RetryAttempt?

    /// Creates a wrapper around four renderers and draws `initialScreen`.
    ///
    /// - Parameters:
    ///   - content: Draws the content, and the refresh indicator while refreshing.
    ///   - loading: Draws the loading screen.
    ///   - empty: Draws the initial and empty placeholders.
    ///   - error: Draws the error placeholder.
    ///   - initialScreen: What shows before anything has loaded: by default nothing, until the
    ///     first load's loading delay runs out or its result arrives (see ``InitialScreen``).
    ///   - policy: When the loading screen appears and how long it stays.
    ///   - clock: Measures the policy's durations; tests pass a manual clock.
    public init(
        content: any ContentRenderer,
        loading: any ContentRenderer,
        empty: any ContentRenderer,
        error: any ContentRenderer,
        initialScreen: InitialScreen = .blank,
        policy: PresentationPolicy = .standard,
        clock: some Clock<Duration> = ContinuousClock()
    ) {
        contentRenderer = content
        loadingRenderer = loading
        emptyRenderer = empty
        errorRenderer = error
        self.initialScreen = initialScreen
        self.policy = policy
        isImmediate = policy.isImmediate
        self.clock = PresentationClock(clock)
        let initialIsLoading: Bool
        switch initialScreen {
        case .blank:
            placeholderScreen = .blank
            drawnState = .initial
            initialRole = .none
            initialIsLoading = false
        case .placeholder(let placeholder):
            // Drawn now: its action (if any) acts while this screen is the one drawn.
            placeholderScreen = .initial(placeholder.drawn())
            drawnState = .initial
            initialRole = .empty
            initialIsLoading = false
        case .loading:
            drawnState = .loading
            initialRole = .empty
            initialIsLoading = true
        }
        machine = PresentationStateMachine(policy: policy, initialIsLoading: initialIsLoading, now: .zero)
        footerMachine = FooterPresentationStateMachine(policy: policy)
        show(screen, by: role(of: drawnState))
    }

    deinit {
        // The timer holds the wrapper weakly; stop its sleep too.
        timer?.cancel()
        // Nothing this wrapper drew is shown any more: the actions it drew stop acting.
        placeholderScreen.endDrawing()
        drawnFooter.endDrawing()
    }

    /// The state drawn now: read it, as ``screen``, in UIKit code and tests that check what the
    /// user sees.
    ///
    /// It lags the data source's while the policy holds a screen, and is
    /// ``ContentState/initial`` while the screen is ``Screen/blank``. ``DataSource/contentState``
    /// is the state ahead of the drawing (see <doc:ObservingScreens>, "Which to read").
    public var displayedState: ContentState { drawnState }

    /// Whether the policy is holding a change back: the loading screen is due after its delay,
    /// or a result waits out the loading screen's minimum. `false` once the screen has caught
    /// up with the data source. The footer's loading-more indicator counts too.
    public var isPresentationPending: Bool { machine.deadline != nil || footerMachine.deadline != nil }

    /// Draws at once whatever the policy was holding back and the clock now says is due.
    ///
    /// The wrapper does this by itself when its timer fires; call it after advancing a test
    /// clock to see the result without waiting for the timer's task:
    ///
    /// ```swift
    /// clock.advance(by: .milliseconds(500))
    /// wrapper.presentDueChanges()
    /// #expect(wrapper.displayedState == .loading)
    /// ```
    public func presentDueChanges() {
        if let drawn = deadlineReached() {
            present(drawn)
        }
        if footerDeadlineReached() { draw(.footer) }
        scheduleTimerIfNeeded()
        publishDrawnChange()
    }

    // MARK: - Input from the data source

    /// The content is in `state`, showing the outcome of load `settledLoad`, whose `failure`
    /// is the error screen's error (or, in ``ContentState/content``, a failed refresh's).
    ///
    /// Idempotent: telling the wrapper what it already shows draws nothing, so a data source
    /// can always send the state as it is now. `redrawingRefresh`: the content changed under the
    /// refresh in flight, so a refresh on screen is drawn again, showing outcome `settledLoad`.
    func show(_ state: ContentState, settledLoad: UInt64, failure: (any Error)?, redrawingRefresh: Bool = false) {
        self.failure = failure
        self.settledLoad = settledLoad
        observation?.wrapperWasTold(state)
        // The clock is read only when the answer can depend on it.
        let now = isImmediate || !machine.dependsOnTime(receiving: state) ? .zero : clock.now()
        if let drawn = machine.receive(state, settledLoad: settledLoad, now: now) {
            present(drawn)
        } else if redrawingRefresh, machine.redrawsRefresh() {
            draw(.refreshRedrawn(load: settledLoad))
        }
        scheduleTimerIfNeeded()
        publishDrawnChange()
    }

    /// A data source's state moved while it was telling this wrapper the previous one; the
    /// newer state follows as soon as that report ends.
    func newerStateIsPending() {
        pendingStateChanges &+= 1
    }
}

extension ContentWrapper {
    /// One thing to draw, queued while another is being drawn.
    enum Draw {
        /// The screen of `state`, showing the outcome of `load`; `refreshFailed` when it is
        /// the content of a failed refresh, reported (and announced) right after.
        case screen(ContentState, load: UInt64, refreshFailed: Bool)
        /// The report of a refresh that failed beside its content.
        case refreshFailure(any Error)
        /// The refresh drawn again, showing the outcome of `load`: its content changed under it.
        case refreshRedrawn(load: UInt64)
        /// The footer the footer machine displays (see ContentWrapper+Footer.swift).
        case footer
    }
}

extension ContentWrapper {
    /// The part a renderer plays. The initial screen is drawn by the empty renderer, or by
    /// none (``none``) when it is blank: see ``ContentWrapper/role(of:)``.
    enum Role: UInt8 {
        case content, loading, empty, error
        /// No renderer: the screen is ``Screen/blank``.
        case none

        init(_ state: ContentState) {
            switch state {
            case .initial, .empty: self = .empty
            case .loading: self = .loading
            case .refreshing, .content: self = .content
            case .error: self = .error
            }
        }
    }
}

/// The four renderers: which roles share one object, and showing or hiding the one a role names.
extension ContentWrapper {
    /// The role that draws `state`: ``initialRole`` for the initial state.
    func role(of state: ContentState) -> Role {
        state == .initial ? initialRole : Role(state)
    }

    /// Whether roles `first` and `second` are played by one renderer object.
    func shareRenderer(_ first: Role, _ second: Role) -> Bool {
        guard let first = rendererIdentity(first), let second = rendererIdentity(second) else { return false }
        return first == second
    }

    /// The identity of the renderer that plays `role` (one object may play several); none for
    /// ``Role/none``.
    func rendererIdentity(_ role: Role) -> ObjectIdentifier? {
        switch role {
        case .content: ObjectIdentifier(contentRenderer)
        case .loading: ObjectIdentifier(loadingRenderer)
        case .empty: ObjectIdentifier(emptyRenderer)
        case .error: ObjectIdentifier(errorRenderer)
        case .none: nil
        }
    }

    func show(_ screen: Screen, by role: Role) {
        switch role {
        case .content: contentRenderer.show(screen)
        case .loading: loadingRenderer.show(screen)
        case .empty: emptyRenderer.show(screen)
        case .error: errorRenderer.show(screen)
        case .none: break
        }
    }

    func hide(by role: Role) {
        switch role {
        case .content: contentRenderer.hide()
        case .loading: loadingRenderer.hide()
        case .empty: emptyRenderer.hide()
        case .error: errorRenderer.hide()
        case .none: break
        }
    }
}

/// The wrapper's timer: it wakes the presentation machine at its deadline.
extension ContentWrapper {
    /// The machine's answer to its deadline, now.
    func deadlineReached() -> ContentState? {
        machine.deadlineReached(now: clock.now())
    }

    /// When the screen's or the footer's machine must be woken next.
    var nextDeadline: Duration? {
        guard let footerDeadline = footerMachine.deadline else { return machine.deadline }
        guard let deadline = machine.deadline else { return footerDeadline }
        return min(deadline, footerDeadline)
    }

    func scheduleTimerIfNeeded() {
        guard let deadline = nextDeadline else { return }
        // A timer that wakes no later than this deadline re-arms itself when it wakes.
        if let timerDeadline, timerDeadline <= deadline { return }
        let previous = timer
        previous?.cancel()
        timerDeadline = deadline
        let clock = self.clock
        timer = Task { [weak self] in
            var next = deadline
            while true {
                do {
                    try await clock.sleep(until: next)
                } catch {
                    return  // Cancelled: an earlier deadline replaced this timer.
                }
                guard !Task.isCancelled, let following = self?.timerFired() else { return }
                next = following
            }
        }
    }

    /// Draws what is due; returns when to wake next, or `nil` to stop the timer.
    func timerFired() -> Duration? {
        if let drawn = deadlineReached() {
            present(drawn)
        }
        if footerDeadlineReached() { draw(.footer) }
        publishDrawnChange()
        guard let deadline = nextDeadline else {
            timer = nil
            timerDeadline = nil
            return nil
        }
        timerDeadline = deadline
        return deadline
    }
}

/// Drawing: one screen at a time, in order, with the delegate told before and after, and what
/// the user perceives announced.
extension ContentWrapper {
    /// Draws `state`, then reports a refresh that failed beside the content, once.
    func present(_ state: ContentState) {
        let load = settledLoad
        // Decided before drawing, so the content is drawn knowing the report follows it.
        if state == .content, reportedRefreshFailure != load, let failure {
            reportedRefreshFailure = load
            draw(.screen(state, load: load, refreshFailed: true))
            draw(.refreshFailure(failure))
        } else {
            draw(.screen(state, load: load, refreshFailed: false))
        }
    }

    /// The screen of a placeholder state (initial, empty, error), asking the delegate for
    /// its placeholder.
    func makePlaceholderScreen(for state: ContentState, delegate: (any ContentWrapperDelegate)?) -> Screen {
        switch state {
        case .empty:
            return .empty(delegate?.contentWrapper(self, placeholderForEmpty: .empty) ?? .empty)
        case .error:
            let error = failure ?? CancellationError()
            let proposed = Placeholder.error(error)
            return .error(error, delegate?.contentWrapper(self, placeholderFor: error, proposed: proposed) ?? proposed)
        default:  // .initial: the payload-less screens never come here
            switch initialScreen {
            case .blank: return .blank
            case .placeholder(let placeholder): return .initial(placeholder)
            case .loading: return .initial(.initial)  // a cancelled first load: nothing loads any more
            }
        }
    }

    func draw(_ draw: Draw) {
        if isDrawing {
            queuedDraws.append(draw)
            return
        }
        isDrawing = true
        perform(draw)
        if !queuedDraws.isEmpty {
            var index = 0
            while index < queuedDraws.count {
                perform(queuedDraws[index])
                index += 1
            }
            queuedDraws.removeAll(keepingCapacity: true)
        }
        isDrawing = false
    }

    func perform(_ draw: Draw) {
        switch draw {
        case .screen(let state, let load, let refreshFailed):
            // A screen without a payload that is already drawn is not drawn again: a skipped
            // stale screen can leave such a draw queued behind it.
            if state == drawnState, state == .loading || state == .refreshing { return }
            switch state {
            case .loading:
                switchScreen(to: state, load: load, .loading, refreshFailed: false, delegate: delegate)
            case .refreshing, .content:
                switchScreen(
                    to: state, load: load, .content(isRefreshing: state == .refreshing), refreshFailed: refreshFailed,
                    delegate: delegate)
            case .initial, .empty, .error:
                let (queued, pending) = (queuedDraws.count, pendingStateChanges)
                let next = makePlaceholderScreen(for: state, delegate: delegate)
                // A placeholder callback changed the content while this screen was being made:
                // the newer screen replaces this one, which would be stale the moment it showed.
                // A newer screen queued here is drawn next (the machine already expects it).
                guard queuedDraws.count == queued else { return }
                guard pendingStateChanges == pending else {
                    // The data source sends the newer state when its report ends; the machine
                    // must compare it with the screen really drawn, not with this one.
                    machine.drawingWasSkipped(stillDisplayed: drawnState, load: drawnLoad)
                    return
                }
                // Drawn now: its action (Retry, say) acts while this screen is the one drawn.
                // The delegate is read again: a placeholder callback may have set another.
                switchScreen(to: state, load: load, next.drawn(), refreshFailed: false, delegate: delegate)
            }
        case .refreshRedrawn(let load):
            // Queued behind a draw that left the refresh: the screen drawn since is newer.
            guard drawnState == .refreshing else { return }
            switchScreen(
                to: .refreshing, load: load, .content(isRefreshing: true), refreshFailed: false, delegate: delegate)
        case .footer:
            drawFooter()
        case .refreshFailure(let error):
            observation?.wrapperReportedRefreshFailure(error)
            let delegate = self.delegate
            delegate?.contentWrapper(self, didFailToRefreshWith: error)
            delegate?.contentWrapper(self, announce: Announcement(.refreshFailed(error)))
        }
    }

    /// Draws `next`, the screen of `state` showing the outcome of `load`, in place of the one
    /// drawn now, and announces it if the user perceives news (`refreshFailed`: see ``Draw``).
    func switchScreen(
        to state: ContentState, load: UInt64, _ next: Screen, refreshFailed: Bool,
        delegate: (any ContentWrapperDelegate)?
    ) {
        delegate?.contentWrapper(self, willShow: next)
        let previous = role(of: drawnState)
        let upcoming = role(of: state)
        drawnState = state
        drawnLoad = load
        // A placeholder's action acts only while its screen is drawn: the one replaced stops
        // acting. Only a placeholder screen shows an action, so the hot path does nothing more.
        if upcoming == .empty || upcoming == .error || upcoming == .none {
            placeholderScreen.endDrawing()
            placeholderScreen = next
        } else if previous == .empty || previous == .error {
            placeholderScreen.endDrawing()
            placeholderScreen = .loading  // release the placeholder that was showing
        }
        if !shareRenderer(previous, upcoming) { hide(by: previous) }
        show(next, by: upcoming)
        observation?.wrapperDrew(next)
        delegate?.contentWrapper(self, didShow: next)
        announceDrawn(state, load: load, next, refreshFailed: refreshFailed, to: delegate)
    }
}
