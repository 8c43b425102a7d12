/// The tasks' side of the model: a load's task cancelled, and each task run to its next rest
/// (an attempt waiting on its gate, a retry sleep, or its end).
extension RetryReferenceModel {
    /// Whether load `index` still counts: the content load or the page in flight.
    func counts(_ index: Int) -> Bool {
        activeContent == index || activePage == index
    }

    /// Why a load's task is cancelled.
    enum CancelReason {
        case superseded, cancelled, finishedByHand, released, fromOutside
    }

    /// Cancels load `index`'s task: a sleep ends at once and an attempt that observes
    /// cancellation throws; one that ignores it goes on waiting.
    mutating func cancelTask(of index: Int, _ reason: CancelReason) {
        guard loads[index].value == nil, !loads[index].isCancelled else { return }
        if fault == .supersededTaskNotCancelled, reason == .superseded, loads[index].ignoresCancellation { return }
        loads[index].isCancelled = true
        if loads[index].sleepUntil != nil {
            scenarios.insert(Self.scenario(endingASleep: reason, isPage: loads[index].isPage))
            switch (fault, reason) {
            case (.supersededSleepKeepsSleeping, .superseded), (.cancelledSleepKeepsSleeping, .cancelled),
                (.releasedSleepKeepsSleeping, .released):
                return
            default: break
            }
        }
        if loads[index].sleepUntil != nil || (loads[index].isWaiting && !loads[index].ignoresCancellation) {
            loads[index].pending = .cancelled
        }
    }

    private static func scenario(endingASleep reason: CancelReason, isPage: Bool) -> RetryScenario {
        switch reason {
        case .superseded: isPage ? .pageEndedByARefreshWhileAsleep : .supersededWhileAsleep
        case .cancelled: isPage ? .pageCancelledWhileAsleep : .cancelledWhileAsleep
        case .finishedByHand: .finishedByHandWhileAsleep
        case .released: .releasedWhileAsleep
        case .fromOutside: .taskCancelledWhileAsleep
        }
    }

    /// Runs every task a step set moving to its next rest, oldest load first, until none moves.
    mutating func settleTasks() {
        while let index = loads.firstIndex(where: { $0.pending != nil }) {
            let pending = loads[index].pending!
            loads[index].pending = nil
            switch pending {
            case .cancelled:
                loads[index].sleepUntil = nil
                loads[index].isWaiting = false
                end(index, false)
            case .woke:
                loads[index].sleepUntil = nil
                // The load is checked once more after the sleep: a stale one throws.
                if counts(index) {
                    startAttempt(index)
                } else {
                    end(index, false)
                }
            case .resolved(let outcome):
                resolve(index, outcome)
            }
            // Loads begun from inside that task's callbacks start their work once it yields.
            workStarts()
        }
    }

    /// Ends load `index`'s task with `value`. A task cancelled from outside while its load still
    /// counts, or whose work threw a cancellation, cancels the load as it ends.
    private mutating func end(_ index: Int, _ value: Bool, threwACancellation: Bool = false) {
        loads[index].value = value
        loads[index].isWaiting = false
        guard counts(index), loads[index].isCancelled || threwACancellation, !value else { return }
        if loads[index].isPage { _ = cancelPage() } else { _ = cancelContent() }
    }

    private mutating func startAttempt(_ index: Int) {
        var cursor = loads[index].cursor
        if fault == .pageRetryAsksForPageOne, loads[index].isPage { cursor = nil }
        loads[index].cursors.append(cursor)
        loads[index].isWaiting = true
    }

    /// Load `index`'s waiting attempt returned or threw.
    private mutating func resolve(_ index: Int, _ outcome: RetryStep.Outcome) {
        let load = loads[index]
        if !counts(index) { scenarios.insert(.lateResult) }
        switch outcome {
        case .rows(let count, let ends):
            // A value counts if the load does, even when its task was cancelled from outside.
            guard counts(index) else {
                if fault == .lateResultCommits, !isReleased {
                    items = load.answer(count: count, ends: ends, cursor: load.cursors.last!).rows
                }
                return end(index, fault == .supersededTaskAccepted && !isReleased)
            }
            let (rows, next) = load.answer(count: count, ends: ends, cursor: load.cursors.last!)
            end(index, true)
            if load.isPage {
                acceptPage(index, rows: rows, next: next, error: nil)
            } else {
                acceptContent(index, rows: rows, next: next, error: nil, byHand: false)
            }
        case .cancellation:
            if counts(index), loads[index].cursors.count < setup.maxAttempts {
                scenarios.insert(.cancellationNeverRetried)
            }
            // Never retried, never an error: a load that counts is cancelled.
            end(index, false, threwACancellation: true)
        case .failure(let error):
            if loads[index].firstError == nil { loads[index].firstError = error }
            let lateButRetried =
                (fault == .staleFailureRetried && !counts(index))
                || (fault == .retryApprovedAfterItsLoadEnded && load.endedBeforeApproval)
            guard (counts(index) && !load.isCancelled) || lateButRetried else { return end(index, false) }
            if let delay = retryDelay(index, after: error) {
                approveRetry(index, after: error, delay: delay)
            } else if !counts(index) {
                end(index, false)
            } else {
                let attempts = loads[index].cursors.count
                scenarios.insert(attempts < setup.maxAttempts ? .refusedByThePredicate : .lastAttemptFailed)
                end(index, true)
                if load.isPage {
                    acceptPage(index, rows: nil, next: nil, error: error)
                } else {
                    acceptContent(index, rows: nil, next: nil, error: error, byHand: false)
                }
            }
        }
    }

    /// The delay before retrying load `index` after its attempt failed with `error`; `nil` when
    /// the attempts are used up or the predicate refuses the error.
    private func retryDelay(_ index: Int, after error: RetryRaceError) -> Duration? {
        let failed = loads[index].cursors.count + loads[index].attemptOffset
        guard failed < setup.maxAttempts, error.isRetryable || fault == .predicateIgnored else { return nil }
        if fault == .retryAfterIgnored, error.retryAfter != nil {
            return setup.delay(beforeRetry: failed, after: RetryRaceError(id: error.id, kind: .transient))
        }
        return setup.delay(beforeRetry: failed, after: error, capped: fault != .delayNotCapped)
    }

    /// The retry is approved: the load is marked retrying and both delegates hear of it (the
    /// data source's, then the wrapper's, which shows it, and the announcement). A callback
    /// there may end the load: then no retry follows and the task ends. Otherwise the task
    /// sleeps (or, with no delay, runs the next attempt at once).
    private mutating func approveRetry(_ index: Int, after error: RetryRaceError, delay: Duration) {
        let isPage = loads[index].isPage
        let failed = loads[index].cursors.count + loads[index].attemptOffset
        let number = fault == .retryNumberedByTheFailedAttempt ? failed : failed + 1
        let text = "\(isPage ? "page" : "content") \(number)/\(setup.maxAttempts) \(error) \(delay)"
        scenarios.insert(isPage ? .pageRetried : .contentRetried)
        if delay == .zero { scenarios.insert(.retriedWithoutDelay) }
        if !isPage, state == .refreshing { scenarios.insert(.refreshRetriedWithContentKept) }
        if fault != .retryRecordedAfterItsReport { markRetrying(isPage: isPage) }
        if fault == .eachAttemptReportsABegin { log.append("willBegin") }
        report([.willRetry(text: text, isPage: isPage)])
        if fault == .retryRecordedAfterItsReport { markRetrying(isPage: isPage) }
        // A delegate ended the load (a newer load, a cancel, a finish by hand): it is not retried.
        guard counts(index) else {
            scenarios.insert(.loadEndedByItsRetryReport)
            return end(index, false)
        }
        if fault == .retryShowsLoading, !isPage, state == .refreshing {
            state = .loading
            report([.stateChanged])
        }
        if fault == .failedAttemptFailsTheFooter, isPage {
            move(to: .failed)
            appendError = "\(error)"
            report([.footerChanged])
        }
        if delay == .zero {
            startAttempt(index)
        } else {
            loads[index].sleepUntil = now + delay
        }
    }

    private mutating func markRetrying(isPage: Bool) {
        if isPage { retryingPage = true } else { retryingContent = true }
    }
}
