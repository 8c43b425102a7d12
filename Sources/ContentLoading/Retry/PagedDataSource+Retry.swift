/// Retries on the append lane: a failed page is tried again, that page only.
extension PagedDataSource {
    /// Whether page `state`, whose attempt failed, may run `attempt`; returns the clock to wait
    /// on, or `nil` to stop retrying (the failure then fails the page). As for the content, the
    /// page's task must not have been cancelled meanwhile.
    func approvePageRetry(of state: LoadingState, _ attempt: RetryAttempt) -> PresentationClock? {
        guard state.activeLoad === appendLoad, state.isValid, !Task.isCancelled, !isCancellation(attempt.error)
        else { return nil }
        // The classifier is the app's code: the page must still be this one after it.
        guard state.isValid else { return nil }
        retryingPage = state.generation
        reportWillRetry(attempt)
        guard state.isValid else { return nil }
        return retryClock
    }

    /// The page whose retry was reported has ended (finished, cancelled or superseded).
    func pageRetryDidEnd() {
        retryingPage = 0
        reportRetryEnded(.page)
    }
}
