/// Retries on the refresh lane: the coordinator has the last word on each retry, and tells the
/// delegates.
extension LoadingCoordinator {
    /// Whether the load of `state`, whose attempt failed, may run `attempt`; returns the clock
    /// to wait on, or `nil` to stop retrying (the failure then finishes the load).
    ///
    /// The load must still be current, its task not cancelled (a cancel from outside can come
    /// while the failed attempt's result is on its way to the main actor), and the error not a
    /// cancellation by the data source's ``DataSource/isCancellation(_:)``. The delegates hear of
    /// the retry before the wait.
    func approveRetry(of state: LoadingState, _ attempt: RetryAttempt) -> PresentationClock? {
        guard state.activeLoad === activeLoad, state.isValid, !Task.isCancelled, !isCancellation(attempt.error)
        else { return nil }
        // The classifier is the app's code: the load must still be this one after it.
        guard state.isValid, let dataSource else { return nil }
        retryingLoad = state.generation
        dataSource.reportWillRetry(attempt)
        // A delegate may have begun a newer load, or cancelled this one.
        guard state.isValid else { return nil }
        return dataSource.retryClock
    }

    /// The load whose retry was reported has ended (finished, cancelled or superseded).
    func retryDidEnd() {
        retryingLoad = 0
        dataSource?.reportRetryEnded(.content)
    }
}
