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
    /// Customises placeholders, hears about switches and what to announce; held weakly.
    public var delegate: (any ContentWrapperDelegate)? {
        get { weakDelegate }
        set { weakDelegate = newValue }
    }

    /// The screen drawn now: ``Screen/blank`` while no renderer is shown.
    public var screen: Screen {
        switch drawnState {
        case .loading: .loading
        case .refreshing: .content(isRefreshing: true)
        case .content: .content(isRefreshing: false)
        case .initial, .empty, .error: placeholderScreen
        }
    }

    // Performance: the hot path reads and writes only the wrapper's own stored properties,
    // which nothing outside this module can reach (they are internal only so the extensions
    // in ContentWrapper+*.swift can), never inside a call the optimizer cannot see through.
    // Then whole-module optimization proves that no access can overlap another and drops the
    // runtime exclusivity checks on them, which otherwise cost more than the rest of a draw.
    // That is why `delegate` and `screen` are computed over this storage, and why `machine`
    // is copied out and written back around calls that do arithmetic on `Duration` (a
    // standard-library call the optimizer treats as unknown).
    weak var weakDelegate: (any ContentWrapperDelegate)?
    /// The state of ``screen``.
    var drawnState: ContentState
    /// The load whose outcome ``screen`` shows (see ``show(_:settledLoad:failure:)``).
    var drawnLoad: UInt64 = 0
    // The small fields sit together (stored properties are laid out in the order declared).
    /// `policy.isImmediate`, computed once: the hot path then neither reads the clock nor
    /// compares durations.
    let isImmediate: Bool
    var isDrawing = false
    /// The role that draws ``ContentState/initial``: none for a blank first frame, else the
    /// empty renderer (``InitialScreen/loading`` shows its placeholder after a cancelled first load).
    let initialRole: Role
    /// Which roles one renderer object plays, computed once, so a switch need not retain
    /// both renderers to compare them: bit `a * 5 + b` is set when roles `a` and `b` share one.
    let sharedRenderers: UInt32
    /// How many draws were ever queued (wrapping): the hot path reads this, never
    /// ``queuedDraws``, whose mutation calls into the standard library (see the note above).
    var queuedDrawCount: UInt32 = 0
    /// How many times a data source said a newer state is on its way (see
    /// ``newerStateIsPending()``; wrapping).
    var pendingStateChanges: UInt32 = 0
    /// What a ``ScreenModel`` and the screen streams hear from this wrapper; made when one is
    /// first asked for (see ``screenObservation``), so a wrapper nobody observes pays a `nil`
    /// check per draw.
    var observation: ScreenObservation?
    /// ``screen`` while it shows a placeholder (initial, empty, error) or is blank; otherwise a
    /// screen without a payload (`.loading`, or `.blank` left from the first frame), so a
    /// placeholder's error and action are released once it is gone.
    ///
    /// Performance: `Screen` is large and copied through outlined functions, so the screens
    /// without a payload are not stored at all; a switch between them (loading, refreshing,
    /// content: the hot path) copies and destroys no `Screen`.
    var placeholderScreen: Screen = .loading

    /// When the loading screen appears and how long it stays.
    public let policy: PresentationPolicy

    let contentRenderer: any ContentRenderer
    let loadingRenderer: any ContentRenderer
    let emptyRenderer: any ContentRenderer
    let errorRenderer: any ContentRenderer
    let initialScreen: InitialScreen
    let clock: PresentationClock
    var machine: PresentationStateMachine
    /// The failure of the outcome the content is in: drawn on the error screen, or reported
    /// beside the content when a refresh failed.
    var failure: (any Error)?
    /// The load whose outcome the content is in (see ``show(_:settledLoad:failure:)``).
    var settledLoad: UInt64 = 0
    /// The last load whose failed refresh was reported, so each is reported once.
    var reportedRefreshFailure: UInt64 = 0

    /// Wakes the machine at its deadline; it sleeps on past a deadline that was dropped and
    /// wakes to find nothing due, so rapid loads do not start a task each.
    var timer: Task<Void, Never>?
    /// When ``timer`` wakes next.
    var timerDeadline: Duration?

    /// Draws requested while drawing: they run, in order, after the current one.
    var queuedDraws: [Draw] = []

    /// Times the footer (a paged data source's append lane; see ContentWrapper+Footer.swift).
    var footerMachine: FooterPresentationStateMachine
    /// ``footer``, and the lane's revision it shows.
    var drawnFooter: Footer = .hidden
    var drawnFooterRevision: UInt64 = 0
    /// The failed page the lane last reported, kept while its footer is wanted or drawn.
    var failedPage: (error: any Error, placeholder: Placeholder)?
    /// ``retryAttempt`` (see Retry/ContentWrapper+Retry.swift).
    var currentRetry: RetryAttempt?

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
        sharedRenderers = Self.sharedRenderers(content, loading, empty, error)
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

    /// The state drawn now; it lags the data source's while the policy holds a screen.
    /// ``ContentState/initial`` while the screen is ``Screen/blank``.
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
}
