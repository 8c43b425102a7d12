/// The requests one load sends: the tap's, then one per retry. The ``LoadLedger`` hands them
/// to the load's work, attempt by attempt, and reports how the load ended by its last request.
@MainActor
final class RequestSeries {
    /// What the load asks for.
    let outcome: Outcome
    /// The page asked for: 1 for a reload.
    let page: Int
    /// The section asked for, in `demo sections`.
    let section: Palette?
    /// How many attempts the load may make.
    let maxAttempts: Int
    /// The requests sent so far, in order; the first is sent when the load begins.
    private(set) var requests: [ColorsRequest]
    /// The requests the work has taken: the next attempt sends a new one once all were taken.
    private var taken = 0
    /// Whether the last request's failure will be retried: the delegates heard of the retry
    /// and no request was sent for it yet.
    var retryPending = false
    /// The failure the last current answer brought, for a section that shows its error.
    var failure: ColorsLoadError?

    /// A series whose first request is `first`, sent as the load began.
    init(first: ColorsRequest, maxAttempts: Int) {
        outcome = first.outcome
        page = first.page
        section = first.section
        self.maxAttempts = maxAttempts
        requests = [first]
    }

    /// The last request sent.
    var last: ColorsRequest { requests[requests.count - 1] }

    /// The request for the attempt about to run: the first, or a new one `send` plans.
    func next(orSend send: (_ attempt: Int) -> ColorsRequest) -> ColorsRequest {
        taken += 1
        if taken > requests.count { requests.append(send(taken)) }
        retryPending = false
        return requests[taken - 1]
    }
}
