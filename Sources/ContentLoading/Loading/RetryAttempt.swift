/// A retry about to happen: which attempt comes next, out of how many, the error that caused
/// it and how long until it runs.
///
/// The data source's delegate hears it in ``DataSourceDelegate/dataSource(_:willRetry:)`` and the
/// wrapper's in ``ContentWrapperDelegate/contentWrapper(_:willRetry:)``; a ``ScreenModel`` shows
/// it as ``ScreenModel/retryAttempt``, so a loading screen can say so:
///
/// ```swift
/// if let retry = model.retryAttempt {
///     Text("Retrying (\(retry.number - 1) of \(retry.maxAttempts - 1))…")
/// }
/// ```
///
/// Attempts are `Equatable`: two are equal when every field is, their errors compared by
/// dynamic type and, if that type is `Equatable`, by its `==`.
public struct RetryAttempt: Sendable, Equatable, CustomStringConvertible {
    /// Which lane's load is retried.
    public enum Lane: Sendable, Hashable {
        /// The content: a first load or a refresh (the screen stays loading or refreshing).
        case content
        /// A page of a ``PagedDataSource`` (the footer stays loading more).
        case page
    }

    /// The attempt about to run, counting the first: 2 for the first retry.
    public let number: Int
    /// How many attempts the policy allows, the first included.
    public let maxAttempts: Int
    /// The error the previous attempt failed with.
    public let error: any Error
    /// How long until the attempt runs.
    public let delay: Duration
    /// The lane whose load is retried.
    public let lane: Lane

    /// Creates a description of a retry.
    public init(number: Int, maxAttempts: Int, error: any Error, delay: Duration, lane: Lane) {
        self.number = number
        self.maxAttempts = maxAttempts
        self.error = error
        self.delay = delay
        self.lane = lane
    }

    /// Whether two attempts have the same number, maximum, delay and lane, and errors of the
    /// same dynamic type (equal by its `==` if that type is `Equatable`).
    public static func == (lhs: RetryAttempt, rhs: RetryAttempt) -> Bool {
        lhs.number == rhs.number && lhs.maxAttempts == rhs.maxAttempts && lhs.delay == rhs.delay
            && lhs.lane == rhs.lane && errorsAreEqual(lhs.error, rhs.error)
    }

    /// "attempt 2 of 4 in 1 s after …", for logs.
    public var description: String { "attempt \(number) of \(maxAttempts) in \(delay) after \(error)" }
}
