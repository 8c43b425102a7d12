import ContentLoading

/// The demo's retries: `--retry N` allows N retries after a failed request, so a load makes
/// up to N + 1 attempts (`RetryPolicy.maxAttempts`).
///
/// The waits are derived from the latency, so that a fast run retries fast: the first retry
/// waits the longest answer time (`--latency`'s maximum), each later one twice the one before,
/// capped at ``maximumDelay``, with no jitter, so that a run's waits are the same every time.
struct RetrySettings: Sendable, Equatable, CustomStringConvertible {
    /// The most retries `--retry` accepts.
    static let maximumRetries = 10
    /// The longest wait before a retry.
    static let maximumDelay = Duration.seconds(10)

    /// How many times a failed load is tried again.
    let retries: Int
    /// The wait before the first retry.
    let baseDelay: Duration

    /// The settings for `retries` retries of requests answered within `latency`.
    init(retries: Int, latency: LatencyRange) {
        self.retries = retries
        baseDelay = min(latency.maximum, Self.maximumDelay)
    }

    /// The policy every load of the demo uses: ``RetryPolicy/never`` without retries.
    var policy: RetryPolicy {
        guard retries > 0 else { return .never }
        return RetryPolicy(
            maxAttempts: retries + 1, baseDelay: baseDelay, multiplier: 2, maximumDelay: Self.maximumDelay, jitter: 0)
    }

    /// The wait before each retry, in order: what ``policy`` waits.
    var delays: [Duration] {
        var delays: [Duration] = []
        var delay = baseDelay
        for _ in 0..<retries {
            delays.append(delay)
            delay = min(delay * 2, Self.maximumDelay)
        }
        return delays
    }

    /// `retry 3 (waits 5ms, 10ms, 20ms)`, for the first line.
    var description: String {
        "retry \(retries) (waits \(delays.map(DurationText.format).joined(separator: ", ")))"
    }
}
