/// The owner of a lane of loads: what the content lane (``LoadingCoordinator``) and the append
/// lane (``PagedDataSource``) share, written once.
///
/// An owner keeps a ``LoadLane`` and its own state machine, which decides what each load does
/// to the lane's state (settling the content, moving the footer). This protocol's extension is
/// the rest, the same for every lane: stopping a load's plumbing, approving and ending its
/// retries, adopting the task that runs its work (``LoadLane/outcome(of:_:retrying:approve:)``)
/// and finishing that task with its outcome.
/// A new lane writes its state machine, its owner's requirements and its rows in ``LaneRules``.
@MainActor
protocol LoadLaneOwner: AnyObject {
    /// Which lane this owner runs, as retries report it.
    static var laneKind: RetryAttempt.Lane { get }
    /// The generation in flight, which every token of the lane reads from any thread; a `let`,
    /// so that a `deinit` on any thread reaches it.
    nonisolated var laneTokens: ActiveLoad { get }
    /// The lane's task and retry mark.
    var lane: LoadLane { get set }
    /// The data source whose delegates hear of this lane's retries, and whose wrapper's clock
    /// they wait on; `nil` once it is gone.
    var laneDataSource: DataSource? { get }
    /// Whether `error` means the load was cancelled, as the data source classifies it.
    func isCancellation(_ error: any Error) -> Bool
    /// Cancels the lane's load in flight, as the lane's public cancel does.
    @discardableResult func cancelLaneLoad() -> Bool
    /// Fails load `state` with `error`, as the lane's public `finish(_:error:)` does.
    @discardableResult func failLaneLoad(_ state: LoadingState, error: any Error) -> Bool
    /// The lane's ``LoadLane/task`` was set or cleared: an owner that keeps a copy for a
    /// `deinit` elsewhere updates it.
    func laneTaskDidChange()
}

extension LoadLaneOwner {
    /// The token of the lane's load `generation`.
    func laneToken(_ generation: UInt64) -> LoadingState {
        LoadingState(activeLoad: laneTokens, generation: generation)
    }

    /// Whether `state` is this lane's token for the load in flight.
    func isCurrent(_ state: LoadingState) -> Bool {
        state.activeLoad === laneTokens && state.isValid
    }

    /// Acts on a load that stopped: cancels its task (running its cancellation handlers), then
    /// tells the delegates that its retry ended, if they heard of one.
    func act(on stopped: LoadLane.Stopped) {
        if let task = stopped.task {
            laneTaskDidChange()
            task.cancel()
        }
        if stopped.retryEnded { laneDataSource?.report(.retryEnded(Self.laneKind)) }
    }

    /// Whether the load of `state`, whose attempt failed, may run `attempt`; returns the clock
    /// to wait on, or `nil` to stop retrying (the failure then finishes the load).
    ///
    /// The load must still be current, its task not cancelled (a cancel from outside can come
    /// while the failed attempt's result is on its way to the main actor), and the error not a
    /// cancellation by the data source's ``DataSource/isCancellation(_:)``. The delegates hear of
    /// the retry before the wait.
    func approveRetry(of state: LoadingState, _ attempt: RetryAttempt) -> PresentationClock? {
        guard isCurrent(state), !Task.isCancelled, !isCancellation(attempt.error) else { return nil }
        // The classifier is the app's code: the load must still be this one after it.
        guard state.isValid, let dataSource = laneDataSource else { return nil }
        lane.retrying = state.generation
        dataSource.report(.willRetry(attempt))
        // A delegate may have begun a newer load, or cancelled this one.
        guard state.isValid else { return nil }
        return dataSource.retryClock
    }

    /// Makes `task`, begun for load `state`, the lane's task; cancels it instead when `state`
    /// stopped being current while the load began (a callback began a newer one, or the owner
    /// is gone).
    func adoptLaneTask(_ task: Task<Bool, Never>, for state: LoadingState) {
        guard state.isValid else { return task.cancel() }
        if let earlier = lane.task {
            // The same token run twice: the newer task does the work.
            earlier.cancel()
        }
        lane.task = task
        laneTaskDidChange()
    }

    /// Finishes a load whose work ran in a task with its outcome: `succeed` commits a value; a
    /// failure fails the load, or cancels it when it is a cancellation or the task was cancelled.
    func finishLaneTask<Value>(
        _ state: LoadingState, outcome: Result<Value, any Error>, taskWasCancelled: Bool,
        succeed: (Value) -> Bool
    ) -> Bool {
        if state.isValid {
            // The load's own task is ending: nothing left to cancel.
            lane.task = nil
            laneTaskDidChange()
        }
        switch outcome {
        case .success(let value):
            return succeed(value)
        case .failure(let error) where taskWasCancelled || isCancellation(error):
            // A superseded load's task is dropped silently. A load still current whose task was
            // cancelled from outside, or whose work threw a cancellation on its own, goes back
            // to where it began: a cancellation is never a failure on screen.
            if state.isValid { cancelLaneLoad() }
            return false
        case .failure(let error):
            return failLaneLoad(state, error: error)
        }
    }

    /// The start every lane's `finish(_:error:)` shares: whether `state` is this lane's load in
    /// flight, and, when `error` is a cancellation, the cancel it calls for.
    ///
    /// - Returns: `nil` to go on and fail the load; otherwise the answer to return.
    func answerBeforeFailing(_ state: LoadingState, error: any Error) -> Bool? {
        guard isCurrent(state) else { return false }
        // The classifier is the app's code: the load must still be this one after it.
        if isCancellation(error) { return state.isValid && cancelLaneLoad() }
        return nil
    }
}
