/// A situation the retry race must reach, counted by ``RetryReferenceModel`` as it happens, so the
/// random test can insist that its races really get there rather than passing vacuously.
enum RetryScenario: CaseIterable, Hashable, Sendable {
    case contentRetried
    case pageRetried
    case retriedWithoutDelay
    case wokeAtTheDeadline
    case stillAsleepJustBefore
    case supersededWhileAsleep
    case pageEndedByARefreshWhileAsleep
    case cancelledWhileAsleep
    case pageCancelledWhileAsleep
    case releasedWhileAsleep
    case taskCancelledWhileAsleep
    case endedBeforeItsRetryWasApproved
    case finishedByHandWhileAsleep
    case lateResult
    case lastAttemptFailed
    case refusedByThePredicate
    case cancellationNeverRetried
    case refreshRetriedWithContentKept
    case retryFromTheErrorScreen
    case retryFromTheFooter
    /// A delegate ended a load from inside the report of its retry, so it was not retried.
    case loadEndedByItsRetryReport
    // A re-entrant step acted from inside each callback (``RetrySite``).
    case reentryFromWillBegin
    case reentryFromDidFinish
    case reentryFromWillRetry
    case reentryFromWrapperWillRetry
    case reentryFromAnnounceRetry
    case reentryFromDidFailToRefresh
    case reentryFromErrorPlaceholder
    case reentryFromFailedPagePlaceholder
    case reentryFromHasContent
    case reentryFromCommit
    case reentryFromPageCommit

    /// The situation of a re-entrant step acting from inside `site`.
    static func reentered(from site: RetrySite) -> RetryScenario {
        switch site {
        case .willBegin: .reentryFromWillBegin
        case .didFinish: .reentryFromDidFinish
        case .willRetry: .reentryFromWillRetry
        case .wrapperWillRetry: .reentryFromWrapperWillRetry
        case .announceRetry: .reentryFromAnnounceRetry
        case .didFailToRefresh: .reentryFromDidFailToRefresh
        case .errorPlaceholder: .reentryFromErrorPlaceholder
        case .failedPagePlaceholder: .reentryFromFailedPagePlaceholder
        case .hasContent: .reentryFromHasContent
        case .commit: .reentryFromCommit
        case .pageCommit: .reentryFromPageCommit
        }
    }
}
