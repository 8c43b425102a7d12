import Observation

/// The write lane of one ``ContentStore``: its pending optimistic writes, kept as layers over
/// the committed values, and the requests that land or roll them back.
///
/// The thin layer over ``WriteStateMachine``: it keeps each write's record and handle, asks the
/// machine what each event does, and acts after the machine's change is done: starts requests,
/// commits through the store, tells the data sources bound to the key, revalidates.
///
/// What a key shows is its committed value with the pending writes' changes applied in the order
/// the user made them (``shown(_:forSlot:generation:)``). A fetch that lands while writes are pending becomes
/// the committed value under them, so the user's change stays on screen; a fetch begun before a
/// write committed is dropped, since the commit is a store write, which supersedes it. See
/// <doc:OptimisticWrites>.
///
/// Its code is generic over `Value` and runs unspecialized in the app's module (CONTRIBUTING,
/// "Speed"), so its state is kept in types that are not generic: the machine by slot, and each
/// key's writes (``StoreWriteLayers``) in a table by slot, in the order of the machine's pending
/// writes, so that a write is found by its slot and its place there.
@MainActor
final class StoreWriteLane<Key: Hashable & Sendable, Value: Sendable> {
    // Writes.ContentLoading.Settle.Ratio ≤ 150% and ApplyAndDraw.Ratio ≤ 400%: generic over `Key`
    // and `Value` and checked for exclusivity, the lane broke both (docs/Benchmarks.md, "The store
    // written plainly"). So its tables are not generic, and its state is unchecked: it is used only on the main actor, and nothing is mutated in place across a call
    // to app code (the lane acts on what the machine decided after its change is done).

    /// The writes' decisions, kept by the keys' slots in the store (see `ContentStore.slots`), so
    /// that its code is specialized here rather than generic over `Key`.
    @exclusivity(unchecked) private(set) var machine = WriteStateMachine()
    /// Each key's pending writes by slot: its ``StoreWriteLayers``, or `nil` when it has none.
    /// Held as `AnyObject`, so that the array's code is specialized here, not generic over `Value`.
    @exclusivity(unchecked) private var layersBySlot: [AnyObject?] = []
    /// The store, which holds the lane for as long as it lives. Nothing holds the lane weakly
    /// (its handles and tasks hold the store so): retaining an object that has weak references
    /// takes its side table, and the store reads its lane on every read.
    private weak var store: ContentStore<Key, Value>?
    /// The type of the lane's handles, looked up once: a handle made through it costs no generic
    /// metadata lookup.
    private let writeType = StoreWrite<Value>.self
    /// How many of the app's changes are running now (nested when a change reads the store).
    /// While one runs the store refuses to be changed, and reads its committed values.
    private var changesRunning = 0
    /// What the app hears of a failed write on a key no data source is bound to.
    var onUnshownFailure: (@MainActor (Key, WriteFailure) -> Void)?
    /// The observers of ``ContentStore/pendingWriteCount``; made when it is first read.
    private(set) var registrar: ObservationRegistrar?
    /// Whether ``ContentStore/pendingWriteCount`` was read since its observers were last told.
    private var pendingCountObserved = false

    init(store: ContentStore<Key, Value>) {
        self.store = store
    }

    /// The pending writes of the key in `slot`, if it has any.
    private func layers(ofSlot slot: Int) -> StoreWriteLayers<Key, Value>? {
        guard slot < layersBySlot.count, let layers = layersBySlot[slot] else { return nil }
        return unsafeDowncast(layers, to: StoreWriteLayers<Key, Value>.self)
    }

    /// `committed`, the value of `generation` of the key in `slot`, with its pending writes'
    /// changes applied in order. A new write, or settling the newest, costs O(1) however many
    /// are pending (see ``StoreWriteLayers``). A key with no value has nothing to change: its
    /// callers ask only with a value, and take no `Value?` here (a metadata lookup a call).
    ///
    /// From inside a change (which must not use the store) this is `committed`: applying the
    /// layers again there would run the change inside itself.
    func shown(_ committed: Value, forSlot slot: Int, generation: UInt64) -> Value {
        guard let layers = layers(ofSlot: slot), changesRunning == 0 else { return committed }
        changesRunning += 1
        defer { changesRunning -= 1 }
        return layers.apply(to: committed, generation: generation)
    }

    /// Whether one of the app's changes is running: the store refuses to be changed meanwhile
    /// (see ``ContentStore/perform(_:on:ordering:kind:retrying:change:request:)``).
    var isApplyingChange: Bool { changesRunning > 0 }

    /// Calls `body` with what the key in `slot` shows over its committed value of `generation`,
    /// if its layers tell without that value (they keep what their changes show over it, as after
    /// a write applied or settled with no new committed value); returns whether they did. Then
    /// the store need not read the committed value from its persistence.
    func withShown(forSlot slot: Int, generation: UInt64, _ body: (Value) -> Void) -> Bool {
        guard changesRunning == 0, let layers = layers(ofSlot: slot), layers.holdsShown(generation: generation) else {
            return false
        }
        changesRunning += 1
        let shown = layers.applyOverShown()
        changesRunning -= 1
        // Outside the count: `body` draws, and what a screen does then may change the store.
        body(shown)
        return true
    }

    /// Whether `key` has pending writes.
    func hasPendingWrites(_ key: Key) -> Bool { store?.writeSlot(key).map(machine.hasPendingWrites) ?? false }

    /// The pending writes of `key`, in the order the user made them.
    func pending(_ key: Key) -> [WriteStateMachine.Pending] {
        store?.writeSlot(key).map { machine.pending($0) } ?? []
    }

    /// Applies a write: its change shows at once on every data source bound to `key`; its
    /// request starts now, or once the writes before it settle if it is serial. From inside a
    /// change, the write is refused: it is returned settled as cancelled, and nothing shows.
    func perform(
        _ description: String, on key: Key, in store: ContentStore<Key, Value>, ordering: WriteOrdering,
        kind: WriteChangeKind, retries: RetryPolicy,
        change: @escaping @MainActor (inout Value) -> Void, request: @escaping @Sendable () async throws -> Value?
    ) -> StoreWrite<Value> {
        guard changesRunning == 0 else {
            let refused = writeType.init(
                description: description, id: 0, slot: 0, store: store, ordering: ordering, kind: kind,
                retries: retries, change: change, request: request)
            refused.settle(.cancelled)
            return refused
        }
        // A key with pending writes is held: never evicted while its change is on screen, and its
        // slot stays its own until its last write settles.
        let slot: Int
        let layers: StoreWriteLayers<Key, Value>
        if let held = store.writeSlot(key), let heldLayers = self.layers(ofSlot: held) {
            (slot, layers) = (held, heldLayers)
        } else {
            slot = store.holdForWrites(key)
            layers = StoreWriteLayers(key: key)
            while layersBySlot.count <= slot { layersBySlot.append(nil) }
            layersBySlot[slot] = layers
        }
        let (id, startsNow) = machine.apply(slot, isSerial: ordering == .serial, replays: kind == .adds)
        let write = writeType.init(
            description: description, id: id, slot: slot, store: store, ordering: ordering, kind: kind,
            retries: retries, change: change, request: request)
        layers.append(StoreWriteRecord(id: id, write: write))
        if startsNow { start(at: layers.count - 1, of: layers, in: store) }
        store.writeLayersDidChange(slot)
        pendingCountDidChange(in: store)
        return write
    }

    /// Starts the request of the write at `position` of `layers`, on `store`, in a task; its
    /// result settles the write on the main actor.
    private func start(at position: Int, of layers: StoreWriteLayers<Key, Value>, in store: ContentStore<Key, Value>) {
        let write = layers.write(at: position)
        guard let request = write.request else { return }
        let (id, slot, clock, retries) = (write.id, write.slot, store.clock, write.retries)
        layers.setTask(
            Task { [weak store] in
                let result = await Self.outcome(of: request, retrying: retries, clock: clock) {
                    store?.writeLane?.requestSent(id, of: slot)
                }
                guard let store else { return }
                store.writeLane?.requestEnded(id, of: slot, result: result, in: store)
            }, at: position)
    }

    /// Runs `request` once the policy's connectivity says the app is online (`sending` just
    /// before), and again as `retries` allows, in the loop a load's retries run in: after each
    /// delay on `clock` and, with a connectivity, once it says the app is online. Returns the
    /// last attempt's result. Cancelling the task ends it at once, with a `CancellationError`,
    /// whether it waits for the network or a delay; a task cancelled before it ran sends nothing.
    private static func outcome(
        of request: @escaping @Sendable () async throws -> Value?, retrying retries: RetryPolicy,
        clock: PresentationClock, sending: () -> Void
    ) async -> Result<Value?, any Error> {
        do {
            try await retries.connectivity?.waitUntilOnline()
            try Task.checkCancellation()
            sending()
            return .success(try await request())
        } catch {
            guard let loop = RetryLoop(policy: retries, lane: .content) else { return .failure(error) }
            // The attempt's lane is not reported: a write's retries are told to no delegate.
            return await loop.retryWrite(after: error, request, on: clock)
        }
    }

    /// Write `id` of the key in `slot` sends its request now.
    func requestSent(_ id: UInt64, of slot: Int) {
        machine.requestSent(id, of: slot)
    }

    /// The request of write `id` of the key in `slot` of `store` returned.
    func requestEnded(
        _ id: UInt64, of slot: Int, result: Result<Value?, any Error>, in store: ContentStore<Key, Value>
    ) {
        guard let layers = layers(ofSlot: slot), let position = layers.position(of: id) else { return }
        let write = layers.write(at: position)
        switch result {
        case .success(let answer):
            guard let settlement = machine.succeed(id, of: slot) else { return }
            forget(at: position, of: layers, slot: slot)
            // Before the commit is drawn: the older writes that set the value show under it no more.
            if !settlement.stopsLayers.isEmpty { layers.stopApplying(settlement.stopsLayers) }
            let key = layers.key
            var committed: Value?
            if settlement.commits, let answer {
                committed = answer
            } else if settlement.commits, var value = store.committedValue(for: key) {
                changesRunning += 1
                write.change?(&value)
                changesRunning -= 1
                committed = value
            }
            // Settled before the commit is drawn: a callback of a data source drawing it finds the
            // write settled (``StoreWrite/isPending`` and ``StoreWrite/cancel()`` agree).
            if settlement.commits { write.settle(committed: committed) } else { write.settle(.superseded) }
            // Committed as a store write: every fetch of the key begun before it is superseded.
            if let committed { store.write(committed, for: key) }
            act(
                on: settlement, of: layers, slot: slot, in: store,
                layersChanged: committed == nil || !settlement.stopsLayers.isEmpty)
        case .failure(let error) where error is CancellationError:
            _ = cancel(id, slot: slot, in: store)
        case .failure(let error):
            guard let settlement = machine.remove(id, of: slot) else { return }
            forget(at: position, of: layers, slot: slot)
            write.retryAction = retryAction(of: write, on: layers.key, in: store)
            write.settle(.failed(error))
            let failure = WriteFailure(writeDescription: write.description, error: error, write: write)
            act(on: settlement, of: layers, slot: slot, in: store, layersChanged: true, failure: failure)
        }
    }

    /// Cancels write `id` of the key in `slot`: its layer goes at once and its task is cancelled.
    /// Refused (`false`) from inside a change.
    func cancel(_ id: UInt64, slot: Int, in store: ContentStore<Key, Value>) -> Bool {
        guard changesRunning == 0, let layers = layers(ofSlot: slot), let position = layers.position(of: id),
            let settlement = machine.remove(id, of: slot)
        else { return false }
        let write = layers.write(at: position)
        forget(at: position, of: layers, slot: slot).task?.cancel()
        write.settle(.cancelled)
        act(on: settlement, of: layers, slot: slot, in: store, layersChanged: true)
        return true
    }

    /// Forgets the settled write at `position` of `layers`, the pending writes of the key in
    /// `slot` before it settled (and the key's layers with its last write); returns its record.
    @discardableResult
    private func forget(at position: Int, of layers: StoreWriteLayers<Key, Value>, slot: Int) -> StoreWriteRecord {
        let record = layers.remove(at: position)
        if layers.count == 0 { layersBySlot[slot] = nil }
        return record
    }

    /// Acts on what a settled write of `layers`, the key in `slot` of `store`, leaves to do on its
    /// key: starts the serial writes now first, redraws the key if its layers changed (a commit
    /// redrew it already), tells a failure beside the content, and, after the key's last write,
    /// releases the key and revalidates it once.
    ///
    /// Decided before acting: the data sources told may make or cancel writes meanwhile.
    private func act(
        on settlement: WriteStateMachine.Settlement, of layers: StoreWriteLayers<Key, Value>, slot: Int,
        in store: ContentStore<Key, Value>, layersChanged: Bool, failure: WriteFailure? = nil
    ) {
        for id in settlement.starts {
            // Unless a data source told of a commit above cancelled it meanwhile.
            if let position = layers.position(of: id) { start(at: position, of: layers, in: store) }
        }
        if layersChanged { store.writeLayersDidChange(slot) }
        if let failure {
            // A failure no data source shows goes to the app's handler, if it has one.
            if store.boundCount(for: layers.key) > 0 {
                store.writeDidFail(failure, slot: slot)
            } else {
                onUnshownFailure?(layers.key, failure)
            }
        }
        if settlement.isLast {
            store.releaseAfterWrites(slot)
            if settlement.revalidates { store.invalidate(layers.key) }
        }
        pendingCountDidChange(in: store)
    }

    /// What performs `write`, which failed, on `key` of `store` again (``StoreWrite/retry()``):
    /// `nil` when the store is gone or one of the app's changes runs.
    private func retryAction(
        of write: StoreWrite<Value>, on key: Key, in store: ContentStore<Key, Value>
    ) -> (@MainActor () -> StoreWrite<Value>?)? {
        guard let change = write.change, let request = write.request else { return nil }
        let (description, ordering, kind, retries) = (write.description, write.ordering, write.kind, write.retries)
        return { [weak store] in
            guard let store, store.writeLane?.isApplyingChange != true else { return nil }
            return store.perform(
                description, on: key, ordering: ordering, kind: kind, retrying: retries, change: change,
                request: request)
        }
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
    private func pendingCountDidChange(in store: ContentStore<Key, Value>) {
        guard pendingCountObserved, let registrar else { return }
        pendingCountObserved = false
        registrar.withMutation(of: store, keyPath: \ContentStore<Key, Value>.pendingWriteCount) {}
    }
}
