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
/// ``InitialScreen`` when created and then follows the data source: exactly one renderer is
/// visible at a time (``ContentState/refreshing`` is the content renderer with its refresh
/// indicator), every real change reaches the renderers once and in order, and a switch that
/// changes nothing is not reported. A change requested from inside a renderer or delegate
/// callback is drawn after the current one completes.
///
/// The ``PresentationPolicy`` decides when the loading screen appears and how long it stays;
/// the clock it is measured with is injected, so tests can drive it by hand.
@MainActor
public final class ContentWrapper {
    /// Customises placeholders and hears about switches; held weakly.
    public var delegate: (any ContentWrapperDelegate)? {
        get { weakDelegate }
        set { weakDelegate = newValue }
    }

    /// The screen drawn now.
    public var screen: Screen {
        switch drawnState {
        case .loading: .loading
        case .refreshing: .content(isRefreshing: true)
        case .content: .content(isRefreshing: false)
        case .initial, .empty, .error: placeholderScreen
        }
    }

    // Performance: the hot path reads and writes only private stored properties, never inside
    // a call the optimizer cannot see through. Then whole-module optimization proves that no
    // access can overlap another and drops the runtime exclusivity checks on them, which
    // otherwise cost more than the rest of a draw. That is why `delegate` and `screen` are
    // computed over private storage, and why `machine` is copied out and written back around
    // calls that do arithmetic on `Duration` (a standard-library call the optimizer treats
    // as unknown).
    private weak var weakDelegate: (any ContentWrapperDelegate)?
    /// What a ``ScreenModel`` and the screen streams hear from this wrapper; made when one is first
    /// asked for (see ``screenObservation``), so a wrapper nobody observes pays a `nil` check per
    /// draw. It takes the slot ``drawnState`` and its padding held, and ``drawnState`` the padding
    /// after the small fields, so the wrapper is no larger for it (Memory.ContentLoading.Stack).
    private var observation: ScreenObservation?
    /// The load whose outcome ``screen`` shows (see ``show(_:settledLoad:failure:)``).
    private var drawnLoad: UInt64 = 0
    // The small fields sit together (stored properties are laid out in the order declared).
    /// `policy.isImmediate`, computed once: the hot path then neither reads the clock nor
    /// compares durations.
    private let isImmediate: Bool
    private var isDrawing = false
    /// Which roles one renderer object plays, computed once, so a switch need not retain
    /// both renderers to compare them: bit `a * 4 + b` is set when roles `a` and `b` share one.
    private let sharedRenderers: UInt16
    /// How many draws were ever queued (wrapping): the hot path reads this, never
    /// ``queuedDraws``, whose mutation calls into the standard library (see the note above).
    private var queuedDrawCount: UInt32 = 0
    /// How many times a data source said a newer state is on its way (see
    /// ``newerStateIsPending()``; wrapping).
    private var pendingStateChanges: UInt32 = 0
    /// The state of ``screen``.
    private var drawnState: ContentState
    /// ``screen`` while it shows a placeholder (initial, empty, error); `.loading` otherwise,
    /// so a placeholder's error and action are released once it is gone.
    ///
    /// Performance: `Screen` is large and copied through outlined functions, so the screens
    /// without a payload are not stored at all; a switch between them (loading, refreshing,
    /// content: the hot path) copies and destroys no `Screen`.
    private var placeholderScreen: Screen = .loading

    /// When the loading screen appears and how long it stays.
    public let policy: PresentationPolicy

    private let contentRenderer: any ContentRenderer
    private let loadingRenderer: any ContentRenderer
    private let emptyRenderer: any ContentRenderer
    private let errorRenderer: any ContentRenderer
    private let initialScreen: InitialScreen
    private let clock: PresentationClock
    private var machine: PresentationStateMachine
    /// The failure of the outcome the content is in: drawn on the error screen, or reported
    /// beside the content when a refresh failed.
    private var failure: (any Error)?
    /// The load whose outcome the content is in (see ``show(_:settledLoad:failure:)``).
    private var settledLoad: UInt64 = 0
    /// The last load whose failed refresh was reported, so each is reported once.
    private var reportedRefreshFailure: UInt64 = 0

    /// Wakes the machine at its deadline; it sleeps on past a deadline that was dropped and
    /// wakes to find nothing due, so rapid loads do not start a task each.
    private(set) var timer: Task<Void, Never>?
    /// When ``timer`` wakes next.
    private(set) var timerDeadline: Duration?

    /// Draws requested while drawing: they run, in order, after the current one.
    private var queuedDraws: [Draw] = []

    /// Creates a wrapper around four renderers and draws `initialScreen`.
    ///
    /// - Parameters:
    ///   - content: Draws the content, and the refresh indicator while refreshing.
    ///   - loading: Draws the loading screen.
    ///   - empty: Draws the initial and empty placeholders.
    ///   - error: Draws the error placeholder.
    ///   - initialScreen: What shows before anything has loaded.
    ///   - policy: When the loading screen appears and how long it stays.
    ///   - clock: Measures the policy's durations; tests pass a manual clock.
    public init(
        content: any ContentRenderer,
        loading: any ContentRenderer,
        empty: any ContentRenderer,
        error: any ContentRenderer,
        initialScreen: InitialScreen = .placeholder(.initial),
        policy: PresentationPolicy = .standard,
        clock: some Clock<Duration> = ContinuousClock()
    ) {
        contentRenderer = content
        loadingRenderer = loading
        emptyRenderer = empty
        errorRenderer = error
        sharedRenderers = Self.sharedRenderers(content, loading, empty, error)
        self.initialScreen = initialScreen
        self.policy = policy
        isImmediate = policy.isImmediate
        self.clock = PresentationClock(clock)
        let initialIsLoading: Bool
        switch initialScreen {
        case .placeholder(let placeholder):
            placeholderScreen = .initial(placeholder)
            drawnState = .initial
            initialIsLoading = false
        case .loading:
            drawnState = .loading
            initialIsLoading = true
        }
        machine = PresentationStateMachine(policy: policy, initialIsLoading: initialIsLoading, now: .zero)
        show(screen, by: Role(drawnState))
    }

    deinit {
        // The timer holds the wrapper weakly; stop its sleep too.
        timer?.cancel()
    }

    /// The state drawn now; it lags the data source's while the policy holds a screen.
    public var displayedState: ContentState { drawnState }

    /// Whether the policy is holding a change back: the loading screen is due after its delay,
    /// or a result waits out the loading screen's minimum. `false` once the screen has caught
    /// up with the data source.
    public var isPresentationPending: Bool { machine.deadline != nil }

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
        scheduleTimerIfNeeded()
        publishDrawnChange()
    }

    // MARK: - Input from the data source

    /// The content is in `state`, showing the outcome of load `settledLoad`, whose `failure`
    /// is the error screen's error (or, in ``ContentState/content``, a failed refresh's).
    ///
    /// Idempotent: telling the wrapper what it already shows draws nothing, so a data source
    /// can always send the state as it is now.
    func show(_ state: ContentState, settledLoad: UInt64, failure: (any Error)?) {
        self.failure = failure
        self.settledLoad = settledLoad
        observation?.wrapperWasTold(state)
        // Copied out and written back: see the note at the top.
        var machine = self.machine
        // The clock is read only when the answer can depend on it.
        let now = isImmediate || !machine.dependsOnTime(receiving: state) ? Duration.zero : clock.now()
        let drawn = machine.receive(state, settledLoad: settledLoad, now: now)
        self.machine = machine
        if let drawn {
            present(drawn)
        }
        scheduleTimerIfNeeded()
        publishDrawnChange()
    }

    /// A data source's state moved while it was telling this wrapper the previous one; the
    /// newer state follows as soon as that report ends.
    func newerStateIsPending() {
        pendingStateChanges &+= 1
    }

    /// The machine's answer to its deadline, now.
    private func deadlineReached() -> ContentState? {
        var machine = self.machine  // copied out and written back: see the note at the top
        let drawn = machine.deadlineReached(now: clock.now())
        self.machine = machine
        return drawn
    }

    // MARK: - Timing

    private func scheduleTimerIfNeeded() {
        guard let deadline = machine.deadline else { return }
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
    private func timerFired() -> Duration? {
        if let drawn = deadlineReached() {
            present(drawn)
        }
        publishDrawnChange()
        guard let deadline = machine.deadline else {
            timer = nil
            timerDeadline = nil
            return nil
        }
        timerDeadline = deadline
        return deadline
    }

    // MARK: - Drawing

    private enum Draw {
        /// The screen of `state`, showing the outcome of `load`.
        case screen(ContentState, load: UInt64)
        case refreshFailure(any Error)
    }

    /// Draws `state`, then reports a refresh that failed beside the content, once.
    private func present(_ state: ContentState) {
        draw(.screen(state, load: settledLoad))
        if state == .content, let failure, reportedRefreshFailure != settledLoad {
            reportedRefreshFailure = settledLoad
            draw(.refreshFailure(failure))
        }
    }

    /// Tells a ``ScreenModel`` what changed, in one write, once the drawing is done.
    private func publishDrawnChange() {
        if !isDrawing, let observation { observation.publish(self) }
    }

    /// What a ``ScreenModel`` and the screen streams hear from this wrapper, made when first asked for.
    var screenObservation: ScreenObservation {
        if let observation { return observation }
        let made = ScreenObservation(isLoading: machine.target.isLoading)
        observation = made
        return made
    }

    /// The screen of a placeholder state (initial, empty, error), asking the delegate for
    /// its placeholder.
    private func makePlaceholderScreen(for state: ContentState) -> Screen {
        switch state {
        case .empty:
            return .empty(delegate?.contentWrapper(self, placeholderForEmpty: .empty) ?? .empty)
        case .error:
            let error = failure ?? CancellationError()
            let proposed = Placeholder.error(error)
            return .error(error, delegate?.contentWrapper(self, placeholderFor: error, proposed: proposed) ?? proposed)
        default:  // .initial: the payload-less screens never come here
            if case .placeholder(let placeholder) = initialScreen { return .initial(placeholder) }
            return .initial(.initial)
        }
    }

    private func draw(_ draw: Draw) {
        if isDrawing {
            queuedDraws.append(draw)
            queuedDrawCount &+= 1
            return
        }
        isDrawing = true
        let queued = queuedDrawCount
        perform(draw)
        if queuedDrawCount != queued {
            var index = 0
            while index < queuedDraws.count {
                perform(queuedDraws[index])
                index += 1
            }
            queuedDraws.removeAll(keepingCapacity: true)
        }
        isDrawing = false
    }

    private func perform(_ draw: Draw) {
        switch draw {
        case .screen(let state, let load):
            // A screen without a payload that is already drawn is not drawn again: a skipped
            // stale screen can leave such a draw queued behind it.
            if state == drawnState, state == .loading || state == .refreshing { return }
            // Performance: the screens without a payload (the hot path) are built here, where
            // the optimizer sees their case and neither copies nor destroys them through
            // `Screen`'s outlined functions; nothing user-supplied runs while they are made.
            switch state {
            case .loading:
                switchScreen(to: state, load: load, .loading)
            case .refreshing, .content:
                switchScreen(to: state, load: load, .content(isRefreshing: state == .refreshing))
            case .initial, .empty, .error:
                let (queued, pending) = (queuedDrawCount, pendingStateChanges)
                let next = makePlaceholderScreen(for: state)
                // A placeholder callback changed the content while this screen was being made:
                // the newer screen replaces this one, which would be stale the moment it showed.
                // A newer screen queued here is drawn next (the machine already expects it).
                guard queuedDrawCount == queued else { return }
                guard pendingStateChanges == pending else {
                    // The data source sends the newer state when its report ends; the machine
                    // must compare it with the screen really drawn, not with this one.
                    machine.drawingWasSkipped(stillDisplayed: drawnState, load: drawnLoad)
                    return
                }
                switchScreen(to: state, load: load, next)
            }
        case .refreshFailure(let error):
            observation?.wrapperReportedRefreshFailure(error)
            delegate?.contentWrapper(self, didFailToRefreshWith: error)
        }
    }

    /// Draws `next`, the screen of `state` showing the outcome of `load`, in place of the one
    /// drawn now.
    @inline(__always)
    private func switchScreen(to state: ContentState, load: UInt64, _ next: Screen) {
        // One weak load per draw: weak references are the costliest step of the hot path.
        let delegate = self.delegate
        delegate?.contentWrapper(self, willShow: next)
        let previous = Role(drawnState)
        let upcoming = Role(state)
        drawnState = state
        drawnLoad = load
        if upcoming == .empty || upcoming == .error {
            placeholderScreen = next
        } else if previous == .empty || previous == .error {
            placeholderScreen = .loading  // release the placeholder that was showing
        }
        if !shareRenderer(previous, upcoming) { hide(by: previous) }
        show(next, by: upcoming)
        observation?.wrapperDrew(next)
        delegate?.contentWrapper(self, didShow: next)
    }

    // MARK: - Renderers

    /// The part a renderer plays. The initial screen is drawn by the empty renderer.
    private enum Role: UInt8 {
        case content, loading, empty, error

        init(_ state: ContentState) {
            switch state {
            case .initial, .empty: self = .empty
            case .loading: self = .loading
            case .refreshing, .content: self = .content
            case .error: self = .error
            }
        }
    }

    /// The ``sharedRenderers`` mask of four renderers, in the order of ``Role``.
    private static func sharedRenderers(
        _ content: any ContentRenderer, _ loading: any ContentRenderer, _ empty: any ContentRenderer,
        _ error: any ContentRenderer
    ) -> UInt16 {
        func renderer(_ index: UInt16) -> any ContentRenderer {
            switch index {
            case 0: content
            case 1: loading
            case 2: empty
            default: error
            }
        }
        var mask: UInt16 = 0
        for first: UInt16 in 0..<4 {
            for second: UInt16 in 0..<4 where renderer(first) === renderer(second) {
                mask |= 1 << (first * 4 + second)
            }
        }
        return mask
    }

    /// Whether roles `first` and `second` are played by the same renderer object.
    private func shareRenderer(_ first: Role, _ second: Role) -> Bool {
        sharedRenderers & (1 << (UInt16(first.rawValue) * 4 + UInt16(second.rawValue))) != 0
    }

    // A switch over `let` properties calls each renderer in place, without retaining it.

    private func show(_ screen: Screen, by role: Role) {
        switch role {
        case .content: contentRenderer.show(screen)
        case .loading: loadingRenderer.show(screen)
        case .empty: emptyRenderer.show(screen)
        case .error: errorRenderer.show(screen)
        }
    }

    private func hide(by role: Role) {
        switch role {
        case .content: contentRenderer.hide()
        case .loading: loadingRenderer.hide()
        case .empty: emptyRenderer.hide()
        case .error: errorRenderer.hide()
        }
    }
}
