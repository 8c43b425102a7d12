import ContentLoading

/// A plain, single-threaded restatement of what the coordinator, data source and wrapper
/// (with the immediate policy) promise, step by step: the oracle the real types must match.
///
/// It shares no code with the framework. It follows the documented rules: a begin supersedes
/// every earlier token and cancels the running task; a finish counts only for the current
/// token; `cancel()` returns to the state before the load, re-evaluated against the model; a
/// report made from inside a callback is delivered after the one in progress, to the delegate
/// set when it is delivered; the wrapper is told the state as it is when a report is
/// delivered, and draws it if it differs from the screen or is a settled state with a newer
/// load's outcome; a placeholder screen whose callback moved the state is not drawn, and the
/// newer state is; a refresh that failed beside its content is reported once, when that
/// content is drawn. It calls back (``ContentStep/Site``) at the points the framework calls
/// app code, in the same order, so re-entrant steps land where they land in the real types.
/// The render log it predicts uses the same entries as ``ContentLiveSystem``.
struct ContentReferenceModel: ReevaluatingModel {
    /// What the model remembers of one `load { }`.
    struct AsyncLoad {
        let generation: Int
        let observesCancellation: Bool
        var isCancelled = false
        /// The task's value once it is known.
        var value: Bool?
        /// Whether its value is known because the framework cancelled its task while its work
        /// ran, work that stops when cancelled: the live task must read cancelled, though the
        /// harness never resumes it.
        var endedByItsCancel = false
    }

    /// A deliberate mistake to plant, to prove the comparison sees it (see ``ContentFault``).
    let fault: ContentFault?
    /// What every wrapper draws before anything loads.
    let firstFrame: FirstFrame

    // MARK: Coordinator

    /// The coordinator's state.
    var state: ContentState = .initial
    /// The data source's model.
    var items: [String] = []
    /// The coordinator's error: the last failure, until a load succeeds.
    var error: RaceError?
    /// How many loads have begun; load `n` (1-based) is the `n`th token.
    var generations = 0
    /// The numbers of the synchronous loads, in order.
    var syncLoads: [Int] = []
    var asyncLoads: [AsyncLoad] = []
    var isReleased = false
    /// The load in flight; 0 when none.
    var active = 0
    var stateBeforeLoad: ContentState = .initial
    /// The load accepted last, and the accepted load whose update is running (0: none).
    var lastAccepted = 0
    var settling = 0
    /// The load whose outcome the settled state shows, and whether it failed.
    var settledLoad = 0
    var settledLoadFailed = false
    /// The async load whose task the coordinator would cancel next.
    var runningTask: Int?

    // MARK: Append lane

    /// The paged data source's append lane (see ContentReferenceModel+Paging.swift).
    var lane = PageLaneModel()

    // MARK: Data source

    enum Report {
        case willBegin
        case stateChanged
        case didFinish(RaceError?)
        case footerChanged
    }

    /// What each callback does the next time it is called.
    var reentries: [ContentStep.Site: ContentStep.Reentry] = [:]
    var queuedReports: [Report] = []
    var isReporting = false
    /// Whether the wrapper is being told the state (a placeholder it asks for may move it).
    var isDeliveringState = false
    /// The data source's delegate: the system (`.same`), the other object, or none.
    var delegate: ContentStep.DelegateChoice = .same

    // MARK: Wrappers

    /// Every wrapper made; the last one is the one the delegates supply.
    var wrappers: [WrapperModel] = [WrapperModel(prefix: "")]
    /// The actions the harness kept (see ``ContentStep/keepDrawnActions``): the wrapper that
    /// drew each, and which of its screens or footers it was drawn in.
    var keptPlaceholderAction: (wrapper: Int, drawing: Int)?
    var keptFooterAction: (wrapper: Int, drawing: Int)?
    var current: Int { wrappers.count - 1 }
    /// Every render and delegate call so far.
    var log: [String]

    init(fault: ContentFault? = nil, firstFrame: FirstFrame = .blank) {
        self.fault = fault
        self.firstFrame = firstFrame
        log = firstFrame == .blank ? [] : ["empty.show(initial)"]
    }

    /// The state the current wrapper draws.
    var displayed: ContentState { wrappers[current].drawn }

    /// Whether the current wrapper is the one the data source reports to.
    var isAttached: Bool { !isReleased && delegate != .none }

    /// Whether load `generation` is the current one: a finish of its token counts.
    func isCurrent(generation: Int) -> Bool {
        !isReleased && generation != 0 && generation == active
    }

    /// Whether token `generation` reads valid now: exactly when its load is current.
    func isValid(generation: Int) -> Bool {
        isCurrent(generation: generation)
            || (fault == .tokensOutliveTheDataSource && generation == active && generation != 0)
    }

    /// Whether a load is in flight. A released data source's coordinator keeps what it had:
    /// its tokens stop counting and it refuses new loads.
    var isLoading: Bool { fault == .isLoadingNeverClears ? generations > 0 : active != 0 }

    /// The data source's `hasContent`, asked as the framework asks it: a call into app code.
    mutating func askHasContent() -> Bool {
        guard !isReleased else { return false }
        reenter(from: .hasContent)
        return !items.isEmpty
    }

    /// The data source's `isCancellation(_:)`, asked of the error `outcome` ends with: a call
    /// into app code.
    mutating func askIsCancellation(_ outcome: ContentStep.Outcome) -> Bool {
        if !isReleased { reenter(from: .isCancellation) }
        return outcome == .cancellation && fault != .cancellationShownAsError
    }
}
