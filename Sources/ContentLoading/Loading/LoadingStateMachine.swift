/// The pure decision logic behind ``LoadingCoordinator``: which state comes next, and which
/// load is current.
///
/// It holds no locks, calls no user code and knows nothing of threads; the coordinator asks
/// it, then acts on the answer. Every move it makes is in ``isLegal(from:to:)``:
///
/// | from         | to                                     | by                                  |
/// |--------------|----------------------------------------|-------------------------------------|
/// | `initial`    | `loading`                              | begin                               |
/// | `loading`    | `content`, `empty`, `error`            | finish                              |
/// | `loading`    | `initial`, `content`, `empty`, `error` | cancel (back to the state before*)  |
/// | `refreshing` | `content`, `empty`, `error`            | finish; cancel*                     |
/// | `content`    | `loading`, `refreshing`                | begin                               |
/// | `empty`      | `loading`, `refreshing`                | begin                               |
/// | `error`      | `loading`, `refreshing`                | begin                               |
/// | `content`    | `empty`                                | the model emptied outside a load    |
/// | `empty`      | `content`                              | the model filled outside a load     |
/// | `error`      | `content`                              | the model filled outside a load     |
/// | `error`      | `empty`                                | allowed, as in Apple's; not taken   |
///
/// \* A cancel returns to the state before the load re-evaluated against the model, as a
/// content change is: the model may have changed while the load ran.
///
/// Every other move is illegal, among them `initial` to a settled state (nothing settles
/// without a load) and any move into `refreshing` from `initial` or `loading`.
///
/// A begin goes to `refreshing` when the caller keeps content, the data source has some and
/// a settled state is showing; otherwise to `loading` (from `initial` always: nothing has been
/// shown yet, so there is nothing to keep). A begin while a load is in flight keeps the state
/// it finds.
/// A failure while refreshing with content still there settles on `content`: the content
/// stays and the error is reported beside it.
struct LoadingStateMachine: Sendable {
    /// How a load ended.
    enum Outcome: Sendable, Equatable {
        case succeeded(hasContent: Bool)
        case failed(hasContent: Bool)

        /// `failed` if there is an `error`, else `succeeded`.
        static func outcome(error: (any Error)?, hasContent: Bool) -> Outcome {
            error == nil ? .succeeded(hasContent: hasContent) : .failed(hasContent: hasContent)
        }
    }

    /// A move from one state to another.
    struct Transition: Sendable, Equatable {
        let from: ContentState
        let to: ContentState
    }

    /// The state the content is in.
    private(set) var state: ContentState = .initial
    /// The lane's generations: the load in flight, the newest begun, and the accepted load
    /// whose update is running (it settles the state next).
    private var generations = LaneGenerations()
    /// The load in flight; 0 when none.
    var activeGeneration: UInt64 { generations.active }
    /// The newest load ever begun.
    var latestGeneration: UInt64 { generations.latest }
    /// Where ``cancel()`` returns to.
    private var stateBeforeLoad: ContentState = .initial
    /// The load accepted last: its outcome counts unless a newer one is accepted before it settles.
    private var lastAccepted: UInt64 = 0
    /// The load whose outcome the settled states show; 0 before any load settled.
    ///
    /// A wrapper redraws a settled screen when this changes, even if the state did not (a
    /// reload whose loading screen was never drawn still brings new rows).
    private(set) var settledLoad: UInt64 = 0
    /// Whether ``settledLoad`` failed: the error screen, or, in `content`, a refresh that failed
    /// while its content stayed.
    private(set) var settledLoadFailed = false

    /// Whether the table allows moving from `from` to `to` (moving to the same state is not a move).
    static func isLegal(from: ContentState, to: ContentState) -> Bool {
        switch (from, to) {
        case (.initial, .loading): true
        case (.loading, .initial), (.loading, .content), (.loading, .empty), (.loading, .error): true
        case (.refreshing, .content), (.refreshing, .empty), (.refreshing, .error): true
        case (.content, .loading), (.content, .refreshing), (.content, .empty): true
        case (.empty, .loading), (.empty, .refreshing), (.empty, .content): true
        case (.error, .loading), (.error, .refreshing), (.error, .content), (.error, .empty): true
        default: false
        }
    }

    /// Begins a new load, superseding any in flight, and returns its generation and the move it made.
    mutating func begin(keepingContent: Bool, hasContent: Bool) -> (generation: UInt64, transition: Transition?) {
        let generation = generations.begin()
        if state.isLoading {
            return (generation, nil)
        }
        stateBeforeLoad = state
        let next: ContentState = keepingContent && hasContent && state != .initial ? .refreshing : .loading
        return (generation, move(to: next))
    }

    /// Whether `generation` is the load in flight.
    func isActive(_ generation: UInt64) -> Bool {
        generations.isActive(generation)
    }

    /// Ends the load `generation` if it is the one in flight; `false` (and no change) otherwise.
    ///
    /// The state stays loading until ``settle(_:outcome:)``, so the caller can update its
    /// model in between.
    mutating func accept(_ generation: UInt64) -> Bool {
        guard generations.accept(generation) else { return false }
        lastAccepted = generation
        return true
    }

    /// Whether an accepted load's update is running: it settles the state next.
    var isSettling: Bool { generations.committing != 0 }

    /// Whether the accepted load `generation`'s outcome still counts: no newer load was
    /// accepted (from inside its update) before it settled.
    func outcomeCounts(_ generation: UInt64) -> Bool {
        generation != 0 && generation == lastAccepted
    }

    /// Moves to the state an accepted load's outcome calls for; `nil` if a load begun from
    /// inside its update owns the state instead.
    ///
    /// A newer load still in flight keeps the state, and cancelling it returns to this outcome
    /// (which the model now holds). A newer load accepted meanwhile has already settled.
    mutating func settle(_ generation: UInt64, outcome: Outcome) -> Transition? {
        guard outcomeCounts(generation) else { return nil }
        generations.commitEnded()
        settledLoad = generation
        let next: ContentState
        switch outcome {
        case .succeeded(let hasContent):
            next = hasContent ? .content : .empty
            settledLoadFailed = false
        case .failed(let hasContent):
            next = state == .refreshing && hasContent ? .content : .error
            settledLoadFailed = true
        }
        if activeGeneration != 0 {
            stateBeforeLoad = next
            return nil
        }
        guard state.isLoading else { return nil }
        return move(to: next)
    }

    /// Ends the commit of the accepted load `generation` without an outcome of its own: its update
    /// was overtaken by a newer change made from inside it, which began the load now in flight,
    /// and that load owns the state (cancelling it returns to where the accepted load began).
    mutating func abandonCommit(_ generation: UInt64) {
        guard outcomeCounts(generation), activeGeneration != 0 else { return }
        generations.commitEnded()
        lastAccepted = 0
    }

    /// Whether a redraw (``redraw(hasContent:)``) may stand for a load begun and finished at once:
    /// a settled state is showing, and no load is in flight or committing.
    var canRedraw: Bool {
        generations.active == 0 && generations.committing == 0 && state != .initial && !state.isLoading
    }

    /// Settles on a model that changed outside a load, as a load begun and finished in one step
    /// would, without putting a load in flight: the next generation becomes the settled load (so a
    /// wrapper redraws the content) and the state follows `hasContent`. Asked when ``canRedraw``
    /// was `true` before the model changed; if the app's code that changed it began a load, that
    /// load keeps the state, and cancelling it returns to this outcome.
    ///
    /// Returns the redraw's generation (never a load's, so no token is ever valid for it) and the
    /// move it made.
    mutating func redraw(hasContent: Bool) -> (generation: UInt64, transition: Transition?) {
        let generation = generations.skip()
        settledLoad = generation
        settledLoadFailed = false
        let next: ContentState = hasContent ? .content : .empty
        if activeGeneration != 0 {
            stateBeforeLoad = next
            return (generation, nil)
        }
        return (generation, move(to: next))
    }

    /// Abandons the load in flight and returns to the state before it began, re-evaluated
    /// against `hasContent` as ``contentDidChange(hasContent:)`` does: the model may have
    /// changed while the load ran (a `contentDidChange` then is ignored).
    ///
    /// Returns `false` when no load is in flight; `transition` is the move back, if any.
    mutating func cancel(hasContent: Bool) -> (cancelled: Bool, transition: Transition?) {
        guard activeGeneration != 0 else { return (false, nil) }
        generations.abandon()
        // Cancelled from inside an accepted load's update: that load settles the state next.
        if isSettling { return (true, nil) }
        return (true, move(to: reevaluated(stateBeforeLoad, hasContent: hasContent)))
    }

    /// Re-evaluates a settled state after the model changed outside a load; `nil` if nothing moves.
    mutating func contentDidChange(hasContent: Bool) -> Transition? {
        guard !state.isLoading else { return nil }
        return move(to: reevaluated(state, hasContent: hasContent))
    }

    /// What settled `state` becomes for a model that has content or not: content and empty
    /// follow the model, and an error gives way to content the model now holds. Other states
    /// stay.
    private mutating func reevaluated(_ state: ContentState, hasContent: Bool) -> ContentState {
        switch state {
        case .content where !hasContent: return .empty
        case .empty where hasContent: return .content
        case .error where hasContent:
            // The model now has something to show; the failure is no longer what the screen says.
            settledLoadFailed = false
            return .content
        default: return state
        }
    }

    private mutating func move(to next: ContentState) -> Transition? {
        guard next != state else { return nil }
        assert(Self.isLegal(from: state, to: next), "illegal move \(state) -> \(next)")
        let transition = Transition(from: state, to: next)
        state = next
        return transition
    }
}
