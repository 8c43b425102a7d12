extension LoadingCoordinator {
    /// Begins a load whose work is async: runs it in a task, then finishes with its outcome.
    ///
    /// `work` runs off the main actor (it is a `@Sendable`, nonisolated closure), so fetching
    /// and decoding written inline never block the UI; `commit` runs on the main actor, where
    /// the model lives. The task of the load this one supersedes is cancelled. When `work`
    /// returns, `commit` receives its value and the state settles on content or empty by the
    /// data source's ``DataSource/hasContent``; when it throws, the state settles on error. A
    /// superseded load's result is dropped, even when its work ignores cancellation and
    /// returns late, and so is its error.
    ///
    /// A cancellation is never shown as an error. Cancelling the returned task yourself is like
    /// ``cancel()``: if the work then throws (anything), the state returns to where this load
    /// began; if it returns a value anyway, the value counts. An error the work throws that the
    /// data source's ``DataSource/isCancellation(_:)`` calls a cancellation (a
    /// `CancellationError` from a child task, `URLError.cancelled`) cancels the load the same
    /// way, even when nobody cancelled it. Finishing this load's token by hand cancels the task.
    ///
    /// The task holds `work` and `commit` until the work returns, and with them whatever they
    /// capture: a `commit` that captures the data source keeps it alive that long. From a data
    /// source, prefer ``DataSourceLoading/load(keepingContent:retrying:_:commit:)``, whose `commit` is
    /// handed the data source, so releasing it frees it and cancels the work.
    ///
    /// With a `policy` that retries, a failed attempt runs the work again after the policy's
    /// delay, under the same token: the state stays loading (or refreshing) meanwhile, and the
    /// delegates hear of each retry. Superseding, cancelling or releasing the load ends the wait
    /// at once, and no further attempt runs. See <doc:RetryingLoads>.
    ///
    /// - Parameters:
    ///   - keepingContent: Whether content already shown stays visible while this load runs.
    ///   - policy: When a failed attempt is tried again; by default never.
    ///   - work: Fetches the content, off the main actor. Check `state.isValid` to stop early.
    ///   - commit: Writes the fetched value into the model, on the main actor; runs only if the
    ///     load still counts.
    /// - Returns: The task; its value is whether the load's result was accepted.
    @discardableResult
    public func load<Value: Sendable>(
        keepingContent: Bool = true,
        retrying policy: RetryPolicy = .never,
        _ work: @escaping @Sendable (LoadingState) async throws -> Value,
        commit: @escaping @MainActor (Value) -> Void
    ) -> Task<Bool, Never> {
        let state = begin(keepingContent: keepingContent)
        let retries = RetryLoop(policy: policy, lane: .content)
        let task = Task { [weak self] in
            let outcome = await LoadLane.outcome(of: work, state, retrying: retries) {
                self?.approveRetry(of: state, $0)
            }
            guard let self else { return false }
            return self.finishLaneTask(state, outcome: outcome, taskWasCancelled: Task.isCancelled) { value in
                self.finish(state) { commit(value) }
            }
        }
        // A delegate or renderer may have begun a newer load while this one was beginning, or
        // the data source may be gone: then the task is cancelled at once.
        adoptLaneTask(task, for: state)
        return task
    }

    /// Whether `error` means the load was cancelled, as the data source classifies it.
    func isCancellation(_ error: any Error) -> Bool {
        dataSource?.isCancellation(error) ?? isCancellationByDefault(error)
    }
}
