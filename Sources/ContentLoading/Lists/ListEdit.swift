/// One edit of a ``ListDataSource``'s rows (an insert, a remove, a move, or a write on a row's
/// item): its change shows at once; await how it settled.
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

    /// The edit settled as `outcome`: records it and resumes every waiter.
    func settle(_ outcome: WriteOutcome<Item>) {
        guard self.outcome == nil else { return }
        self.outcome = outcome
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume(returning: outcome) }
    }
}
