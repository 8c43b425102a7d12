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
    /// The error the content is in, drawn when the machine says to show ``ContentState/error``.
    private var error: (any Error)?

    /// Wakes the machine at its deadline. Internal so tests can await it.
    private(set) var timer: Task<Void, Never>?
    /// The deadline ``timer`` sleeps until. Internal so tests can tell whether it is due.
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

    // MARK: - Input from the data source

    /// The content moved to `state`; `error` is the data source's latest error.
    func show(_ state: ContentState, error: (any Error)?, errorIsNew: Bool) {
        if state == .error || errorIsNew {
            self.error = error
        }
        let now = policy.isImmediate ? .zero : clock.now()
        if let drawn = machine.receive(state, freshError: state == .error && errorIsNew, now: now) {
            draw(.screen(makeScreen(for: drawn)))
        }
        if state == .content, errorIsNew, let error {
            // A refresh failed while its content stays.
            draw(.refreshFailure(error))
        }
        scheduleTimerIfNeeded()
    }

    // MARK: - Timing

    private func scheduleTimerIfNeeded() {
        guard machine.deadline != timerDeadline else { return }
        timer?.cancel()
        timer = nil
        timerDeadline = machine.deadline
        guard let deadline = machine.deadline else { return }
        let clock = self.clock
        timer = Task { [weak self] in
            do {
                try await clock.sleep(until: deadline)
            } catch {
                return  // Cancelled: a newer deadline replaced this one.
            }
            self?.deadlineReached()
        }
    }

    private func deadlineReached() {
        timer = nil
        timerDeadline = nil
        if let drawn = machine.deadlineReached(now: clock.now()) {
            draw(.screen(makeScreen(for: drawn)))
        }
        scheduleTimerIfNeeded()
    }

    // MARK: - Drawing

    private enum Draw {
        case screen(Screen)
        case refreshFailure(any Error)
    }

    private func makeScreen(for state: ContentState) -> Screen {
        switch state {
        case .initial:
            if case .placeholder(let placeholder) = initialScreen { return .initial(placeholder) }
            return .loading
        case .loading:
            return .loading
        case .refreshing:
            return .content(isRefreshing: true)
        case .content:
            return .content(isRefreshing: false)
        case .empty:
            return .empty(delegate?.contentWrapper(self, placeholderForEmpty: .empty) ?? .empty)
        case .error:
            let error = self.error ?? CancellationError()
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
        while !queuedDraws.isEmpty {
            perform(queuedDraws.removeFirst())
        }
        isDrawing = false
    }

    private func perform(_ draw: Draw) {
        switch draw {
        case .screen(let next):
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
