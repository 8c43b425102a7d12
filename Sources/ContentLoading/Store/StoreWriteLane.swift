import Observation

/// The write lane of one ``ContentStore``: its pending optimistic writes, kept as layers over
/// the committed values, and what each event on them leaves the store to do.
///
/// The thin layer over ``WriteStateMachine``: it keeps each key's writes (``StoreWriteLayers``),
/// asks the machine what each event does, changes its own state, and returns the rest as
/// ``Effects`` for the store to act on: commit, start requests, redraw, report a failure,
/// release and revalidate the key. The store owns the lane and calls it; the lane never calls
/// the store.
///
/// What a key shows is its committed value with the pending writes' changes applied in the order
/// the user made them (``shown(_:for:generation:)``). A fetch that lands while writes are pending
/// becomes the committed value under them, so the user's change stays on screen; a fetch begun
/// before a write committed is dropped, since the commit is a store write, which supersedes it.
/// See <doc:OptimisticWrites>.
///
/// Inlinable, as the store's write path: specialized in the app's module for its key and value.
@MainActor
@usableFromInline
final class StoreWriteLane<Key: Hashable & Sendable, Value: Sendable> {
    /// A write's change, applied to the committed value on the main actor.
    @usableFromInline typealias Change = @MainActor (inout Value) -> Void
    /// A write's request: the server's value for the key, or `nil` to commit the change.
    @usableFromInline typealias Request = @Sendable () async throws -> Value?
    /// What the store's writes cancel themselves through.
    @usableFromInline let canceller: StoreWriteCanceller
    /// The writes' decisions.
    @usableFromInline var machine = WriteStateMachine<Key>()
    /// Each key's pending writes; none for a key with no pending write.
    @usableFromInline var layersByKey: [Key: StoreWriteLayers<Key, Value>] = [:]
    /// The key of each pending write, by its identity: what ``cancel(_:)`` finds it by.
    @usableFromInline var keysByWrite: [UInt64: Key] = [:]
    /// How many of the app's changes are running now (nested when a change reads the store).
    /// While one runs the store refuses to be changed, and reads its committed values.
    @usableFromInline var changesRunning = 0
    /// What the app hears of a failed write on a key no data source is bound to.
    @usableFromInline var onUnshownFailure: (@MainActor (Key, WriteFailure) -> Void)?
    /// The observers of ``ContentStore/pendingWriteCount``; made when it is first read.
    private var registrar: ObservationRegistrar?
    /// Whether ``ContentStore/pendingWriteCount`` was read since its observers were last told.
    @usableFromInline var pendingCountObserved = false

    @inlinable
    init(canceller: StoreWriteCanceller) {
        self.canceller = canceller
    }

    // MARK: - What a key shows

    /// `committed`, the value of `generation` of `key`, with its pending writes' changes applied
    /// in order. A new write, or settling the newest, costs O(1) however many are pending (see
    /// ``StoreWriteLayers``).
    ///
    /// From inside a change (which must not use the store) this is `committed`: applying the
    /// layers again there would run the change inside itself.
    @inlinable
    func shown(_ committed: Value, for key: Key, generation: UInt64) -> Value {
        guard let layers = layersByKey[key], changesRunning == 0 else { return committed }
        changesRunning += 1
        defer { changesRunning -= 1 }
        return layers.apply(to: committed, generation: generation)
    }

    /// What `key` shows over its committed value of `generation`, if its layers tell without that
    /// value (they keep what their changes show over it, as after a write applied or settled with
    /// no new committed value); then the store need not read the committed value from its
    /// persistence. `nil` when they do not, or from inside a change.
    @inlinable
    func shownOverKept(for key: Key, generation: UInt64) -> Value? {
        guard changesRunning == 0, let layers = layersByKey[key] else { return nil }
        changesRunning += 1
        defer { changesRunning -= 1 }
        return layers.applyOverShown(generation: generation)
    }

    /// Whether one of the app's changes is running: the store refuses to be changed meanwhile
    /// (see ``ContentStore/perform(_:on:ordering:kind:retrying:change:request:)``).
    @inlinable
    var isApplyingChange: Bool { changesRunning > 0 }

    /// Whether `key` has pending writes.
    @inlinable
    func hasPendingWrites(_ key: Key) -> Bool { machine.hasPendingWrites(key) }

    /// The pending writes of `key`, in the order the user made them.
    @inlinable
    func pending(_ key: Key) -> [WriteStateMachine<Key>.Pending] { machine.pending(key) }

    /// `value` with `write`'s change applied, as a change runs: the store refuses to be changed meanwhile.
    @inlinable
    func applying(_ write: StoreWrite<Value>, to value: Value) -> Value {
        var value = value
        changesRunning += 1
        write.change?(&value)
        changesRunning -= 1
        return value
    }

    // MARK: - Events

    /// Applies a write on `key`: its change shows at once; its request starts now, or once the
    /// writes before it settle if it is serial. The store refuses a write from inside a change
    /// before it asks.
    @inlinable
    func apply(
        _ description: String, on key: Key, ordering: WriteOrdering,
        kind: WriteChangeKind, retries: RetryPolicy,
        change: @escaping @MainActor (inout Value) -> Void, request: @escaping @Sendable () async throws -> Value?
    ) -> (write: StoreWrite<Value>, effects: Effects) {
        var effects = Effects()
        let layers: StoreWriteLayers<Key, Value>
        if let held = layersByKey[key] {
            layers = held
        } else {
            // A key with pending writes is held: never evicted while its change is on screen.
            effects.holdsKey = true
            layers = StoreWriteLayers(key: key)
            layersByKey[key] = layers
        }
        let (id, startsNow) = machine.apply(key, isSerial: ordering == .serial, replays: kind == .adds)
        let write = StoreWrite(
            description: description, id: id, canceller: canceller, ordering: ordering, kind: kind,
            retries: retries, change: change, request: request)
        layers.append(write)
        keysByWrite[id] = key
        if startsNow { effects.starts.append(write) }
        effects.redraws = true
        return (write, effects)
    }

    /// The request of `write` started in `task`.
    @inlinable
    func setTask(_ task: Task<Void, Never>, of write: StoreWrite<Value>) {
        guard let key = keysByWrite[write.id], let layers = layersByKey[key],
            let position = layers.position(of: write.id)
        else { return task.cancel() }
        layers.setTask(task, at: position)
    }

    /// Write `id` sends its request now.
    @inlinable
    func requestSent(_ id: UInt64) {
        guard let key = keysByWrite[id] else { return }
        machine.requestSent(id, of: key)
    }

    /// The request of write `id` returned `result`: the write's key and what the store does
    /// about it, or `nil` when the write is no longer pending.
    @inlinable
    func requestEnded(_ id: UInt64, result: Result<Value?, any Error>) -> (key: Key, effects: Effects)? {
        guard let key = keysByWrite[id], let layers = layersByKey[key], let position = layers.position(of: id) else {
            return nil
        }
        let write = layers.write(at: position)
        switch result {
        case .success(let answer):
            guard let settlement = machine.succeed(id, of: key) else { return nil }
            forget(at: position, of: layers)
            // Before the commit is drawn: the older writes that set the value show under it no more.
            if !settlement.stopsLayers.isEmpty { layers.stopApplying(settlement.stopsLayers) }
            var effects = leftToDo(after: settlement, on: layers, redrawing: !settlement.stopsLayers.isEmpty)
            if settlement.commits {
                effects.commit = (write, answer)
            } else {
                write.settle(.superseded)
                effects.redraws = true
            }
            return (key, effects)
        case .failure(let error) where error is CancellationError:
            return cancel(id)
        case .failure(let error):
            guard let settlement = machine.remove(id, of: key) else { return nil }
            forget(at: position, of: layers)
            let failed = (write, write.change, write.request)
            write.settle(.failed(error))
            var effects = leftToDo(after: settlement, on: layers, redrawing: true)
            effects.failure = WriteFailure(writeDescription: write.description, error: error, write: write)
            effects.failed = failed
            return (key, effects)
        }
    }

    /// Cancels write `id`: its layer goes at once and its task is cancelled; returns the write's
    /// key and what the store does about it. Refused (`nil`) from inside a change, or when the
    /// write is no longer pending.
    @inlinable
    func cancel(_ id: UInt64) -> (key: Key, effects: Effects)? {
        guard changesRunning == 0, let key = keysByWrite[id], let layers = layersByKey[key],
            let position = layers.position(of: id), let settlement = machine.remove(id, of: key)
        else { return nil }
        let write = layers.write(at: position)
        forget(at: position, of: layers).task?.cancel()
        write.settle(.cancelled)
        return (key, leftToDo(after: settlement, on: layers, redrawing: true))
    }

    /// Forgets the settled write at `position` of `layers` (and the key's layers with its last
    /// write); returns its record.
    @inlinable
    @discardableResult
    func forget(at position: Int, of layers: StoreWriteLayers<Key, Value>)
        -> StoreWriteLayers<Key, Value>.Record
    {
        let record = layers.remove(at: position)
        keysByWrite[record.write.id] = nil
        if layers.count == 0 { layersByKey[layers.key] = nil }
        return record
    }

    /// What a settled write of `layers` leaves to do on its key: the serial writes that start now, a redraw
    /// if `redrawing`, and after the key's last write, its release and one revalidation.
    @inlinable
    func leftToDo(
        after settlement: WriteStateMachine<Key>.Settlement, on layers: StoreWriteLayers<Key, Value>, redrawing: Bool
    ) -> Effects {
        var effects = Effects()
        effects.starts = settlement.starts.compactMap { id in layers.position(of: id).map(layers.write(at:)) }
        effects.redraws = redrawing
        effects.releasesKey = settlement.isLast
        effects.revalidates = settlement.isLast && settlement.revalidates
        return effects
    }

    // MARK: - The pending count

    /// How many writes are pending over every key; `store`'s observers of it hear of its changes.
    func pendingCount(observedBy store: ContentStore<Key, Value>) -> Int {
        let registrar = self.registrar ?? ObservationRegistrar()
        self.registrar = registrar
        pendingCountObserved = true
        registrar.access(store, keyPath: \ContentStore<Key, Value>.pendingWriteCount)
        return machine.pendingCount
    }

    /// The count of pending writes may have moved: its observers, if any read it since they were
    /// last told, hear of it. After the lane's change is done: they may use the store.
    @inlinable
    func pendingCountDidChange(in store: ContentStore<Key, Value>) {
        guard pendingCountObserved else { return }
        pendingCountObserved = false
        tellPendingCountObservers(of: store)
    }

    /// Tells `store`'s observers of ``ContentStore/pendingWriteCount`` that it may have moved.
    @usableFromInline
    func tellPendingCountObservers(of store: ContentStore<Key, Value>) {
        guard let registrar else { return }
        registrar.withMutation(of: store, keyPath: \ContentStore<Key, Value>.pendingWriteCount) {}
    }
}
