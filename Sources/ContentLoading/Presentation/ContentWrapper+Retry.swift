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
    ///
    /// Announced when the user sees that load in progress (the loading screen, the refresh
    /// indicator, or the footer loading more): a retry of a load the policy has not drawn yet
    /// is as silent as the load.
    func show(retry attempt: RetryAttempt) {
        currentRetry = attempt
        observation?.wrapperLearnedOfRetry()
        delegate?.contentWrapper(self, willRetry: attempt)
        let seen =
            switch attempt.lane {
            case .content: drawnState.isLoading
            case .page: drawnFooter.kind == .loadingMore
            }
        if seen, let delegate { delegate.contentWrapper(self, announce: Announcement(.retrying(attempt))) }
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
