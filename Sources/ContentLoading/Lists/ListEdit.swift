/// One edit of a ``ListDataSource``'s rows (an insert, a remove, a move, or a write on a row's
/// item): its change shows at once; await how it settled, cancel it, or retry it once it failed.
///
/// ```swift
/// let edit = list.remove("Delete teal", id: "teal") { id in try await api.delete(id) }
/// if case .failed = await edit.settled() { /* the row is back, and writeFailure says why */ }
/// ```
@MainActor
public final class ListEdit<Item: Sendable> {
    /// What the edit does, in the user's words ("Delete teal"): a failure names it.
    public let description: String
    /// How the edit settled; `nil` while it is pending. An insert commits the created item.
    public private(set) var outcome: WriteOutcome<Item>?
    /// The tasks awaiting ``settled()``.
    private var waiters: [CheckedContinuation<WriteOutcome<Item>, Never>] = []
    /// What undoes the edit and stops its request while it is pending, and whether it did; set
    /// by its list.
    var canceller: (@MainActor () -> Bool)?
    /// What makes the edit again, once it failed; set by its list, taken by the first retry.
    var retryAction: (@MainActor () -> ListEdit<Item>?)?

    init(description: String) {
        self.description = description
    }

    /// Whether the edit is still pending: its change is on screen and it has not settled.
    public var isPending: Bool { outcome == nil }

    /// Waits until the edit settles and returns how: an edit whose list is released before its
    /// request answers settles as cancelled. Cancelling the waiting task does not end the wait.
    public func settled() async -> WriteOutcome<Item> {
        if let outcome { return outcome }
        return await withCheckedContinuation { waiters.append($0) }
    }

    /// Cancels the edit: its change leaves the screen at once, its request's task is cancelled,
    /// and an answer that comes anyway is ignored; it settles as ``WriteOutcome/cancelled``.
    /// Returns `false`, doing nothing, when the edit has already settled.
    ///
    /// The request may already have reached the server, so the list reloads once its last
    /// pending edit settles, as after any edit. A change made on a row whose insert is still
    /// pending is on that row's temporary item: it is never sent, and it leaves the screen when
    /// the insert settles (the server's item replaces the temporary one).
    @discardableResult
    public func cancel() -> Bool {
        guard outcome == nil, let canceller, canceller() else { return false }
        self.canceller = nil
        // A list released meanwhile settles nothing: the edit ends here.
        settle(.cancelled)
        return true
    }

    /// Makes this edit again, once it failed: the same description, row, change and request, as
    /// a new edit whose change shows at once (the Retry beside a failure's message). Returns it,
    /// or `nil`, doing nothing, when this edit did not fail, was retried already, or its list is
    /// gone. ``ListDataSource/retry(_:)`` does the same from a ``WriteFailure``.
    @discardableResult
    public func retry() -> ListEdit<Item>? {
        guard case .failed = outcome, let action = retryAction else { return nil }
        retryAction = nil
        return action()
    }

    /// The edit settled as `outcome`: records it and resumes every waiter.
    func settle(_ outcome: WriteOutcome<Item>) {
        guard self.outcome == nil else { return }
        self.outcome = outcome
        canceller = nil
        if case .failed = outcome {} else { retryAction = nil }
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume(returning: outcome) }
    }
}
