import ContentLoading

/// The reference for one child data source and its coordinator, restated from the documented
/// contract (see ``LoadingCoordinator``): a begin supersedes, only the current token finishes,
/// a refresh that fails keeps its content, a cancel returns to the state before the load as
/// the model now has it; a load begun or finished from inside an accepted load's update (or
/// its `hasContent`) owns the state instead of it.
///
/// Only what a child is; what it does, calling back into the app and reporting to its
/// container where the framework does, is in CompositionReferenceModel+Children.swift.
struct ChildModel: ReevaluatingModel {
    /// What the data source's `hasContent` answers from: its model.
    var items: [String] = []
    var state: ContentState = .initial
    /// How many loads the child began: the newest load's number.
    var latest = 0
    /// The load in flight; 0 when none.
    var active = 0
    /// The numbers of the loads whose tokens the harness holds, in the order their begins
    /// returned them (a load begun from inside another's begin returns first).
    var tokens: [Int] = []
    var stateBeforeLoad: ContentState = .initial
    /// The load accepted last, and the accepted load whose update is running (0: none).
    var lastAccepted = 0
    var settling = 0
    /// The load whose outcome the settled state shows (0: none yet), and whether it failed.
    var settledLoad = 0
    var settledLoadFailed = false
    /// The last failure, until a load succeeds.
    var lastError: String?
    /// Whether the run dropped the child: every token it issued is invalid from then on.
    var isReleased = false

    var hasItems: Bool { !items.isEmpty }
    var hasBegunALoad: Bool { latest > 0 }

    /// The error the state shows: the error screen's, or that of a refresh that failed beside
    /// its content; `nil` after a success, or once content replaced the error.
    var failure: String? { settledLoadFailed ? lastError : nil }

    /// Whether load `number` is the one in flight: its token is valid.
    func isValid(_ number: Int) -> Bool { !isReleased && number != 0 && number == active }
}
