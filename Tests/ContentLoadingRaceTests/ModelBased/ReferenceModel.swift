import ContentLoading

/// A plain, single-threaded restatement of what the coordinator, data source and wrapper
/// (with the immediate policy) promise, step by step: the oracle the real types must match.
///
/// It shares no code with the framework. It follows the documented rules: a begin supersedes
/// every earlier token and cancels the running task; a finish counts only for the current
/// token; `cancel()` returns to the state before the load; a report made from inside a callback
/// is delivered after the one in progress; the wrapper is told the state as it is when a
/// report is delivered, and draws it if it differs from the screen or is a settled state with a
/// newer load's outcome; a refresh that failed beside its content is reported once, when that
/// content is drawn. The render log it predicts uses the same entries as ``LiveSystem``:
/// renderer calls from `RecordingRenderer`, and the delegate calls in between.
struct ReferenceModel {
    /// What the model remembers of one `load { }`.
    struct AsyncLoad {
        let generation: Int
        let observesCancellation: Bool
        var isCancelled = false
        /// The task's value once it is known.
        var value: Bool?
    }

    private enum Report {
        case willBegin
        case stateChanged
        case didFinish(RaceError?)
    }

    /// A deliberate mistake to plant, to prove the comparison sees it (see ``Fault``).
    let fault: Fault?

    // MARK: Coordinator

    /// The coordinator's state.
    private(set) var state: ContentState = .initial
    /// The data source's model.
    private(set) var items: [String] = []
    /// The coordinator's error: the last failure, until a load succeeds.
    private(set) var error: RaceError?
    /// How many loads have begun; load `n` (1-based) is the `n`th token.
    private(set) var generations = 0
    private(set) var asyncLoads: [AsyncLoad] = []
    private(set) var isReleased = false
    /// The load in flight; 0 when none.
    private var active = 0
    private var stateBeforeLoad: ContentState = .initial
    /// The load whose outcome the settled state shows, and whether it failed.
    private var settledLoad = 0
    private var settledLoadFailed = false
    /// The async load whose task the coordinator would cancel next.
    private var runningTask: Int?

    // MARK: Data source

    /// What each callback does the next time it is called.
    private var reentries: [RaceOperation.Site: RaceOperation.Reentry] = [:]
    private var queuedReports: [Report] = []
    private var isReporting = false

    // MARK: Wrapper

    /// The state the wrapper draws.
    private(set) var displayed: ContentState = .initial
    /// The load whose outcome the drawn screen shows.
    private var displayedLoad = 0
    private var wrapperFailure: RaceError?
    private var reportedRefreshFailure = 0
    /// Every render and delegate call so far.
    private(set) var log: [String] = ["empty.show(initial)"]

    init(fault: Fault? = nil) { self.fault = fault }

    /// Whether token `generation` is valid now.
    func isValid(generation: Int) -> Bool {
        (!isReleased || fault == .tokensOutliveTheDataSource) && generation != 0 && generation == active
    }

    /// Whether a load is in flight. A released data source's coordinator keeps what it had:
    /// only its tokens stop counting.
    var isLoading: Bool { fault == .isLoadingNeverClears ? generations > 0 : active != 0 }

    private var hasContent: Bool { !isReleased && !items.isEmpty }

    /// Applies `operation` and returns its answer: `nil` for steps without one, else the
    /// `Bool` the real call returns (a task's value for ``RaceOperation/resume(_:_:)``).
    mutating func apply(_ operation: RaceOperation) -> Bool? {
        switch operation {
        case .begin(let keeping):
            guard !isReleased else { return nil }
            _ = begin(keepingContent: keeping)
            return nil
        case .finish(let reference, let outcome):
            guard let index = reference.resolve(count: generations) else { return nil }
            return finish(generation: index + 1, outcome)
        case .cancel:
            guard !isReleased else { return nil }
            return cancel()
        case .beginAsync(let keeping, let observes):
            guard !isReleased else { return nil }
            let generation = begin(keepingContent: keeping)
            asyncLoads.append(AsyncLoad(generation: generation, observesCancellation: observes))
            if isValid(generation: generation) {
                runningTask = asyncLoads.count - 1
            } else {
                // A callback began a newer load (or cancelled) while this one was beginning.
                markCancelled(asyncLoads.count - 1)
            }
            return nil
        case .resume(let reference, let outcome):
            guard let index = reference.resolve(count: asyncLoads.count) else { return nil }
            if let value = asyncLoads[index].value { return value }
            let generation = asyncLoads[index].generation
            // The load's own task is ending: nothing left to cancel.
            if isValid(generation: generation) { runningTask = nil }
            if asyncLoads[index].isCancelled, case .failure = outcome {
                // A cancelled task's failure, whatever it threw, is a cancellation: a load still
                // current goes back where it began.
                asyncLoads[index].value = false
                if isValid(generation: generation) { _ = cancel() }
                return false
            }
            let value = finish(generation: generation, outcome)
            asyncLoads[index].value = value
            return value
        case .cancelTask(let reference):
            guard let index = reference.resolve(count: asyncLoads.count) else { return nil }
            asyncLoads[index].isCancelled = true
            guard asyncLoads[index].observesCancellation else { return nil }
            if let value = asyncLoads[index].value { return value }
            // The work throws CancellationError; a load still current goes back where it began.
            asyncLoads[index].value = false
            if isValid(generation: asyncLoads[index].generation) {
                runningTask = nil
                _ = cancel()
            }
            return false
        case .reenter(let site, let reentry):
            guard !isReleased else { return nil }
            reentries[site] = reentry
            return nil
        case .releaseDataSource:
            // Its tokens stop counting; nothing else changes (the coordinator lives on) and
            // nothing is reported any more.
            guard !isReleased else { return nil }
            isReleased = true
            return nil
        }
    }

    // MARK: - Coordinator

    private mutating func begin(keepingContent: Bool) -> Int {
        cancelRunningTask()
        if fault == .errorForgottenWhenALoadBegins { error = nil }
        let refreshes = keepingContent && hasContent
        generations += 1
        active = generations
        let generation = generations
        // A load begun while another is in flight keeps the state.
        guard !state.isLoading else {
            report(.willBegin)
            return generation
        }
        stateBeforeLoad = state
        state = refreshes && state != .initial ? .refreshing : .loading
        report(.willBegin, .stateChanged)
        return generation
    }

    private mutating func finish(generation: Int, _ outcome: RaceOperation.Outcome) -> Bool {
        guard isValid(generation: generation) else { return false }
        active = 0
        // Finishing an async load's token by hand cancels its task.
        if let running = runningTask, asyncLoads[running].generation == generation,
            fault != .finishByHandLeavesTheTaskRunning
        {
            cancelRunningTask()
        }
        settledLoad = generation
        let failure: RaceError?
        switch outcome {
        case .items(let loaded):
            items = loaded
            failure = nil
            state = loaded.isEmpty ? .empty : .content
        case .failure(let id):
            failure = RaceError(id)
            let keepsContent = state == .refreshing && hasContent && fault != .failedRefreshShowsError
            state = keepsContent ? .content : .error
        }
        error = failure
        settledLoadFailed = failure != nil
        report(.stateChanged, .didFinish(failure))
        return true
    }

    private mutating func cancel() -> Bool {
        guard active != 0 else { return false }
        active = 0
        cancelRunningTask()
        guard fault != .cancelKeepsTheLoadingScreen else { return true }
        // Back to where the load began, as the model has it now.
        state = reevaluated(stateBeforeLoad)
        report(.stateChanged)
        return true
    }

    /// What a settled state becomes for the model as it is: content and empty follow it, and
    /// an error gives way to content it holds (no longer showing its failure).
    private mutating func reevaluated(_ settledState: ContentState) -> ContentState {
        switch settledState {
        case .content where !hasContent: return .empty
        case .empty where hasContent: return .content
        case .error where hasContent:
            settledLoadFailed = false
            return .content
        default: return settledState
        }
    }

    private mutating func cancelRunningTask() {
        guard let index = runningTask else { return }
        runningTask = nil
        markCancelled(index)
    }

    /// Its token is already stale, so whenever the work ends, nothing happens; work that
    /// observes cancellation ends now.
    private mutating func markCancelled(_ index: Int) {
        asyncLoads[index].isCancelled = true
        if asyncLoads[index].observesCancellation && asyncLoads[index].value == nil {
            asyncLoads[index].value = false
        }
    }

    // MARK: - Data source

    /// Delivers `reports`, or queues them behind the report being delivered.
    private mutating func report(_ reports: Report...) {
        guard !isReleased else { return }
        if isReporting && fault != .nestedReportsDeliveredAtOnce {
            queuedReports += reports
            return
        }
        let wasReporting = isReporting
        isReporting = true
        for report in reports { deliver(report) }
        var index = 0
        while !wasReporting && index < queuedReports.count {
            deliver(queuedReports[index])
            index += 1
        }
        if !wasReporting { queuedReports.removeAll() }
        isReporting = wasReporting
    }

    private mutating func deliver(_ report: Report) {
        switch report {
        case .willBegin:
            log.append("willBegin")
            reenter(from: .willBegin)
        case .stateChanged:
            show(state, load: settledLoad, failure: settledLoadFailed ? error : nil)
        case .didFinish(let failure):
            log.append("finished(\(failure.map { "\($0)" } ?? "ok"))")
            reenter(from: .didFinish)
        }
    }

    private mutating func reenter(from site: RaceOperation.Site) {
        guard let reentry = reentries.removeValue(forKey: site) else { return }
        switch reentry {
        case .begin(let keeping):
            _ = begin(keepingContent: keeping)
            log.append("reentry: begin")
        case .beginAndFinish(let keeping, let outcome):
            let generation = begin(keepingContent: keeping)
            let accepted = finish(generation: generation, outcome)
            log.append("reentry: begin, finish \(accepted)")
        case .cancel:
            let cancelled = cancel()
            log.append("reentry: cancel \(cancelled)")
        }
    }

    // MARK: - Wrapper

    private mutating func show(_ next: ContentState, load: Int, failure: RaceError?) {
        wrapperFailure = failure
        let isSettled = next == .content || next == .empty || next == .error
        let newerOutcome = isSettled && load != displayedLoad && fault != .noRedrawForANewerOutcome
        guard next != displayed || newerOutcome else { return }
        draw(next, load: load)
        if next == .content, let failure, reportedRefreshFailure != load, fault != .refreshFailureNotReported {
            reportedRefreshFailure = load
            log.append("refreshFailed(\(failure))")
        }
    }

    private mutating func draw(_ next: ContentState, load: Int) {
        displayedLoad = load
        log.append("willShow(\(next))")
        let previous = Self.renderer(for: displayed)
        let upcoming = Self.renderer(for: next)
        displayed = next
        if previous != upcoming { log.append("\(previous).hide") }
        log.append("\(upcoming).show(\(next))")
        if upcoming == "content" { reenter(from: .contentShown) }
        log.append(next == .error ? "didShow(error: \(wrapperFailure.map { "\($0)" } ?? "none"))" : "didShow(\(next))")
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
