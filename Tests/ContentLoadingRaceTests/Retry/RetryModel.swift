import ContentLoading

/// The reference model of a retry race: what the real types must show after every step,
/// written from the documented rules, not from the code.
///
/// A step's synchronous effects come first; then every task the step set moving (an attempt
/// that returned or threw, a sleep that ended or was cancelled) runs to its next rest, as the
/// live system waits for it to (``RetryLiveSystem/settle(within:)``).
struct RetryModel {
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
    var lastError: String?
    var items: [String] = []
    var isReleased = false
    /// What the wrapper draws: the state, until the data source is released.
    var shown: ContentState = .initial

    // The append lane.
    var phase: Phase = .idle
    var nextCursor: Int?
    var hasFirstPage = false
    var activePage: Int?
    var appendError: String?
    /// What the wrapper's footer shows: the lane, until the data source is released.
    var footer = "hidden"

    // Retries.
    /// `wrapper.retryAttempt` as text, and its lane.
    var retry: (text: String, isPage: Bool)?
    /// Whether the delegates heard of a retry of the content load (or page) in flight.
    var retryingContent = false
    var retryingPage = false
    var retriesHeard: [String] = []
    var log: [String] = []
    /// The situations reached so far.
    var scenarios: Set<RetryScenario> = []

    init(setup: RetryRaceSetup, fault: RetryFault? = nil) {
        self.setup = setup
        self.fault = fault
    }

    /// Applies `step`, then lets every task it set moving come to rest; returns the step's answer.
    mutating func apply(_ step: RetryStep) -> String? {
        let answer = applySynchronously(step)
        settleTasks()
        if !isReleased {
            shown = state
            footer = phase == .idle ? "hidden" : phaseText
        }
        return answer
    }

    private mutating func applySynchronously(_ step: RetryStep) -> String? {
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
            if !isReleased, state == .error {
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
            if !isReleased, phase == .failed {
                scenarios.insert(.retryFromTheFooter)
                _ = loadMore(ignoresCancellation: false)
            }
            return nil
        }
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
    /// content load's task, and it cancels the page's; nothing counts any more. The wrapper
    /// keeps what it drew, its retry included.
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
        view.shown = "\(shown)"
        view.items = isReleased ? nil : items
        view.appendLane =
            (isReleased ? "released" : "\(phaseText) next \(String(describing: nextCursor))") + ", footer \(footer)"
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
        let retryText = retry?.text ?? "nil"
        view.retryAttempt = retryText + " | " + retryText
        view.log = log
        view.lifetime = isReleased ? "data source freed, coordinator freed" : "data source alive, coordinator alive"
        return view
    }

    private var phaseText: String {
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
