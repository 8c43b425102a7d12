import ContentLoading

/// A plain, single-threaded restatement of what the coordinator, data source and wrapper
/// (with the immediate policy) promise, step by step: the oracle the real types must match.
///
/// It shares no code with the framework. The render log it predicts uses the same entries as
/// ``LiveSystem``: renderer calls from `RecordingRenderer`, and the delegate calls in between.
struct ReferenceModel {
    /// What the model remembers of one `load { }`.
    struct AsyncLoad {
        let generation: Int
        let observesCancellation: Bool
        var isCancelled = false
        /// The task's value once it is known.
        var value: Bool?
    }

    /// The coordinator's state.
    private(set) var state: ContentState = .initial
    /// The data source's model.
    private(set) var items: [String] = []
    /// The state the wrapper draws.
    private(set) var displayed: ContentState = .initial
    /// Every render and delegate call so far.
    private(set) var log: [String] = ["empty.show(initial)"]
    /// How many loads have begun; load `n` (1-based) is the `n`th token.
    private(set) var generations = 0
    private(set) var asyncLoads: [AsyncLoad] = []
    private(set) var isReleased = false

    /// The load in flight; 0 when none.
    private var active = 0
    private var stateBeforeLoad: ContentState = .initial
    /// The coordinator's error: the last failure, until a load succeeds.
    private var error: RaceError?
    /// The error the wrapper draws on its error screen.
    private var wrapperError: RaceError?
    /// The async load whose task the coordinator would cancel next.
    private var runningTask: Int?

    /// Whether token `generation` is valid now.
    func isValid(generation: Int) -> Bool { !isReleased && generation != 0 && generation == active }

    /// Whether a load is in flight.
    var isLoading: Bool { active != 0 }

    /// Applies `operation` and returns its answer: `nil` for steps without one, else the
    /// `Bool` the real call returns (a task's value for ``RaceOperation/resume(_:_:)``).
    mutating func apply(_ operation: RaceOperation) -> Bool? {
        switch operation {
        case .begin(let keeping):
            guard !isReleased else { return nil }
            begin(keepingContent: keeping)
            return nil
        case .finish(let reference, let outcome):
            guard let index = reference.resolve(count: generations) else { return nil }
            return finish(generation: index + 1, outcome)
        case .cancel:
            guard !isReleased else { return nil }
            return cancel()
        case .beginAsync(let keeping, let observes):
            guard !isReleased else { return nil }
            begin(keepingContent: keeping)
            asyncLoads.append(AsyncLoad(generation: generations, observesCancellation: observes))
            runningTask = asyncLoads.count - 1
            return nil
        case .resume(let reference, let outcome):
            guard let index = reference.resolve(count: asyncLoads.count) else { return nil }
            if let value = asyncLoads[index].value { return value }
            if asyncLoads[index].isCancelled, case .failure = outcome {
                // A cancelled task's failure, whatever it threw, is a cancellation: a load still
                // current goes back where it began.
                asyncLoads[index].value = false
                if isValid(generation: asyncLoads[index].generation) { _ = cancel() }
                return false
            }
            let value = finish(generation: asyncLoads[index].generation, outcome)
            asyncLoads[index].value = value
            return value
        case .cancelTask(let reference):
            guard let index = reference.resolve(count: asyncLoads.count) else { return nil }
            asyncLoads[index].isCancelled = true
            guard asyncLoads[index].observesCancellation else { return nil }
            if let value = asyncLoads[index].value { return value }
            // The work throws CancellationError; a load still current goes back where it began.
            asyncLoads[index].value = false
            if isValid(generation: asyncLoads[index].generation) { _ = cancel() }
            return false
        case .releaseDataSource:
            guard !isReleased else { return nil }
            isReleased = true
            active = 0
            cancelRunningTask()
            return nil
        }
    }

    // MARK: - Coordinator

    private mutating func begin(keepingContent: Bool) {
        cancelRunningTask()
        generations += 1
        active = generations
        log.append("willBegin")
        guard !state.isLoading else { return }
        stateBeforeLoad = state
        move(to: keepingContent && !items.isEmpty && state != .initial ? .refreshing : .loading, errorIsNew: false)
    }

    private mutating func finish(generation: Int, _ outcome: RaceOperation.Outcome) -> Bool {
        guard isValid(generation: generation) else { return false }
        active = 0
        runningTask = nil
        switch outcome {
        case .items(let loaded):
            items = loaded
            error = nil
            move(to: loaded.isEmpty ? .empty : .content, errorIsNew: false)
            log.append("finished(ok)")
        case .failure(let id):
            let failure = RaceError(id)
            error = failure
            move(to: state == .refreshing && !items.isEmpty ? .content : .error, errorIsNew: true)
            log.append("finished(\(failure))")
        }
        return true
    }

    private mutating func cancel() -> Bool {
        guard active != 0 else { return false }
        active = 0
        cancelRunningTask()
        move(to: stateBeforeLoad, errorIsNew: false)
        return true
    }

    private mutating func cancelRunningTask() {
        guard let index = runningTask else { return }
        runningTask = nil
        asyncLoads[index].isCancelled = true
        // Its token is already stale, so whenever the work throws, nothing happens.
        if asyncLoads[index].observesCancellation && asyncLoads[index].value == nil {
            asyncLoads[index].value = false
        }
    }

    // MARK: - Data source and wrapper

    private mutating func move(to next: ContentState, errorIsNew: Bool) {
        // The coordinator reports a move only when the state changes (a settle always does).
        guard next != state else { return }
        state = next
        if next == .error || errorIsNew { wrapperError = error }
        if next != displayed || (next == .error && errorIsNew) { draw(next) }
        if next == .content, errorIsNew, let error { log.append("refreshFailed(\(error))") }
    }

    private mutating func draw(_ next: ContentState) {
        log.append("willShow(\(next))")
        let previous = Self.renderer(for: displayed)
        let upcoming = Self.renderer(for: next)
        displayed = next
        if previous != upcoming { log.append("\(previous).hide") }
        log.append("\(upcoming).show(\(next))")
        log.append(next == .error ? "didShow(error: \(wrapperError.map { "\($0)" } ?? "none"))" : "didShow(\(next))")
    }

    private static func renderer(for state: ContentState) -> String {
        switch state {
        case .initial, .empty: "empty"
        case .loading: "loading"
        case .content, .refreshing: "content"
        case .error: "error"
        }
    }
}
