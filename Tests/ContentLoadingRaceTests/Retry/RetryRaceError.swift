import ContentLoading

/// The error a scripted attempt fails with: one the suite's predicate retries, one it refuses,
/// or one that asks for its own delay (a server's Retry-After).
struct RetryRaceError: Error, Hashable, Sendable, CustomStringConvertible, RetryAfterProviding {
    enum Kind: Hashable, Sendable {
        /// Retried with the policy's backoff.
        case transient
        /// Refused by the suite's ``RetryPolicy/shouldRetry``: the load fails at once.
        case fatal
        /// Retried after this long (capped by the policy), without jitter.
        case retryAfter(Duration)
    }

    let id: Int
    let kind: Kind

    var retryAfter: Duration? {
        if case .retryAfter(let delay) = kind { delay } else { nil }
    }

    /// What the suite's predicate answers.
    var isRetryable: Bool { kind != .fatal }

    var description: String {
        switch kind {
        case .transient: "E\(id)"
        case .fatal: "F\(id)"
        case .retryAfter(let delay): "R\(id)(\(delay))"
        }
    }
}
