/// What every lane of loads keeps beside its state machine and its tokens' word: the task
/// running its load in flight, and the load whose retry the delegates were told of.
///
/// A lane is a stream of loads where each new one supersedes the last: the content lane (a
/// ``LoadingCoordinator``'s loads and refreshes) and the append lane (a ``PagedDataSource``'s
/// pages). Each owner keeps one `LoadLane`, the ``ActiveLoad`` its tokens read and its own state
/// machine; ``LoadLaneOwner`` runs them the same way (tokens, task, retries, finishing,
/// cancelling, release), and ``LaneRules`` says what one lane's events do to another.
///
/// A value type that decides and returns: stopping a load hands back the task to cancel and
/// whether a reported retry ended, and the owner acts on them after the access to the lane
/// ends, since cancelling a task and reporting run the app's code.
struct LoadLane: Sendable {
    /// What a stopped load leaves for its owner to do.
    struct Stopped {
        /// The load's task, to cancel.
        let task: Task<Bool, Never>?
        /// Whether the delegates were told of the load's retry, and must now hear it ended.
        let retryEnded: Bool

        /// Nothing to do: the load had no task and no reported retry.
        static let nothing = Stopped(task: nil, retryEnded: false)
    }

    /// The task running the work of the load in flight, when the lane's async form began it.
    var task: Task<Bool, Never>?
    /// The load whose retry the delegates were told of, until it ends; 0 when none.
    var retrying: UInt64 = 0

    /// Whether the lane holds neither a task nor a retry mark: the synchronous path's case, where
    /// stopping a load leaves nothing to do.
    var isIdle: Bool { task == nil && retrying == 0 }

    /// Publishes load `generation` on `tokens` (the owner's word) as the lane's load in flight,
    /// so that every earlier token stops being valid; returns what the superseded load leaves to
    /// do (see ``LoadLaneOwner/act(on:)``).
    mutating func begin(_ generation: UInt64, on tokens: ActiveLoad) -> Stopped {
        tokens.publish(generation)
        return stop()
    }

    /// The load in flight stopped (accepted, cancelled, or stopped by another lane): its tokens
    /// on `tokens` stop being valid. Returns what it leaves to do.
    mutating func end(on tokens: ActiveLoad) -> Stopped {
        tokens.publish(0)
        return stop()
    }

    /// Takes the task and the retry mark of the load that stopped.
    private mutating func stop() -> Stopped {
        // Read before written: the synchronous path, which has neither, writes nothing.
        guard !isIdle else { return .nothing }
        let task = self.task
        self.task = nil
        let retryEnded = retrying != 0
        retrying = 0
        return Stopped(task: task, retryEnded: retryEnded)
    }

    /// Runs a load's work for token `state`, then, while it fails, retries it as `retries` says
    /// (`nil`: never), each retry approved by `approve`; returns the last attempt's outcome.
    ///
    /// The body of every lane's task. The owner then finishes the load with the outcome
    /// (``LoadLaneOwner/finishLaneTask(_:outcome:taskWasCancelled:succeed:)``).
    @MainActor
    static func outcome<Value: Sendable>(
        of work: @escaping @Sendable (LoadingState) async throws -> Value, _ state: LoadingState,
        retrying retries: RetryLoop?, approve: (RetryAttempt) -> PresentationClock?
    ) async -> Result<Value, any Error> {
        do {
            return .success(try await work(state))
        } catch {
            // Only a failure enters the retry loop: a load that succeeds the first time costs
            // the same with a policy as without.
            return await retries?.retry(after: error, state, work, approve: approve) ?? .failure(error)
        }
    }

    /// A lane's owner was released, on whatever thread: no token of `tokens` may count any more,
    /// and the work in flight stops. `task` is the lane's task, as a `deinit` can read it.
    static func ownerReleased(_ tokens: ActiveLoad, cancelling task: Task<Bool, Never>?) {
        tokens.publish(0)
        task?.cancel()
    }
}
