import ContentLoading

/// The reference for one child data source and its coordinator, restated from the documented
/// contract (see ``LoadingCoordinator``): a begin supersedes, only the current token finishes,
/// a refresh that fails keeps its content, a cancel returns to the state before the load as
/// the model now has it.
struct ChildModel {
    /// What the data source's `hasContent` answers from: its model.
    var items: [String] = []
    private(set) var state: ContentState = .initial
    /// How many loads the child began: its tokens are numbered 1 through this.
    private(set) var begun = 0
    /// The number of the load in flight; 0 when none.
    private(set) var active = 0
    /// The error of the settled load, while the state shows it (an error screen, or content
    /// kept beside a failed refresh); `nil` after a success, or once content replaced the error.
    private(set) var failure: String?
    /// Whether the run dropped the child: every token it issued is invalid from then on.
    var isReleased = false
    /// How many of its loads settled: a container reset counts it as never loaded until this moves.
    private(set) var settles = 0
    private var stateBeforeLoad: ContentState = .initial

    var hasItems: Bool { !items.isEmpty }
    var hasBegunALoad: Bool { begun > 0 }

    /// Whether token number `number` (1-based) is still valid.
    func isValid(_ number: Int) -> Bool { !isReleased && number != 0 && number == active }

    /// Begins a load; the state moves unless one is already in flight.
    mutating func begin(keepingContent: Bool) {
        begun += 1
        active = begun
        guard !state.isLoading else { return }
        stateBeforeLoad = state
        state = keepingContent && hasItems && state != .initial ? .refreshing : .loading
    }

    /// What a finish of token `number` with `outcome` did.
    enum Finish {
        /// Dropped: stale, finished, cancelled or released. Nothing changed.
        case dropped
        /// The load was cancelled (a cancellation error); no outcome settled.
        case cancelled
        /// The load settled; `failure` is the error it settled with.
        case settled(failure: String?)

        var accepted: Bool {
            if case .dropped = self { false } else { true }
        }
    }

    /// Finishes token `number` with `outcome`; a stale token changes nothing.
    mutating func finish(_ number: Int, _ outcome: CompositionStep.Outcome) -> Finish {
        guard isValid(number) else { return .dropped }
        switch outcome {
        case .cancellation:
            return cancel() ? .cancelled : .dropped
        case .items(let loaded):
            active = 0
            settles += 1
            items = loaded
            state = loaded.isEmpty ? .empty : .content
            failure = nil
            return .settled(failure: nil)
        case .failure(let id):
            active = 0
            settles += 1
            let error = "\(RaceError(id))"
            state = state == .refreshing && hasItems ? .content : .error
            failure = error
            return .settled(failure: error)
        }
    }

    /// Cancels the load in flight: back to where it began, re-evaluated against the model.
    mutating func cancel() -> Bool {
        guard active != 0, !isReleased else { return false }
        active = 0
        state = reevaluated(stateBeforeLoad)
        return true
    }

    /// The model changed outside a load: a settled state follows it.
    mutating func contentDidChange() {
        guard !state.isLoading else { return }
        state = reevaluated(state)
    }

    /// Content and empty follow the model; an error gives way to content the model now holds.
    private mutating func reevaluated(_ state: ContentState) -> ContentState {
        switch state {
        case .content where !hasItems: return .empty
        case .empty where hasItems: return .content
        case .error where hasItems:
            failure = nil
            return .content
        default: return state
        }
    }
}
