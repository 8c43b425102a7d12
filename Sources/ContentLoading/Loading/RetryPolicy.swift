/// When a failed load is tried again, and after how long: attempts, an exponential backoff with
/// a cap and jitter, and a predicate that refuses errors a retry cannot fix.
///
/// ```swift
/// override func loadContent() {
///     load(retrying: .standard) { [api] _ in
///         try await api.colors()
///     } commit: { dataSource, colors in
///         dataSource.colors = colors
///     }
/// }
/// ```
///
/// The delay before retry *n* (the first retry is 1) is `baseDelay × multiplierⁿ⁻¹`, capped at
/// ``maximumDelay``, then shortened by up to ``jitter`` of itself at random. An error that
/// conforms to ``RetryAfterProviding`` and names a delay (a server's `Retry-After`) gets that
/// delay instead, capped at ``maximumDelay`` and without jitter.
///
/// Out-of-range values never crash; they are clamped where they are used: ``maxAttempts`` below
/// 1 counts as 1 (no retries), negative durations as zero, a ``multiplier`` below 1 (or not a
/// number) as 1, a ``jitter`` outside 0…1 to that range (not a number: 0), and a random value
/// outside 0..<1 to that range. A zero ``baseDelay`` stays zero whatever the multiplier (even
/// an infinite one), and a delay that grows past the cap, or past about 34,800 years, stops
/// there.
///
/// With a ``connectivity``, a retry whose delay ends while the app says it is offline waits
/// until it says it is back. See <doc:RetryingLoads>.
public struct RetryPolicy: Sendable, CustomStringConvertible {
    /// How many times the work runs at most, the first attempt included; 1 means no retries.
    public var maxAttempts: Int
    /// The delay before the first retry.
    public var baseDelay: Duration
    /// How much each delay grows over the one before it.
    public var multiplier: Double
    /// The longest delay, whatever the backoff or a `Retry-After` asks for.
    public var maximumDelay: Duration
    /// The share of each delay that is random, from 0 (none) to 1 (anywhere from zero to the
    /// full delay), so that many clients failing together do not retry together.
    public var jitter: Double
    /// Whether the attempt that failed with this error (numbered from 1) is retried; asked only
    /// while attempts remain. Cancellations are never retried, whatever it says.
    public var shouldRetry: @Sendable (_ error: any Error, _ failedAttempt: Int) -> Bool
    /// A random value in 0..<1 for the jitter; inject a fixed one in tests.
    public var random: @Sendable () -> Double
    /// The app's word on the network: a retry whose delay ends while it says offline waits until
    /// it says online again; `nil` (the default) never waits.
    ///
    /// Going back online while the delay runs does not shorten it, and cancelling, superseding
    /// or releasing the load ends the wait at once, as it ends the delay.
    public var connectivity: Connectivity?

    /// Creates a policy; the defaults are ``standard``'s.
    ///
    /// - Parameters:
    ///   - maxAttempts: How many times the work runs at most, the first included.
    ///   - baseDelay: The delay before the first retry.
    ///   - multiplier: How much each delay grows over the one before.
    ///   - maximumDelay: The cap on every delay.
    ///   - jitter: The random share of each delay, 0…1.
    ///   - shouldRetry: Whether an error is worth another attempt; by default
    ///     ``isTransient(_:)``.
    ///   - random: The jitter's random source, returning values in 0..<1.
    ///   - connectivity: The app's word on the network; a retry waits while it says offline.
    public init(
        maxAttempts: Int = 4,
        baseDelay: Duration = .seconds(1),
        multiplier: Double = 2,
        maximumDelay: Duration = .seconds(30),
        jitter: Double = 0.25,
        shouldRetry: @escaping @Sendable (_ error: any Error, _ failedAttempt: Int) -> Bool = { error, _ in
            RetryPolicy.isTransient(error)
        },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        connectivity: Connectivity? = nil
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.jitter = jitter
        self.shouldRetry = shouldRetry
        self.random = random
        self.connectivity = connectivity
    }

    /// No retries: a failure is final at once.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// Up to 3 retries after 1 s, 2 s and 4 s (each up to a quarter shorter at random), capped
    /// at 30 s, for errors ``isTransient(_:)`` calls transient.
    public static let standard = RetryPolicy()

    /// Whether this policy can ever retry.
    var allowsRetries: Bool { maxAttempts > 1 }

    /// The delay before retry `retry` (numbered from 1) after `error`: the error's own
    /// `Retry-After` if it names one, else the backoff; always within 0…``maximumDelay``.
    func delay(beforeRetry retry: Int, after error: any Error) -> Duration {
        let cap = min(max(maximumDelay, .zero), Self.longestDelay)
        if let asked = (error as? any RetryAfterProviding)?.retryAfter {
            return min(max(asked, .zero), cap)
        }
        // In seconds, as a Double, so that no product can overflow a Duration: a delay reaching
        // the cap (or infinity) stops there. The growth is a power, not a loop over the retries.
        let capSeconds = Self.seconds(cap)
        let base = min(Self.seconds(max(baseDelay, .zero)), capSeconds)
        let growth = multiplier >= 1 ? multiplier : 1  // also false for not-a-number
        var seconds = min(base * Self.power(growth, max(retry - 1, 0)), capSeconds)
        let share = jitter.isNaN ? 0 : min(max(jitter, 0), 1)
        let drawn = share > 0 ? random() : 0
        let unit = drawn.isNaN ? 0 : min(max(drawn, 0), 1)
        seconds *= 1 - share * unit
        // A zero base delay times an infinite growth is not a number: zero, like any zero delay.
        guard seconds > 0 else { return .zero }
        return seconds >= capSeconds ? cap : .seconds(seconds)
    }

    /// `base` (at least 1, possibly infinite) to the power `exponent`, by squaring: at most 64
    /// steps for any retry number, and infinity rather than an overflow.
    private static func power(_ base: Double, _ exponent: Int) -> Double {
        var result = 1.0
        var factor = base
        var remaining = exponent
        while remaining > 0, result.isFinite {
            if remaining & 1 == 1 { result *= factor }
            remaining >>= 1
            if remaining > 0 { factor *= factor }
        }
        return result
    }

    /// The longest delay any policy waits: a cap beyond it (about 34,800 years) counts as it, so
    /// that the arithmetic in seconds stays exact enough to convert back.
    static let longestDelay = Duration.seconds(Int64(1) << 40)

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// The policy's figures, for logs.
    public var description: String {
        "RetryPolicy(maxAttempts: \(maxAttempts), baseDelay: \(baseDelay), multiplier: \(multiplier), "
            + "maximumDelay: \(maximumDelay), jitter: \(jitter))"
    }
}
