import ContentLoading

/// The reference model of a retry race: what the real types must show after every step,
/// written from the documented rules, not from the code.
///
/// A step's synchronous effects come first; then every task the step set moving (an attempt
/// that returned or threw, a sleep that ended or was cancelled) runs to its next rest, as the
/// live system waits for it to (``RetryLiveSystem/settle(within:)``). Reports reach the
/// delegates and the wrapper as the data source delivers them (see RetryReferenceModel+Reports.swift),
/// and the model calls back at every point where the framework calls the app's code
/// (``RetrySite``), in the same order, so a re-entrant step lands where it lands in the real
/// types.
struct RetryReferenceModel: ReevaluatingModel {
    enum Phase: String {
        case idle, loadingMore, failed, endReached
    }

    let setup: RetryRaceSetup
    let fault: RetryFault?
    var loads: [RetryModelLoad] = []
    var now: Duration = .zero

    // The refresh lane.
    var state: ContentState = .initial
    var stateBeforeLoad: ContentState = .initial
    /// The content load in flight (an index into ``loads``).
    var activeContent: Int?
    /// The content load accepted last, and the accepted one whose commit is running: it
    /// settles the state next.
    var lastAccepted: Int?
    var settling: Int?
    /// The number of the load whose outcome the settled state shows (0: none yet), and whether
    /// it failed.
    var settledLoad = 0
    var settledLoadFailed = false
    var lastError: String?
    var items: [String] = []
    var isReleased = false

    // The append lane.
    var phase: Phase = .idle
    /// Counts the lane's moves, as the wrapper tells one failed page from the next.
    var laneRevision = 0
    var nextCursor: Int?
    var hasFirstPage = false
    var activePage: Int?
    /// The accepted page whose commit is running: load more still finds it in flight.
    var committingPage: Int?
    var appendError: String?

    // Retries.
    /// Whether the delegates heard of a retry of the content load (or page) in flight.
    var retryingContent = false
    var retryingPage = false
    var retriesHeard: [String] = []
    var log: [String] = []
    /// The situations reached so far.
    var scenarios: Set<RetryScenario> = []

    // Reports and the wrapper.
    var reports = ReportQueue<RetryReport>()
    /// Whether the wrapper is being told the state (the error placeholder it asks for may move it).
    var isDeliveringState = false
    /// What the wrapper drew, as far as the model knows: until the data source is released,
    /// what its reports told it.
    var wrapper = RetryWrapperModel()
    /// What each callback does the next time it is called.
    var reentries: [RetrySite: RetryStep] = [:]

    init(setup: RetryRaceSetup, fault: RetryFault? = nil) {
        self.setup = setup
        self.fault = fault
    }

    /// Applies `step`, then lets every task it set moving come to rest; returns the step's answer.
    mutating func apply(_ step: RetryStep) -> String? {
        let answer = applySynchronously(step)
        workStarts()
        settleTasks()
        return answer
    }

    mutating func applySynchronously(_ step: RetryStep) -> String? {
        switch step {
        case .load(let keeping, let firstPage, let ignores):
            guard !isReleased else { return nil }
            beginContent(keepingContent: keeping, firstPage: firstPage, ignoresCancellation: ignores)
            return nil
        case .resolve(let pick, let outcome):
            let waiting = loads.indices.filter { loads[$0].value == nil && loads[$0].isWaiting }
            guard let index = pick == .newest ? waiting.last : waiting.first else { return nil }
            loads[index].isWaiting = false
            loads[index].pending = .resolved(outcome)
            return "#\(loads[index].number)"
        case .resolveThen(let pick, let outcome, let then):
            guard let resolved = applySynchronously(.resolve(pick, outcome)) else { return nil }
            let index = loads.firstIndex { $0.pending != nil }!
            let counted = counts(index)
            let answer = "\(resolved), then \(applySynchronously(then) ?? "nil")"
            if counted, !counts(index), case .failure(let error) = outcome, error.isRetryable,
                loads[index].cursors.count < setup.maxAttempts
            {
                scenarios.insert(.endedBeforeItsRetryWasApproved)
                loads[index].endedBeforeApproval = true
            }
            return answer
        case .advance(let advance):
            return "by \(advanceClock(advance))"
        case .cancel:
            guard !isReleased else { return nil }
            return "\(cancelContent())"
        case .cancelTask(let pick):
            let running = loads.indices.filter { loads[$0].value == nil }
            guard let index = pick == .newest ? running.last : running.first else { return nil }
            cancelTask(of: index, .fromOutside)
            return "#\(loads[index].number)"
        case .finishByHand(let outcome):
            return finishByHand(outcome)
        case .releaseDataSource:
            guard !isReleased else { return nil }
            release()
            return nil
        case .tapRetry:
            // The Retry of the error screen the wrapper draws; once the data source is gone, it
            // loads nothing.
            if !isReleased, wrapper.drawn == .error {
                scenarios.insert(.retryFromTheErrorScreen)
                beginContent(keepingContent: true, firstPage: true, ignoresCancellation: false, fromRetry: true)
            }
            return nil
        case .loadMore(let ignores):
            guard !isReleased else { return nil }
            return loadMore(ignoresCancellation: ignores)
        case .cancelLoadMore:
            guard !isReleased else { return nil }
            return "\(cancelPage())"
        case .tapFooterRetry:
            // The Retry of the failed footer the wrapper draws: the data source's own load more.
            if !isReleased, wrapper.footerKind == .failed {
                scenarios.insert(.retryFromTheFooter)
                _ = loadMore(ignoresCancellation: false)
            }
            return nil
        case .reenter(let site, let action):
            reentries[site] = action
            return nil
        }
    }

    /// The tasks of the loads begun so far have started their work: a load's task starts once
    /// the main actor is free, after the step (or the task's turn) that began it.
    mutating func workStarts() {
        for index in loads.indices { loads[index].hasStarted = true }
    }

    /// Moves the clock as ``RetryStep/Advance`` says; every sleep whose deadline it reaches wakes.
    private mutating func advanceClock(_ advance: RetryStep.Advance) -> Duration {
        let amount = advance.amount(now: now, soonest: loads.compactMap(\.sleepUntil).min())
        now += amount
        for index in loads.indices {
            guard let deadline = loads[index].sleepUntil else { continue }
            let reached = fault == .boundaryIsExclusive ? deadline < now : deadline <= now
            if reached { loads[index].pending = .woke }
            if reached, deadline == now { scenarios.insert(.wokeAtTheDeadline) }
            if !reached, advance == .justBefore { scenarios.insert(.stillAsleepJustBefore) }
        }
        return amount
    }

    /// The app lets go of the data source: its coordinator goes with it, which cancels the
    /// content load's task, and it cancels the page's; nothing counts any more, and nothing is
    /// reported. The wrapper keeps what it drew, its retry included.
    private mutating func release() {
        isReleased = true
        let (content, page) = (activeContent, activePage)
        activeContent = nil
        activePage = nil
        if let content { cancelTask(of: content, .released) }
        if let page { cancelTask(of: page, .released) }
    }

    /// What the model predicts the real types show, with the step's answer.
    func view(answer: String?) -> RetryView {
        var view = RetryView()
        view.answer = answer ?? "nil"
        view.state = isReleased ? "released" : "\(state)"
        view.error = isReleased ? "released" : lastError ?? "nil"
        view.shown = "\(wrapper.drawn)"
        view.items = isReleased ? nil : items
        view.appendLane =
            (isReleased ? "released" : "\(phaseText) next \(String(describing: nextCursor))")
            + ", footer \(wrapper.footer)"
        view.attempts = loads.map { load in
            load.isPage
                ? "#\(load.number) page "
                    + load.cursors.map { "@\($0.map { "\($0)" } ?? "nil")" }.joined(separator: " ")
                : "#\(load.number) content ×\(load.cursors.count)"
        }
        view.taskValues = loads.map { "#\($0.number) " + ($0.value.map { "\($0)" } ?? "running") }
        view.taskCancelled = loads.filter { $0.value == nil }.map {
            "#\($0.number) " + ($0.isCancelled ? "cancelled" : "not cancelled")
        }
        let sleeping = loads.filter { $0.sleepUntil != nil }
        view.sleeps = sleeping.map { "#\($0.number) until \($0.sleepUntil!)" } + ["sleepers \(sleeping.count)"]
        view.retriesHeard = retriesHeard
        let retryText = wrapper.retry?.text ?? "nil"
        view.retryAttempt = retryText + " | " + retryText
        view.log = log
        view.lifetime = isReleased ? "data source freed, coordinator freed" : "data source alive, coordinator alive"
        return view
    }

    var phaseText: String {
        phase == .failed ? "failed(\(appendError ?? "?"))" : phase.rawValue
    }

    /// The next step that brings a load still running to its end, for draining a sequence:
    /// a waiting attempt fails for good, or the clock reaches a sleep's deadline.
    var drainStep: RetryStep? {
        if loads.contains(where: { $0.value == nil && $0.isWaiting }) {
            return .resolve(.oldest, .failure(RetryRaceError(id: 0, kind: .fatal)))
        }
        if loads.contains(where: { $0.sleepUntil != nil }) { return .advance(.toDeadline) }
        return nil
    }
}
