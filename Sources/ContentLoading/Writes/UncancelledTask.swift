/// An optimistic write's request counts while the task running it is not cancelled: what its
/// retries ask in the ``RetryLoop`` a load's retries run in.
struct UncancelledTask: RetryValidity {
    /// Whether the current task is not cancelled.
    var isValid: Bool { !Task.isCancelled }

    /// Throws `CancellationError` when the current task is cancelled.
    func checkValid() throws { try Task.checkCancellation() }
}
