/// Runs a load's work again after failures, as its ``RetryPolicy`` says, while the load is
/// current: the thin layer that acts on a ``RetryStateMachine``.
///
/// It runs inside the work, off the main actor. Before each retry it asks the load's owner, on
/// the main actor, whether the load still counts, its task is not cancelled and the error is
/// not a cancellation; the owner then reports the attempt and hands back the clock to sleep
/// on. A load superseded, cancelled or released cancels the task, which ends the sleep at
/// once, and no attempt follows.
struct RetryLoop: Sendable {
    let policy: RetryPolicy
    let lane: RetryAttempt.Lane
    /// Whether `attempt` may go ahead for the load of `state`, and the clock to wait on; `nil`
    /// stops retrying. Reports the attempt when it answers.
    let approve: @Sendable (_ state: LoadingState, _ attempt: RetryAttempt) async -> PresentationClock?

    func run<Value>(_ state: LoadingState, _ work: @Sendable (LoadingState) async throws -> Value) async throws
        -> Value
    {
        var machine = RetryStateMachine(policy: policy)
        while true {
            do {
                return try await work(state)
            } catch {
                guard !Task.isCancelled, state.isValid, let retry = machine.attemptFailed(with: error, lane: lane),
                    let clock = await approve(state, retry)
                else { throw error }
                try await clock.sleep(until: clock.now() + retry.delay)
                // Superseded while asleep without its task being cancelled (finished by hand, say).
                try state.checkValid()
            }
        }
    }
}
