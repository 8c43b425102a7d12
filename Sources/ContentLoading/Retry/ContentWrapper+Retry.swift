/// Retries: the wrapper learns of each retry of the load it shows, for a loading screen (or a
/// footer) that says "Retrying (2 of 3)…".
extension ContentWrapper {
    /// The retry the load in flight is waiting to make, or making; `nil` when its load is not
    /// retrying (or has ended).
    ///
    /// Set when a failed attempt will be retried, before the wait, and cleared when the retried
    /// load ends: finished, cancelled or superseded. See <doc:RetryingLoads>.
    public var retryAttempt: RetryAttempt? { currentRetry }

    /// A failed attempt of a load this wrapper shows will be retried.
    func show(retry attempt: RetryAttempt) {
        currentRetry = attempt
        observation?.wrapperLearnedOfRetry()
        delegate?.contentWrapper(self, willRetry: attempt)
        publishDrawnChange()
    }

    /// The retried load of `lane` ended.
    func retryDidEnd(_ lane: RetryAttempt.Lane) {
        guard let retry = currentRetry, retry.lane == lane else { return }
        currentRetry = nil
        observation?.wrapperLearnedOfRetry()
        publishDrawnChange()
    }
}
