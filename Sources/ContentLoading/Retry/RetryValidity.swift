/// What a ``RetryLoop`` asks whether its work still counts: a load's ``LoadingState``, or, for an
/// optimistic write's request, its task (``UncancelledTask``).
protocol RetryValidity: Sendable {
    /// Whether the work still counts.
    var isValid: Bool { get }
    /// Throws `CancellationError` when the work no longer counts.
    func checkValid() throws
}

extension LoadingState: RetryValidity {}
