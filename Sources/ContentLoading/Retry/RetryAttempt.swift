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
public struct RetryAttempt: Sendable, CustomStringConvertible {
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

    /// "attempt 2 of 4 in 1 s after …", for logs.
    public var description: String { "attempt \(number) of \(maxAttempts) in \(delay) after \(error)" }
}
