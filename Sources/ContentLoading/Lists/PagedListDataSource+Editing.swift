/// Editing a paged list: rows inserted, removed, moved and changed as optimistic writes, as in a
/// ``ListDataSource`` (see ListDataSource+Editing.swift): each shows at once and stays over every
/// page and refresh that lands while it is pending, or that began before it committed.
extension PagedListDataSource {
    /// Inserts `item` at `offset` (the end when the list is shorter) at once, and sends the
    /// request that creates it; as ``ListDataSource/insert(_:item:at:retrying:request:)``.
    ///
    /// - Parameters:
    ///   - description: What the insert does, in the user's words: a failure names it.
    ///   - item: The new item, under an id of its own (a temporary one until the server gives it
    ///     one); an id the list shows already is refused: the edit settles as cancelled.
    ///   - offset: Where the row goes.
    ///   - retries: How the request is retried after a failure, and the network it waits for
    ///     (``RetryPolicy/connectivity``), as a store write's; `.never` sends it once.
    ///   - request: Creates the item on the server, off the main actor, and returns it as
    ///     created: its id is the server's.
    /// - Returns: The edit, to await; it commits the item the server created.
    @discardableResult
    public func insert(
        _ description: String, item: Item, at offset: Int, retrying retries: RetryPolicy = .never,
        request: @escaping @Sendable () async throws -> Item
    ) -> ListEdit<Item> {
        insertRow(description, item: item, at: offset, retrying: retries, request: request)
    }

    /// Removes row `id` at once, and sends the request that deletes it; a page that lands
    /// meanwhile, or that began before the remove committed, does not bring it back.
    ///
    /// - Parameters:
    ///   - description: What the remove does, in the user's words: a failure names it.
    ///   - id: The row to remove.
    ///   - retries: How the request is retried after a failure, and the network it waits for
    ///     (``RetryPolicy/connectivity``), as a store write's; `.never` sends it once.
    ///   - request: Deletes the item on the server, off the main actor; handed the row's id (the
    ///     server's, for a row inserted under a temporary id).
    /// - Returns: The edit, to await.
    @discardableResult
    public func remove(
        _ description: String, id: ID, retrying retries: RetryPolicy = .never,
        request: @escaping @Sendable (ID) async throws -> Void
    ) -> ListEdit<Item> {
        edit(description, .remove(id), retrying: retries, request: request)
    }

    /// Moves row `id` to `offset` (the end when the list is shorter) at once, and sends the
    /// request that moves it.
    ///
    /// - Parameters:
    ///   - description: What the move does, in the user's words: a failure names it.
    ///   - id: The row to move.
    ///   - offset: Its place in the list after the move.
    ///   - retries: How the request is retried after a failure, and the network it waits for
    ///     (``RetryPolicy/connectivity``), as a store write's; `.never` sends it once.
    ///   - request: Moves the item on the server, off the main actor; handed the row's id (the
    ///     server's, for a row inserted under a temporary id).
    /// - Returns: The edit, to await.
    @discardableResult
    public func move(
        _ description: String, id: ID, to offset: Int, retrying retries: RetryPolicy = .never,
        request: @escaping @Sendable (ID) async throws -> Void
    ) -> ListEdit<Item> {
        edit(description, .move(id, to: offset), retrying: retries, request: request)
    }

    /// Changes row `id`'s item at once, as an optimistic write on the store, and sends the
    /// request that makes it true; as ``ListDataSource/perform(_:on:retrying:change:request:)``.
    ///
    /// - Parameters:
    ///   - description: What the write does, in the user's words: a failure names it.
    ///   - id: The row whose item changes.
    ///   - change: The change, applied on the main actor, as a store write's.
    ///   - retries: How the request is retried after a failure, and the network it waits for
    ///     (``RetryPolicy/connectivity``), as a store write's; `.never` sends it once.
    ///   - request: Sends the write, off the main actor; handed the item's id (the server's, for
    ///     a row inserted under a temporary id); returns the server's item, or `nil` to commit
    ///     the change itself.
    /// - Returns: The edit, to await.
    @discardableResult
    public func perform(
        _ description: String, on id: ID, retrying retries: RetryPolicy = .never,
        change: @escaping @MainActor (inout Item) -> Void, request: @escaping @Sendable (ID) async throws -> Item?
    ) -> ListEdit<Item> {
        performEdit(description, on: id, retrying: retries, change: change, request: request)
    }

    /// Makes the edit or write that `failure` reports again (the Retry beside a failure's
    /// message), as ``ListEdit/retry()`` or ``StoreWrite/retry()`` does: its change shows at once.
    ///
    /// Returns `false`, doing nothing, when `failure` is not of an edit or of a write on this
    /// list's store (one the app made itself), or was retried already.
    @discardableResult
    public func retry(_ failure: WriteFailure) -> Bool {
        retryEdit(failure)
    }
}
