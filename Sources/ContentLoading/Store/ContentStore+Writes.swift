public import Observation

/// A store is observable: a view that reads ``ContentStore/pendingWriteCount`` hears when it
/// changes.
extension ContentStore: Observable {}

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
    ///   fetch of the key begun before it is dropped. The older pending writes whose change
    ///   sets the value (``WriteChangeKind/sets``) show under the commit no more.
    /// - On failure, only this write's change goes; the data sources bound to the key hear the
    ///   failure beside their content (``StoreDataSource/writeFailure``), never an error screen;
    ///   with none bound, the app hears it through ``onUnshownWriteFailure``. ``retry(_:)``
    ///   performs the write again.
    /// - When the key's last pending write settles, the key revalidates once.
    /// - On a temporary key (an item a list created under a temporary id), the write goes to the
    ///   server's key: at once if the create committed; otherwise its change shows at once and it
    ///   is performed on the server's key once the create commits (``StoreWrite/cancel()`` does
    ///   nothing until then), or fails with the create.
    ///   ``perform(_:on:ordering:kind:retrying:change:keyedRequest:)`` hands its request the
    ///   server's key.
    ///
    /// - Parameters:
    ///   - description: What the write does, in the user's words ("Star teal"): a failure names it.
    ///   - key: The key the write changes.
    ///   - ordering: Whether the request waits for the earlier pending writes on the key; by
    ///     default it does (``WriteOrdering/serial``).
    ///   - kind: Whether the change sets the value (the default, ``WriteChangeKind/sets``: it
    ///     shows no more once a newer write on the key commits) or adds to it
    ///     (``WriteChangeKind/adds``: it shows over every commit until the write settles).
    ///   - retries: How a failed request is tried again, on the store's clock, as a load's
    ///     (<doc:RetryingLoads>); by default never. The write stays pending, its change on screen,
    ///     until the last attempt settles it. While the policy's ``RetryPolicy/connectivity``
    ///     says offline, the request, and each retry once its delay is over, waits, the change on
    ///     screen, and runs once the app is back; the store's own ``connectivity`` is not a
    ///     write's (see <doc:OptimisticWrites>).
    ///   - change: The change, applied to the committed value on the main actor: again whenever
    ///     the committed value changes while the write is pending, so it must only change the
    ///     value it is given. A key with no value shows nothing to change. The store refuses
    ///     to be changed from inside it: ``write(_:for:)``, ``invalidate(_:)`` and
    ///     ``removeValue(for:)`` do nothing (the last returns `false`), ``StoreWrite/cancel()``
    ///     and ``StoreWrite/retry()`` do nothing, a write performed there is returned settled as
    ///     ``WriteOutcome/cancelled`` with nothing applied or sent, and ``value(for:)`` reads
    ///     the committed value.
    ///   - request: Sends the write, off the main actor; returns the server's value for the key,
    ///     or `nil` to commit the change itself. Throwing `CancellationError` cancels the write.
    /// - Returns: The write, to cancel, to await, or to retry once it failed.
    @inlinable
    @discardableResult
    public func perform(
        _ description: String, on key: Key, ordering: WriteOrdering = .serial, kind: WriteChangeKind = .sets,
        retrying retries: RetryPolicy = .never,
        change: @escaping @MainActor (inout Value) -> Void, request: @escaping @Sendable () async throws -> Value?
    ) -> StoreWrite<Value> {
        let lane = madeWriteLane()
        guard !lane.isApplyingChange else {
            let refused = StoreWrite(
                description: description, id: 0, canceller: lane.canceller, ordering: ordering, kind: kind,
                retries: retries, change: change, request: request)
            refused.settle(.cancelled)
            return refused
        }
        if !temporaryKeys.isEmpty,
            let write = performOnTemporaryKey(
                description, on: key, ordering: ordering, kind: kind, retries: retries, change: change,
                request: { _ in request })
        {
            return write
        }
        let (write, effects) = lane.apply(
            description, on: key, ordering: ordering, kind: kind, retries: retries, change: change, request: request)
        act(on: effects, for: key)
        return write
    }

    /// Applies a change to `key` at once and sends the request that makes it true, handing the
    /// request the key it is sent for (see ``perform(_:on:ordering:kind:retrying:change:request:)``).
    ///
    /// On a temporary key (an item a list created under a temporary id) the request is handed the
    /// server's key: a write performed while the create is pending shows its change at once and is
    /// performed on the server's key once the create commits; it fails with the create if the
    /// create fails. See <doc:ListsOfSharedItems>.
    ///
    /// ```swift
    /// store.perform("Star", on: detail.key) { $0.isStarred = true } keyedRequest: { id in
    ///     try await api.star(id)   // the server's id, also for a draft the server is creating
    /// }
    /// ```
    @discardableResult
    public func perform(
        _ description: String, on key: Key, ordering: WriteOrdering = .serial, kind: WriteChangeKind = .sets,
        retrying retries: RetryPolicy = .never,
        change: @escaping @MainActor (inout Value) -> Void,
        keyedRequest request: @escaping @Sendable (Key) async throws -> Value?
    ) -> StoreWrite<Value> {
        if !temporaryKeys.isEmpty, !isApplyingWriteChange,
            let write = performOnTemporaryKey(
                description, on: key, ordering: ordering, kind: kind, retries: retries, change: change,
                request: { key in { try await request(key) } })
        {
            return write
        }
        return perform(
            description, on: key, ordering: ordering, kind: kind, retrying: retries, change: change,
            request: { try await request(key) })
    }

    /// Applies a change to `key` at once and sends the request that makes it true, waiting for
    /// `connectivity` (see ``perform(_:on:ordering:kind:retrying:change:request:)``).
    @available(
        *, deprecated,
        message:
            "Give the network as the retry policy's connectivity: retrying: RetryPolicy(maxAttempts: 1, connectivity: connectivity)"
    )
    @discardableResult
    public func perform(
        _ description: String, on key: Key, ordering: WriteOrdering = .serial, kind: WriteChangeKind = .sets,
        retrying retries: RetryPolicy = .never, connectivity: Connectivity?,
        change: @escaping @MainActor (inout Value) -> Void, request: @escaping @Sendable () async throws -> Value?
    ) -> StoreWrite<Value> {
        var policy = retries
        if let connectivity { policy.connectivity = connectivity }
        return perform(
            description, on: key, ordering: ordering, kind: kind, retrying: policy, change: change, request: request)
    }

    /// Performs the write that `failure` reports again (the Retry beside a failed write's
    /// message), as ``StoreWrite/retry()`` does: a new write, its change shown at once.
    ///
    /// ```swift
    /// if let failure = dataSource.writeFailure {
    ///     dataSource.dismissWriteFailure()
    ///     store.retry(failure)
    /// }
    /// ```
    ///
    /// Returns `nil`, doing nothing, when `failure` is not of a write of this store (one the app
    /// made itself), was retried already, or when called from inside a write's change.
    @discardableResult
    public func retry(_ failure: WriteFailure) -> StoreWrite<Value>? {
        guard let write = failure.write as? StoreWrite<Value>, write.belongs(to: self) else { return nil }
        return write.retry()
    }

    /// How many optimistic writes are pending, over every key: for a "3 changes waiting" badge.
    ///
    /// Observable: a view that reads it hears when it changes.
    public var pendingWriteCount: Int {
        madeWriteLane().pendingCount(observedBy: self)
    }

    /// Hears each optimistic write that failed on a key no data source is bound to, which no
    /// screen shows: the key and the failure (``retry(_:)`` performs the write again). Called on
    /// the main actor once the failed write's change is gone; `nil` (the default): unheard.
    ///
    /// A failure on a key a data source is bound to goes to that data source instead
    /// (``StoreDataSource/writeFailure``), and is announced by its wrapper. The store keeps the
    /// handler: capture the store weakly in it.
    public var onUnshownWriteFailure: (@MainActor (Key, WriteFailure) -> Void)? {
        get { writeLane?.onUnshownFailure }
        set { madeWriteLane().onUnshownFailure = newValue }
    }

    /// The store's write lane, made if it has none yet, with what its writes cancel themselves
    /// through (made here, in the app's module, so that a cancel runs specialized code).
    @inlinable
    func madeWriteLane() -> StoreWriteLane<Key, Value> {
        if let writeLane { return writeLane }
        let lane = StoreWriteLane<Key, Value>(
            canceller: StoreWriteCanceller(store: self) { [weak self] id in self?.cancelWrite(id) ?? false })
        writeLane = lane
        return lane
    }

    /// Starts `write`'s request on `key` in a task; its result settles the write on the main actor.
    @usableFromInline
    func startRequest(of write: StoreWrite<Value>, on key: Key) {
        guard let request = write.request, let writeLane else { return }
        let (id, retries, clock) = (write.id, write.retries, clock)
        writeLane.setTask(
            Task { [weak self] in
                let result = await RetryLoop.send(request, retrying: retries, clock: clock) {
                    self?.writeLane?.requestSent(id)
                }
                self?.writeRequestEnded(id, result: result)
            }, of: write)
    }

    /// The request of write `id` returned: the lane settles it, and the store acts on what that leaves.
    private func writeRequestEnded(_ id: UInt64, result: Result<Value?, any Error>) {
        guard let (key, effects) = writeLane?.requestEnded(id, result: result) else { return }
        act(on: effects, for: key)
    }

    /// What performs `write`, which failed, on `key` again with its `change` and `request`
    /// (``StoreWrite/retry()``): `nil` when the store is gone or one of the app's changes runs.
    @usableFromInline
    func retryAction(
        of write: StoreWrite<Value>, change: StoreWriteLane<Key, Value>.Change?,
        request: StoreWriteLane<Key, Value>.Request?, on key: Key
    ) -> (@MainActor () -> StoreWrite<Value>?)? {
        guard let change, let request else { return nil }
        let (description, ordering, kind, retries) = (write.description, write.ordering, write.kind, write.retries)
        return { [weak self] in
            guard let self, !isApplyingWriteChange else { return nil }
            return perform(
                description, on: key, ordering: ordering, kind: kind, retrying: retries, change: change,
                request: request)
        }
    }

    /// Whether `key` has optimistic writes pending: their changes are on screen.
    public func hasPendingWrites(_ key: Key) -> Bool {
        writeLane?.hasPendingWrites(key) ?? false
    }
}

extension ContentStore {
    /// Whether one of the app's changes is running: the store refuses to be changed meanwhile.
    @inlinable
    var isApplyingWriteChange: Bool { writeLane?.isApplyingChange ?? false }

    /// Cancels pending write `id` (``StoreWrite/cancel()``).
    @inlinable
    func cancelWrite(_ id: UInt64) -> Bool {
        guard let (key, effects) = writeLane?.cancel(id) else { return false }
        act(on: effects, for: key)
        return true
    }
}
