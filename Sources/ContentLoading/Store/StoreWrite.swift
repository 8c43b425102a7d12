/// One optimistic write made with ``ContentStore/perform(_:on:ordering:kind:retrying:change:request:)``:
/// its change is on screen while it is pending; cancel it, await how it settled, or, once it
/// failed, perform it again.
///
/// ```swift
/// let write = store.perform("Star teal", on: "colours") { $0.starred.insert("teal") } request: {
///     try await api.star("teal")
/// }
/// write.cancel()   // the change goes; a cancelled write is not an error
/// ```
///
/// A write whose store is released before it settles settles as cancelled: its request's task
/// is cancelled and nobody can land it.
@MainActor
public final class StoreWrite<Value: Sendable> {
    private typealias Waiter = CheckedContinuation<WriteOutcome<Value>?, Never>

    /// The write's description, as the app gave it: what a failure beside the content names.
    public let description: String
    /// Whether the write settled (``outcome`` says how).
    @usableFromInline var isSettled = false
    /// How the write settled; `nil` while it has not.
    @usableFromInline var settledOutcome: WriteOutcome<Value>?
    /// The write's identity in its store's write lane (see `StoreWriteLane`).
    @usableFromInline let id: UInt64
    /// What the write reaches its store through, which it holds weakly: a pending write does not
    /// keep its store alive.
    @usableFromInline let canceller: StoreWriteCanceller
    /// The write's change, kept for its lane while it is pending.
    @usableFromInline var change: (@MainActor (inout Value) -> Void)?
    /// The write's request, kept for its lane while it is pending.
    @usableFromInline var request: (@Sendable () async throws -> Value?)?
    /// How a failed request is tried again, and the network it waits for.
    let retries: RetryPolicy
    /// Whether the write's request waits for the earlier ones on its key (kept for ``retry()``).
    let ordering: WriteOrdering
    /// What the write's change does to the value (kept for ``retry()``).
    let kind: WriteChangeKind
    /// Performs the write again, once it failed: set by its lane when it fails, and used once.
    @usableFromInline var retryAction: (@MainActor () -> StoreWrite<Value>?)?
    /// The tasks awaiting ``settled()``; `nil` until one does (most writes are never awaited).
    private var waiters: [UInt64: Waiter]?
    @usableFromInline var lastWaiterID: UInt64 = 0

    @usableFromInline
    init(
        description: String, id: UInt64, canceller: StoreWriteCanceller, ordering: WriteOrdering,
        kind: WriteChangeKind, retries: RetryPolicy,
        change: @escaping @MainActor (inout Value) -> Void, request: @escaping @Sendable () async throws -> Value?
    ) {
        self.description = description
        self.id = id
        self.canceller = canceller
        self.ordering = ordering
        self.kind = kind
        self.retries = retries
        self.change = change
        self.request = request
    }

    /// How the write settled; `nil` while it is pending. ``WriteOutcome/cancelled`` once its
    /// store is gone.
    public var outcome: WriteOutcome<Value>? {
        if let settledOutcome { return settledOutcome }
        return canceller.store == nil ? .cancelled : nil
    }

    /// Whether the write is still pending: its change is on screen and it has not settled.
    /// `false` once its store is gone (the write settled as cancelled).
    @inlinable
    public var isPending: Bool {
        !isSettled && canceller.store != nil
    }

    /// Cancels the write: its change leaves the screen at once (the other pending writes stay),
    /// its request's task is cancelled, and a response that comes anyway is ignored. Returns
    /// `false`, doing nothing, when the write has already settled, or when called from inside a
    /// write's change (a change must not use the store).
    ///
    /// The request may already have reached the server, so the key revalidates once its last
    /// pending write settles, as after any write whose request was sent.
    ///
    /// From a callback during the write's own commit (a data source drawing it), the write has
    /// already settled: ``isPending`` is `false` and this returns `false`.
    @inlinable
    @discardableResult
    public func cancel() -> Bool {
        guard !isSettled else { return false }
        return canceller.cancel(id)
    }

    /// Whether this write was made on `store`.
    func belongs(to store: AnyObject) -> Bool { canceller.store === store }

    /// Performs this write again, once it failed: the same description, key, ordering, kind,
    /// retry policy, change and request, as a new write whose change shows at once (the
    /// Retry beside a failure's message). Returns it, or `nil`, doing nothing, when this write
    /// did not fail, was retried already (a failure is retried once: a retry that fails is a new
    /// failure to retry), its store is gone, or it is called from inside a write's change.
    ///
    /// ``ContentStore/retry(_:)`` does the same from a ``WriteFailure``.
    @discardableResult
    public func retry() -> StoreWrite<Value>? {
        guard case .failed = settledOutcome, let action = retryAction else { return nil }
        // Taken before the new write draws: a retry from a screen drawing it finds none.
        retryAction = nil
        guard let retried = action() else {
            // Refused (from inside a change, or the store is gone): the retry is still owed.
            retryAction = action
            return nil
        }
        return retried
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

    /// The write settled as `outcome`: records it, lets go of the change and request, and
    /// resumes every waiter. (The canceller stays: ``cancel()`` of a settled write does nothing.)
    @inlinable
    func settle(_ outcome: WriteOutcome<Value>) {
        guard !isSettled else { return }
        isSettled = true
        settledOutcome = outcome
        change = nil
        request = nil
        // Only a write that was awaited has waiters: the others never touch their table.
        guard lastWaiterID != 0 else { return }
        resumeWaiters()
    }

    /// Resumes every waiter with the outcome.
    @usableFromInline
    func resumeWaiters() {
        guard let waiting = waiters else { return }
        waiters = nil
        let outcome = self.outcome
        for waiter in waiting.values { waiter.resume(returning: outcome) }
    }
}
