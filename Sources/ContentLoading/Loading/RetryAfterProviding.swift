/// An error that knows how long to wait before trying again, such as a response with a
/// `Retry-After` header.
///
/// ```swift
/// struct RateLimited: Error, RetryAfterProviding {
///     let retryAfter: Duration?      // parsed from the response's Retry-After header
/// }
/// ```
///
/// A ``RetryPolicy`` waits this long instead of its backoff, capped at its
/// ``RetryPolicy/maximumDelay`` and without jitter. `nil` leaves the backoff in place.
public protocol RetryAfterProviding: Error {
    /// How long to wait before the next attempt; `nil` for the policy's backoff.
    var retryAfter: Duration? { get }
}
