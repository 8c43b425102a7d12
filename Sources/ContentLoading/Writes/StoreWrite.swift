/// One optimistic write made with ``ContentStore/perform(_:on:ordering:retrying:connectivity:change:request:)``: its
/// change is on screen while it is pending; cancel it, or await how it settled.
///
/// ```swift
/// let write = store.perform("Star teal", on: "colours") { $0.starred.insert("teal") } request: {
///     try await api.star("teal")
/// }
/// write.cancel()   // the change goes; a cancelled write is not an error
/// ```
@MainActor
public final class StoreWrite<Value: Sendable> {
    private typealias Waiter = CheckedContinuation<WriteOutcome<Value>?, Never>

    /// The write's description, as the app gave it: what a failure beside the content names.
    public let description: String
    /// How the write settled; `nil` while it is pending.
    public private(set) var outcome: WriteOutcome<Value>?
    /// Cancels the write in its lane; `nil` once the lane is gone.
    var cancelInLane: (() -> Bool)?
    /// The tasks awaiting ``settled()``; `nil` until one does (most writes are never awaited).
    private var waiters: [UInt64: Waiter]?
    private var lastWaiterID: UInt64 = 0

    init(description: String) {
        self.description = description
    }

    /// Whether the write is still pending: its change is on screen and it has not settled.
    public var isPending: Bool { outcome == nil }

    /// Cancels the write: its change leaves the screen at once (the other pending writes stay),
    /// its request's task is cancelled, and a response that comes anyway is ignored. Returns
    /// `false`, doing nothing, when the write has already settled.
    ///
    /// The request may already have reached the server, so the key revalidates once its last
    /// pending write settles, as after any write whose request was sent.
    @discardableResult
    public func cancel() -> Bool {
        guard isPending, let cancelInLane else { return false }
        return cancelInLane()
    }

    /// Waits until the write settles and returns how; `nil` if the waiting task is cancelled
    /// first (the write goes on: cancel it with ``cancel()``).
    public func settled() async -> WriteOutcome<Value>? {
        if let outcome { return outcome }
        if Task.isCancelled { return nil }
        lastWaiterID &+= 1
        let id = lastWaiterID
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                if let outcome { return continuation.resume(returning: outcome) }
                var waiting = waiters ?? [:]
                waiting[id] = continuation
                waiters = waiting
            }
        } onCancel: {
            // Called on whichever thread cancelled the task: hop to the main actor.
            Task { @MainActor in self.waiters?.removeValue(forKey: id)?.resume(returning: nil) }
        }
    }

    /// The write settled: records `outcome` and resumes every waiter.
    func settle(_ outcome: WriteOutcome<Value>) {
        guard self.outcome == nil else { return }
        self.outcome = outcome
        cancelInLane = nil
        guard let waiting = waiters else { return }
        waiters = nil
        for waiter in waiting.values { waiter.resume(returning: outcome) }
    }
}
