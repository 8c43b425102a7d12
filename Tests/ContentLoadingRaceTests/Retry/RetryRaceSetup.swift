import ContentLoading

/// The retry policy one generated sequence runs with, and the delays it must produce, stated
/// as a table rather than computed the library's way.
struct RetryRaceSetup: Equatable, Sendable, CustomStringConvertible {
    /// How many attempts a load makes at most; 1 means no retries.
    let maxAttempts: Int
    /// Whether each backoff is shortened by the jitter (a quarter, with the random source fixed).
    let jittered: Bool

    static let maximumDelay = Duration.milliseconds(3_000)

    /// 1 s, then 2 s, then 4 s capped at 3 s; jitter 0.5 with a random value of 0.5, so a
    /// jittered delay is three quarters of the backoff. Only ``RetryRaceError/Kind/fatal`` is
    /// refused.
    var policy: RetryPolicy {
        RetryPolicy(
            maxAttempts: maxAttempts, baseDelay: .seconds(1), multiplier: 2, maximumDelay: Self.maximumDelay,
            jitter: jittered ? 0.5 : 0,
            shouldRetry: { error, _ in (error as? RetryRaceError)?.isRetryable ?? true },
            random: { 0.5 })
    }

    /// The delay before retry `retry` (the first retry is 1) after `error`.
    func delay(beforeRetry retry: Int, after error: RetryRaceError, capped: Bool = true) -> Duration {
        if let asked = error.retryAfter { return min(asked, Self.maximumDelay) }
        let backoff: [Int64] = capped ? [1_000, 2_000, 3_000] : [1_000, 2_000, 4_000]
        let milliseconds = backoff[min(retry, backoff.count) - 1]
        return .milliseconds(jittered ? milliseconds * 3 / 4 : milliseconds)
    }

    var description: String { "maxAttempts \(maxAttempts)\(jittered ? ", jittered" : "")" }
}
