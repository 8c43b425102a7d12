/// Items of a ``StoredFeed`` read from, or written to, the database in one access, with what
/// the next read or page needs.
public struct StoredFeedRead<Item: Sendable, Cursor: Sendable>: Sendable {
    /// The items, in order.
    public var items: [Item]
    /// The position of the last item, or the position read after when there is none: the
    /// position the next read or page follows.
    public var lastPosition: Int64
    /// The list's generation, read in the same access (see ``RefreshWriter/generation(_:)``).
    public var generation: Int64
    /// The position of the list's last stored item, read in the same access.
    public var lastStoredPosition: Int64
    /// What follows the stored pages, read in the same access.
    public var afterStoredPages: StoredFeedEnd<Cursor>
}
