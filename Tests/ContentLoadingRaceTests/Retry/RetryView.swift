import ContentLoading

/// What a retry race compares after every step, read off the real types by
/// ``RetryLiveSystem`` or predicted by ``RetryReferenceModel``, one text per ``Field``.
struct RetryView: Equatable {
    /// One comparison.
    enum Field: CaseIterable, Hashable, Sendable {
        /// The step's answer: a `Bool`, a load more's answer, the load picked, the time advanced.
        case answer
        /// The coordinator's `state` ("released" once it is gone).
        case state
        /// The state the wrapper draws.
        case shown
        /// The coordinator's `error`.
        case error
        /// The data source's model.
        case items
        /// The append lane: its state, the next cursor and the footer the wrapper draws.
        case appendLane
        /// Every load's attempts so far, with the cursor each page attempt asked for.
        case attempts
        /// Every load's task value, or that it still runs.
        case taskValues
        /// Whether each load's task that still runs has been cancelled.
        case taskCancelled
        /// The sleeps on the clock, by load, with their deadlines, and the clock's sleeper count.
        case sleeps
        /// The retries the data source's delegate and the wrapper's delegate heard, in order.
        case retriesHeard
        /// `wrapper.retryAttempt` and the screen model's.
        case retryAttempt
        /// The other delegate calls: loads begun and finished, refreshes failed.
        case log
        /// Whether the data source and its coordinator are alive.
        case lifetime
        /// Whether every load's task came to rest (ended, asleep, or waiting on its attempt).
        case settled
    }

    var answer = "nil"
    var state = ""
    var shown = ""
    var error = "nil"
    var items: [String]?
    var appendLane = ""
    var attempts: [String] = []
    var taskValues: [String] = []
    var taskCancelled: [String] = []
    var sleeps: [String] = []
    var retriesHeard: [String] = []
    var retryAttempt = "nil"
    var log: [String] = []
    var lifetime = ""
    var settled = "settled"

    func text(of field: Field) -> String {
        switch field {
        case .answer: answer
        case .state: state
        case .shown: shown
        case .error: error
        case .items: items.map { "\($0)" } ?? "<released>"
        case .appendLane: appendLane
        case .attempts: "\(attempts)"
        case .taskValues: "\(taskValues)"
        case .taskCancelled: "\(taskCancelled)"
        case .sleeps: "\(sleeps)"
        case .retriesHeard: "\(retriesHeard)"
        case .retryAttempt: retryAttempt
        case .log: "\(log)"
        case .lifetime: lifetime
        case .settled: settled
        }
    }

    /// The fields where `live` differs from `self`, the model's view.
    func problems(comparedWith live: RetryView) -> [RetryRaceLane.Problem] {
        Field.allCases.compactMap { field in
            let (predicted, seen) = (text(of: field), live.text(of: field))
            return predicted == seen ? nil : .init(field: field, detail: "live \(seen), model \(predicted)")
        }
    }

    /// How a retry reads in the view: lane, number of the maximum, the error, the delay.
    static func text(_ attempt: RetryAttempt?) -> String {
        guard let attempt else { return "nil" }
        return "\(attempt.lane) \(attempt.number)/\(attempt.maxAttempts) \(attempt.error) \(attempt.delay)"
    }

    /// How the append lane's state reads.
    static func text(_ state: AppendState) -> String {
        switch state {
        case .idle: "idle"
        case .loadingMore: "loadingMore"
        case .failed(let error): "failed(\(error))"
        case .endReached: "endReached"
        }
    }

    /// How the footer reads.
    static func text(_ footer: Footer) -> String {
        switch footer.state {
        case .idle: "hidden"
        case .loadingMore: "loadingMore"
        case .failed(let error): "failed(\(error))"
        case .endReached: "endReached"
        }
    }
}
