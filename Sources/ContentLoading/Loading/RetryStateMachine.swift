/// The pure decision behind retries: after a failed attempt, whether another runs and when.
///
/// It counts attempts and asks the policy; it never sleeps, reads a clock or touches a load. The
/// retry loop acts on its answers, and the load's coordinator has the last word (the load must
/// still be current, and the error must not be a cancellation).
struct RetryStateMachine: Sendable {
    let policy: RetryPolicy
    /// The attempt running now, numbered from 1.
    private(set) var attempt = 1

    init(policy: RetryPolicy) {
        self.policy = policy
    }

    /// The attempt running now failed with `error`; returns the retry to make, if any.
    ///
    /// `nil` when the attempts are used up or the policy's predicate refuses the error.
    mutating func attemptFailed(with error: any Error, lane: RetryAttempt.Lane) -> RetryAttempt? {
        let allowed = max(policy.maxAttempts, 1)
        guard attempt < allowed, !(error is CancellationError), policy.shouldRetry(error, attempt) else { return nil }
        let delay = policy.delay(beforeRetry: attempt, after: error)
        attempt += 1
        return RetryAttempt(number: attempt, maxAttempts: allowed, error: error, delay: delay, lane: lane)
    }
}
