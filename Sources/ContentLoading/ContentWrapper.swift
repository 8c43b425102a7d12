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
    public weak var delegate: (any ContentWrapperDelegate)?

    /// When the loading screen appears and how long it stays.
    public let policy: PresentationPolicy

    /// The screen drawn now.
    public private(set) var screen: Screen

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
    private var isDrawing = false

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
        self.initialScreen = initialScreen
        self.policy = policy
        self.clock = PresentationClock(clock)
        let initialIsLoading: Bool
        switch initialScreen {
        case .placeholder(let placeholder):
            screen = .initial(placeholder)
            initialIsLoading = false
        case .loading:
            screen = .loading
            initialIsLoading = true
        }
        machine = PresentationStateMachine(policy: policy, initialIsLoading: initialIsLoading, now: .zero)
        renderer(for: screen).show(screen)
    }

    deinit {
        // The timer holds the wrapper weakly; stop its sleep too.
        timer?.cancel()
    }

    /// The state drawn now; it lags the data source's while the policy holds a screen.
    public var displayedState: ContentState { screen.state }

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
        if let drawn = machine.deadlineReached(now: clock.now()) {
            present(drawn)
        }
        scheduleTimerIfNeeded()
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
        let now = policy.isImmediate ? .zero : clock.now()
        if let drawn = machine.receive(state, settledLoad: settledLoad, now: now) {
            present(drawn)
        }
        scheduleTimerIfNeeded()
    }

    // MARK: - Timing

    private func scheduleTimerIfNeeded() {
        guard let deadline = machine.deadline else { return }
        // A timer that wakes no later than this deadline re-arms itself when it wakes.
        if let timerDeadline, timerDeadline <= deadline { return }
        timer?.cancel()
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
        if let drawn = machine.deadlineReached(now: clock.now()) {
            present(drawn)
        }
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
        case screen(ContentState)
        case refreshFailure(any Error)
    }

    /// Draws `state`, then reports a refresh that failed beside the content, once.
    private func present(_ state: ContentState) {
        draw(.screen(state))
        if state == .content, let failure, reportedRefreshFailure != settledLoad {
            reportedRefreshFailure = settledLoad
            draw(.refreshFailure(failure))
        }
    }

    private func makeScreen(for state: ContentState) -> Screen {
        switch state {
        case .initial:
            if case .placeholder(let placeholder) = initialScreen { return .initial(placeholder) }
            return .initial(.initial)
        case .loading:
            return .loading
        case .refreshing:
            return .content(isRefreshing: true)
        case .content:
            return .content(isRefreshing: false)
        case .empty:
            return .empty(delegate?.contentWrapper(self, placeholderForEmpty: .empty) ?? .empty)
        case .error:
            let error = failure ?? CancellationError()
            let proposed = Placeholder.error(error)
            return .error(error, delegate?.contentWrapper(self, placeholderFor: error, proposed: proposed) ?? proposed)
        }
    }

    private func draw(_ draw: Draw) {
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

    private func perform(_ draw: Draw) {
        switch draw {
        case .screen(let state):
            let queued = queuedDraws.count
            let next = makeScreen(for: state)
            // A placeholder callback changed the content while this screen was being made: the
            // newer screen it queued replaces this one, which would be stale the moment it showed.
            guard queuedDraws.count == queued else { return }
            // One weak load per draw: weak references are the costliest step of the hot path.
            let delegate = self.delegate
            delegate?.contentWrapper(self, willShow: next)
            let previous = renderer(for: screen)
            let upcoming = renderer(for: next)
            screen = next
            if previous !== upcoming { previous.hide() }
            upcoming.show(next)
            delegate?.contentWrapper(self, didShow: next)
        case .refreshFailure(let error):
            delegate?.contentWrapper(self, didFailToRefreshWith: error)
        }
    }

    private func renderer(for screen: Screen) -> any ContentRenderer {
        switch screen {
        case .initial, .empty: emptyRenderer
        case .loading: loadingRenderer
        case .content: contentRenderer
        case .error: errorRenderer
        }
    }
}
