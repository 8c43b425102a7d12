/// A situation the retry race must reach, counted by ``RetryModel`` as it happens, so the
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
}
