/// Optimistic writes: the user's change shows at once, survives refreshes, and lands or rolls
/// back to the truth. See <doc:OptimisticWrites>.
extension ContentStore {
    /// Applies a change to `key` at once, as a layer over its committed value, and sends the
    /// request that makes it true.
    ///
    /// ```swift
    /// let write = store.perform("Star teal", on: "colours") { colours in
    ///     colours.starred.insert("teal")
    /// } request: {
    ///     try await api.star("teal")   // the server's new colours, or nil
    /// }
    /// ```
    ///
    /// Every data source bound to `key` draws the change before this returns, with no spinner.
    /// What a key shows (``value(for:)``) is its committed value with the pending writes' changes
    /// applied in the order they were made; a fetch that lands meanwhile becomes the committed
    /// value under them, so a refresh never reverts the change.
    ///
    /// - On success, the server's answer (or, if it answers `nil`, the change applied to the
    ///   committed value) is committed, unless a newer write on the key committed first; every
    ///   fetch of the key begun before it is dropped.
    /// - On failure, only this write's change goes; the data sources bound to the key hear the
    ///   failure beside their content (``StoreDataSource/writeFailure``), never an error screen.
    /// - When the key's last pending write settles, the key revalidates once.
    ///
    /// - Parameters:
    ///   - description: What the write does, in the user's words ("Star teal"): a failure names it.
    ///   - key: The key the write changes.
    ///   - ordering: Whether the request waits for the earlier pending writes on the key; by
    ///     default it does (``WriteOrdering/serial``).
    ///   - retries: How a failed request is tried again, on the store's clock; by default never.
    ///     The write stays pending, its change on screen, until the last attempt settles it.
    ///   - connectivity: The app's word on the network: while it says offline, the request (and
    ///     each retry) waits, the change on screen, and runs once the app is back.
    ///   - change: The change, applied to the committed value on the main actor: again whenever
    ///     the committed value changes while the write is pending, so it must only change the
    ///     value it is given. A key with no value shows nothing to change.
    ///   - request: Sends the write, off the main actor; returns the server's value for the key,
    ///     or `nil` to commit the change itself. Throwing `CancellationError` cancels the write.
    /// - Returns: The write, to cancel or to await.
    @discardableResult
    public func perform(
        _ description: String, on key: Key, ordering: WriteOrdering = .serial, retrying retries: RetryPolicy? = nil,
        connectivity: Connectivity? = nil, change: @escaping @MainActor (inout Value) -> Void,
        request: @escaping @Sendable () async throws -> Value?
    ) -> StoreWrite<Value> {
        let lane = writeLane ?? StoreWriteLane(store: self)
        writeLane = lane
        return lane.perform(
            description, on: key, in: self, ordering: ordering, retries: retries, connectivity: connectivity,
            change: change, request: request)
    }

    /// Whether `key` has optimistic writes pending: their changes are on screen.
    public func hasPendingWrites(_ key: Key) -> Bool {
        writeLane?.hasPendingWrites(key) ?? false
    }
}

extension ContentStore: StoreWriteCanceller {
    /// Cancels pending write `id` of the key in `slot` (``StoreWrite/cancel()``).
    func cancelWrite(_ id: UInt64, slot: Int) -> Bool {
        writeLane?.cancel(id, slot: slot, in: self) ?? false
    }
}
