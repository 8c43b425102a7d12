import ContentLoading
import ContentLoadingTestSupport

/// One `load { }` a ``ContentLiveSystem`` began: the gate its work waits on, its task, and the token
/// its work received, which arrives once the task starts.
@MainActor
final class AsyncLoadHandle {
    let gate: AsyncGate<[String]>
    var task: Task<Bool, Never>?
    /// The caller awaiting the load this one's begin began (see ``ContentLiveSystem/beginAsync``),
    /// that load's generation (this one's, or a newer one a callback began meanwhile), and what
    /// the caller heard once its wait ended.
    var awaiter: Task<LoadOutcome, Never>?
    var awaitedGeneration: UInt64 = 0
    /// Set by the caller's task as it starts waiting, in the same turn of the main actor.
    var awaiterStarted = false
    var awaitedOutcome: LoadOutcome?
    private(set) var token: LoadingState?
    /// Opened with the token once the work has started; a wait on it gives up in bounded time.
    private let tokenArrived = AsyncGate<LoadingState>()

    init(gate: AsyncGate<[String]>) { self.gate = gate }

    /// Records the token the work was handed and wakes whoever waits for it.
    func receive(_ token: LoadingState) {
        self.token = token
        tokenArrived.open(returning: token)
    }

    /// The token, once the work has started (every begun task's work starts, cancelled or not);
    /// `nil`, with an issue recorded, if it never does.
    func awaitToken() async -> LoadingState? {
        if let token { return token }
        return try? await tokenArrived.wait()
    }
}
