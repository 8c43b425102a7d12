/// A deliberate mistake, planted in ``RetryReferenceModel`` or in how ``RetryLiveSystem`` uses the
/// framework, to prove that the retry race's comparisons catch what they claim to: each must
/// be reported through the fields in ``detectedBy``.
enum RetryFault: CaseIterable, Sendable, RaceFault {
    /// Model: a retry is numbered by the attempt that failed, not the one about to run.
    case retryNumberedByTheFailedAttempt
    /// Model: the backoff is not capped at the policy's maximum delay.
    case delayNotCapped
    /// Model: an error's own delay (Retry-After) is ignored for the backoff.
    case retryAfterIgnored
    /// Model: the predicate is ignored, so a fatal error is retried.
    case predicateIgnored
    /// Model: the error screen's Retry goes on counting the failed load's attempts instead of
    /// starting over at attempt 1.
    case attemptsCountedAcrossLoads
    /// Model: a sleep wakes only after its deadline, not at it.
    case boundaryIsExclusive
    /// Model: a newer load leaves the superseded load's retry sleep on the clock.
    case supersededSleepKeepsSleeping
    /// Model: `cancel()` (or `cancelLoadMore()`) leaves the retry sleep on the clock.
    case cancelledSleepKeepsSleeping
    /// Model: releasing the data source leaves the retry sleep on the clock.
    case releasedSleepKeepsSleeping
    /// Model: after the last attempt, the load fails with its first attempt's error.
    case lastErrorIsTheFirst
    /// Model: the wrapper keeps showing a retry after its load ended.
    case retryAttemptOutlivesItsLoad
    /// Model: a late attempt's rows, arriving after its load ended, are written to the model.
    case lateResultCommits
    /// Model: a late attempt's failure, arriving after its load ended, is retried.
    case staleFailureRetried
    /// Model: a load that ended after its attempt failed but before the coordinator approved
    /// the retry is retried anyway (as if the approval did not check the load still counts).
    case retryApprovedAfterItsLoadEnded
    /// Model: a failed page's retry asks for the first page, restarting the list.
    case pageRetryAsksForPageOne
    /// Model: a page's failed attempt fails the footer while the page retries.
    case failedAttemptFailsTheFooter
    /// Model: a refresh that retries shows the loading screen, dropping its content.
    case retryShowsLoading
    /// Model: a superseded load whose attempt ignores cancellation keeps an uncancelled task.
    case supersededTaskNotCancelled
    /// Model: a superseded load's task, when its late rows arrive, returns `true`.
    case supersededTaskAccepted
    /// Model: each retry is reported as a new load beginning.
    case eachAttemptReportsABegin
    /// Model: a retry is heard by the delegates but not announced to assistive technologies.
    case retryNotAnnounced
    /// Live: the data source's work captures the data source, so releasing it during a load
    /// frees nothing until the work ends (and nothing cancels its retry sleep).
    case workCapturesTheDataSource
    /// Model: a retry is recorded as its load's only after the delegates heard of it, so a
    /// delegate that ends the load from inside that report leaves the wrapper showing the
    /// retry (as the framework would with `lane.retrying` set after `reportWillRetry`). Only a
    /// re-entrant step can see it.
    case retryRecordedAfterItsReport
    /// Model: a report made from inside a callback is delivered at once, in the middle of the
    /// one in progress, instead of after it. Only a re-entrant step can see it.
    case nestedReportsDeliveredAtOnce

    /// The comparisons that must report this fault (at least these; most show in others too).
    var detectedBy: Set<RetryView.Field> {
        switch self {
        case .retryNumberedByTheFailedAttempt: [.retriesHeard, .retryAttempt]
        case .delayNotCapped, .retryAfterIgnored, .predicateIgnored, .attemptsCountedAcrossLoads: [.retriesHeard]
        case .staleFailureRetried, .retryApprovedAfterItsLoadEnded: [.retriesHeard]
        case .boundaryIsExclusive: [.attempts, .sleeps]
        case .supersededSleepKeepsSleeping, .cancelledSleepKeepsSleeping, .releasedSleepKeepsSleeping: [.sleeps]
        case .lastErrorIsTheFirst: [.error, .log]
        case .retryAttemptOutlivesItsLoad: [.retryAttempt]
        case .lateResultCommits: [.items]
        case .pageRetryAsksForPageOne: [.attempts]
        case .failedAttemptFailsTheFooter: [.appendLane]
        case .retryShowsLoading: [.state, .shown]
        case .supersededTaskNotCancelled: [.taskCancelled]
        case .supersededTaskAccepted: [.taskValues]
        case .eachAttemptReportsABegin: [.log]
        case .retryNotAnnounced: [.retriesHeard]
        case .workCapturesTheDataSource: [.lifetime]
        case .retryRecordedAfterItsReport: [.retryAttempt]
        case .nestedReportsDeliveredAtOnce: [.log]
        }
    }

    /// Whether only a re-entrant step (``RetryStep/reenter(_:_:)``) can show it.
    var needsReentrantSteps: Bool {
        switch self {
        case .retryRecordedAfterItsReport, .nestedReportsDeliveredAtOnce: true
        default: false
        }
    }

    /// Whether ``detectedBy`` is the *only* comparison that can see it: the proof that those
    /// fields are really compared.
    var isVisibleOnlyThere: Bool {
        switch self {
        case .retryAttemptOutlivesItsLoad, .supersededTaskNotCancelled, .supersededTaskAccepted,
            .eachAttemptReportsABegin, .lateResultCommits, .retryNotAnnounced:
            true
        default: false
        }
    }
}
