/// Runs a load's work again after a failed attempt, as its ``RetryPolicy`` says, while the load
/// is current: the thin layer that acts on a ``RetryStateMachine``.
///
/// A load's task runs its first attempt itself and calls this only when that attempt fails, so
/// a load that succeeds the first time pays nothing for its policy. The loop runs on the main
/// actor, where each failed attempt's result lands anyway: there it asks the load's owner,
/// synchronously, whether the load still counts, its task is not cancelled and the error is
/// not a cancellation; the owner then reports the attempt and hands back the clock to wait on.
/// The wait and the next attempt run off the main actor, together, so a retry adds its sleep
/// and nothing else to the round trip every attempt makes. A load superseded, cancelled or
/// released cancels the task, which ends the sleep at once, and no attempt follows.
///
/// An optimistic write's request retries through ``retryWrite(after:_:on:)``: the same policy,
/// state machine and waits, while the write's task is not cancelled.
struct RetryLoop: Sendable {
    let policy: RetryPolicy
    let lane: RetryAttempt.Lane

    /// The loop for a load under `policy`, or `nil` when the policy never retries (`.never`,
    /// or a single attempt), so that a load without retries carries nothing for them.
    init?(policy: RetryPolicy, lane: RetryAttempt.Lane) {
        guard policy.allowsRetries else { return nil }
        self.policy = policy
        self.lane = lane
    }

    /// Retries the load of `state`, whose first attempt failed with `error`, until an attempt
    /// succeeds, the policy gives up, `approve` refuses, or the wait is interrupted.
    ///
    /// - Parameter approve: Whether a retry may go ahead, and the clock to wait on; `nil` stops
    ///   retrying. Reports the attempt when it answers.
    /// - Returns: The last attempt's outcome, or the error that interrupted the wait.
    @MainActor
    func retry<Value: Sendable>(
        after error: any Error, _ state: LoadingState,
        _ work: @escaping @Sendable (LoadingState) async throws -> Value,
        approve: (RetryAttempt) -> PresentationClock?
    ) async -> Result<Value, any Error> {
        var machine = RetryStateMachine(policy: policy)
        var outcome = Result<Value, any Error>.failure(error)
        while case .failure(let error) = outcome, let retry = machine.attemptFailed(with: error, lane: lane),
            let clock = approve(retry)
        {
            do {
                outcome = try await Self.attempt(
                    state, work, after: retry.delay, on: clock, connectivity: policy.connectivity)
            } catch {
                // The wait was interrupted: the load was cancelled, superseded or released.
                return .failure(error)
            }
        }
        return outcome
    }

    /// Retries a write's request, whose first attempt failed with `error`, until an attempt
    /// succeeds, the policy gives up, or the write's task is cancelled: each retry after its
    /// delay on `clock`, then, with the policy's connectivity, once it says the app is online, as
    /// a load's retry. On the main actor, where the write's task runs; cancelling the task ends a
    /// wait at once, with its `CancellationError`.
    ///
    /// Apart from ``retry(after:_:_:approve:)`` rather than sharing its body through a generic
    /// validity check: that made a load without retries allocate more
    /// (AsyncPath.ContentLoading.Load ≤ 8,003 ± 250 mallocs a sample).
    @MainActor
    func retryWrite<Value: Sendable>(
        after error: any Error, _ request: @Sendable () async throws -> Value, on clock: PresentationClock
    ) async -> Result<Value, any Error> {
        var machine = RetryStateMachine(policy: policy)
        var outcome = Result<Value, any Error>.failure(error)
        while case .failure(let error) = outcome, !Task.isCancelled,
            let retry = machine.attemptFailed(with: error, lane: lane)
        {
            do {
                try await clock.sleep(until: clock.now() + retry.delay)
                try await policy.connectivity?.waitUntilOnline()
                try Task.checkCancellation()
            } catch {
                return .failure(error)
            }
            do {
                outcome = .success(try await request())
            } catch {
                outcome = .failure(error)
            }
        }
        return outcome
    }

    /// Sends an optimistic write's request (a store write's, or a list edit's): once the
    /// policy's connectivity says the app is online (`sending` just before), and again as
    /// `retries` allows through ``retryWrite(after:_:on:)``; returns the last attempt's result.
    /// Cancelling the task ends it at once, with a `CancellationError`, whether it waits for the
    /// network or a delay; a task cancelled before it ran sends nothing.
    @MainActor
    static func send<Value: Sendable>(
        _ request: @escaping @Sendable () async throws -> Value, retrying retries: RetryPolicy,
        clock: PresentationClock, sending: () -> Void = {}
    ) async -> Result<Value, any Error> {
        do {
            try await retries.connectivity?.waitUntilOnline()
            try Task.checkCancellation()
            sending()
            return .success(try await request())
        } catch {
            guard let loop = RetryLoop(policy: retries, lane: .content) else { return .failure(error) }
            // The attempt's lane is not reported: a write's retries are told to no delegate.
            return await loop.retryWrite(after: error, request, on: clock)
        }
    }

    /// Waits `delay` on `clock`, then until `connectivity` says the app is online, then, if the
    /// load still counts, runs its work once more. Off the main actor: the waits and the attempt
    /// make one trip from it.
    ///
    /// The delay runs in full whatever the app says meanwhile, and the wait for the network
    /// starts only when it is over: coming back online never shortens a backoff.
    ///
    /// - Throws: Only what ended the wait (a cancellation, or the load no longer counting);
    ///   the attempt's own failure is the returned outcome.
    private static func attempt<Value: Sendable>(
        _ state: LoadingState, _ work: @Sendable (LoadingState) async throws -> Value,
        after delay: Duration, on clock: PresentationClock, connectivity: Connectivity?
    ) async throws -> Result<Value, any Error> {
        try await clock.sleep(until: clock.now() + delay)
        // A clock whose sleep ends quietly when cancelled: a load that stopped counting does not
        // wait for the network (the check below ends it).
        if let connectivity, state.isValid { try await connectivity.waitUntilOnline() }
        // Superseded while asleep without its task being cancelled (finished by hand, say).
        try state.checkValid()
        do {
            return .success(try await work(state))
        } catch {
            return .failure(error)
        }
    }
}
