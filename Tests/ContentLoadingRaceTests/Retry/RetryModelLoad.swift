/// One load as ``RetryReferenceModel`` predicts it: its attempts, where its task is, and how it ended.
struct RetryModelLoad {
    enum Lane: Equatable {
        /// A first page (or a plain load when `firstPage` is false) on the refresh lane.
        case content(firstPage: Bool)
        /// A page of the append lane, at `cursor`.
        case page(cursor: Int)
    }

    /// What happens to the task next, once the step's synchronous part is over.
    enum Pending: Equatable {
        /// The task was cancelled while it slept or waited on an attempt that observes
        /// cancellation: it throws.
        case cancelled
        /// The waiting attempt returned or threw.
        case resolved(RetryStep.Outcome)
        /// The clock reached the retry sleep's deadline.
        case woke
    }

    let number: Int
    let lane: Lane
    let ignoresCancellation: Bool
    /// The cursor each attempt asked for (`nil` for content); its count is the attempts run.
    var cursors: [Int?]
    /// Attempts counted before this load's first, by the fault
    /// ``RetryFault/attemptsCountedAcrossLoads`` only.
    var attemptOffset = 0
    /// Whether the task has started its work, so the harness holds the load's token: not until
    /// the main actor is free after the load began.
    var hasStarted = false
    /// Whether the last attempt waits on its gate.
    var isWaiting = true
    /// The retry sleep's deadline, while the load sleeps.
    var sleepUntil: Duration?
    var pending: Pending?
    /// Whether the task has been cancelled.
    var isCancelled = false
    /// The task's value, once it has ended.
    var value: Bool?
    /// Whether the load ended between its attempt failing and its retry being approved, by
    /// the fault ``RetryFault/retryApprovedAfterItsLoadEnded`` only.
    var endedBeforeApproval = false
    /// The first attempt's error, for the fault ``RetryFault/lastErrorIsTheFirst``.
    var firstError: RetryRaceError?

    init(number: Int, lane: Lane, ignoresCancellation: Bool) {
        self.number = number
        self.lane = lane
        self.ignoresCancellation = ignoresCancellation
        if case .page(let cursor) = lane { cursors = [cursor] } else { cursors = [nil] }
    }

    var isPage: Bool { if case .page = lane { true } else { false } }

    /// The cursor every attempt of this load asks for.
    var cursor: Int? { if case .page(let cursor) = lane { cursor } else { nil } }

    /// The rows and next cursor an attempt returning `count` rows gives.
    func answer(count: Int, ends: Bool, cursor: Int?) -> (rows: [String], next: Int?) {
        ((0..<count).map { "\(number)-\($0)" }, ends ? nil : (cursor ?? 0) + 1)
    }
}
