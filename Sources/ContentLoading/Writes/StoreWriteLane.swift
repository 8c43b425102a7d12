/// The write lane of one ``ContentStore``: its pending optimistic writes, kept as layers over
/// the committed values, and the requests that land or roll them back.
///
/// The thin layer over ``WriteStateMachine``: it keeps each write's change, request and handle,
/// asks the machine what each event does, and acts after the machine's change is done: starts
/// requests, commits through the store, tells the data sources bound to the key, revalidates.
///
/// What a key shows is its committed value with the pending writes' changes applied in the order
/// the user made them (``shown(_:forSlot:generation:)``). A fetch that lands while writes are pending becomes
/// the committed value under them, so the user's change stays on screen; a fetch begun before a
/// write committed is dropped, since the commit is a store write, which supersedes it. See
/// <doc:OptimisticWrites>.
@MainActor
final class StoreWriteLane<Key: Hashable & Sendable, Value: Sendable> {
    /// What the lane keeps of a pending write.
    struct Record {
        let key: Key
        /// The key's slot in the store, held while the key has pending writes.
        let slot: Int
        let change: @MainActor (inout Value) -> Void
        let request: @Sendable () async throws -> Value?
        let handle: StoreWrite<Value>
        /// How a failed request is tried again; `nil`: never.
        let retries: RetryPolicy?
        /// The app's word on the network: offline, the request waits, its layer on screen.
        let connectivity: Connectivity?
        var task: Task<Void, Never>?
    }

    /// The writes' decisions, kept by the keys' slots in the store (see `ContentStore.slots`), so
    /// that its code is specialized here rather than generic over `Key`.
    private(set) var machine = WriteStateMachine<Int>()
    private var records: [UInt64: Record] = [:]
    /// Each key's pending changes by slot, with what they show (``StoreWriteLayers``): what
    /// ``shown(_:forSlot:generation:)`` applies, without a lookup per write. Kept in step with the
    /// machine's pending writes of the key, so a settled write's layer is found at its position there.
    private var layers: [Int: StoreWriteLayers<Value>] = [:]
    private weak var store: ContentStore<Key, Value>?

    init(store: ContentStore<Key, Value>) {
        self.store = store
    }

    deinit {
        // The store is gone: nobody can land these writes.
        for record in records.values { record.task?.cancel() }
    }

    /// `committed`, the value of `generation` of the key in `slot`, with its pending writes'
    /// changes applied in order; `nil` stays `nil` (there is nothing to change). A new write, or
    /// settling the newest, costs O(1) however many are pending (see ``StoreWriteLayers``).
    func shown(_ committed: Value?, forSlot slot: Int, generation: UInt64) -> Value? {
        guard let committed, let keyLayers = layers[slot] else { return committed }
        return keyLayers.apply(to: committed, generation: generation)
    }

    /// Whether `key` has pending writes.
    func hasPendingWrites(_ key: Key) -> Bool { store?.writeSlot(key).map(machine.hasPendingWrites) ?? false }

    /// The pending writes of `key`, in the order the user made them.
    func pending(_ key: Key) -> [WriteStateMachine<Int>.Pending] {
        store?.writeSlot(key).map { machine.pending($0) } ?? []
    }

    /// Applies a write: its change shows at once on every data source bound to `key`; its
    /// request starts now, or once the writes before it settle if it is serial.
    func perform(
        _ description: String, on key: Key, in store: ContentStore<Key, Value>, ordering: WriteOrdering,
        retries: RetryPolicy?, connectivity: Connectivity?, change: @escaping @MainActor (inout Value) -> Void,
        request: @escaping @Sendable () async throws -> Value?
    ) -> StoreWrite<Value> {
        let handle = StoreWrite<Value>(description: description)
        // A key with pending writes is held: never evicted while its change is on screen, and its
        // slot stays its own until its last write settles.
        let slot: Int
        if let held = store.writeSlot(key), machine.hasPendingWrites(held) {
            slot = held
        } else {
            slot = store.holdForWrites(key)
        }
        let (id, startsNow) = machine.apply(slot, isSerial: ordering == .serial)
        records[id] = Record(
            key: key, slot: slot, change: change, request: request, handle: handle, retries: retries,
            connectivity: connectivity)
        if let keyLayers = layers[slot] {
            keyLayers.append(change)
        } else {
            let keyLayers = StoreWriteLayers<Value>()
            keyLayers.append(change)
            layers[slot] = keyLayers
        }
        handle.cancelInLane = { [weak self] in self?.cancel(id) ?? false }
        if startsNow { start(id) }
        store.writeLayersDidChange(slot)
        return handle
    }

    /// Starts write `id`'s request in a task; its result settles the write on the main actor.
    private func start(_ id: UInt64) {
        guard let record = records[id], let clock = store?.clock else { return }
        records[id]!.task = Task { [weak self] in
            let result = await Self.outcome(
                of: record.request, retrying: record.retries, connectivity: record.connectivity, clock: clock
            ) { [weak self] in self?.machine.requestSent(id, of: record.slot) }
            self?.requestEnded(id, result: result)
        }
    }

    /// Runs `request` once the app is online (`sending` just before each attempt), and again
    /// after each failure `retries` allows, after its delay on `clock`; returns the last
    /// attempt's result. Cancelling the task ends it at once, with a `CancellationError`, whether
    /// it waits for the network or a delay; a task cancelled before it ran sends nothing.
    private static func outcome(
        of request: @Sendable () async throws -> Value?, retrying retries: RetryPolicy?, connectivity: Connectivity?,
        clock: PresentationClock, sending: () -> Void
    ) async -> Result<Value?, any Error> {
        var machine = retries.map(RetryStateMachine.init)
        while true {
            do {
                try await connectivity?.waitUntilOnline()
                try Task.checkCancellation()
                sending()
                return .success(try await request())
            } catch {
                // The attempt's lane is not reported: a write's retries are told to no delegate.
                guard !Task.isCancelled, let retry = machine?.attemptFailed(with: error, lane: .content) else {
                    return .failure(error)
                }
                do {
                    try await clock.sleep(until: clock.now() + retry.delay)
                } catch {
                    return .failure(CancellationError())
                }
            }
        }
    }

    /// Write `id`'s request returned.
    private func requestEnded(_ id: UInt64, result: Result<Value?, any Error>) {
        guard let record = records[id] else { return }
        switch result {
        case .success(let answer):
            guard let position = machine.position(of: id, of: record.slot),
                let settlement = machine.succeed(id, of: record.slot)
            else { return }
            forget(id, at: position, of: record.slot)
            var committed: Value?
            if settlement.commits {
                committed =
                    answer
                    ?? store?.committedValue(for: record.key).map { value in
                        var value = value
                        record.change(&value)
                        return value
                    }
            }
            // Committed as a store write: every fetch of the key begun before it is superseded.
            if let committed { store?.write(committed, for: record.key) }
            record.handle.settle(settlement.commits ? .committed(committed) : .outdated)
            act(on: settlement, of: record, layersChanged: committed == nil)
        case .failure(let error) where error is CancellationError:
            _ = cancel(id)
        case .failure(let error):
            guard let position = machine.position(of: id, of: record.slot),
                let settlement = machine.remove(id, of: record.slot)
            else { return }
            forget(id, at: position, of: record.slot)
            record.handle.settle(.failed(error))
            let failure = WriteFailure(writeDescription: record.handle.description, error: error)
            act(on: settlement, of: record, layersChanged: true, failure: failure)
        }
    }

    /// Cancels write `id`: its layer goes at once and its task is cancelled.
    private func cancel(_ id: UInt64) -> Bool {
        guard let record = records[id], let position = machine.position(of: id, of: record.slot),
            let settlement = machine.remove(id, of: record.slot)
        else { return false }
        forget(id, at: position, of: record.slot)
        record.task?.cancel()
        record.handle.settle(.cancelled)
        act(on: settlement, of: record, layersChanged: true)
        return true
    }

    /// Forgets settled write `id` of the key in `slot`: its record and its layer, at `position`
    /// among the key's pending writes before it settled.
    private func forget(_ id: UInt64, at position: Int, of slot: Int) {
        records[id] = nil
        guard let keyLayers = layers[slot] else { return }
        if keyLayers.count == 1 {
            layers[slot] = nil
        } else {
            keyLayers.remove(at: position)
        }
    }

    /// Acts on what settled write `record` leaves to do on its key: starts the serial writes now
    /// first, redraws the key if its layers changed (a commit redrew it already), tells a failure
    /// beside the content, and, after the key's last write, releases the key and revalidates it once.
    ///
    /// Decided before acting: the data sources told may make or cancel writes meanwhile.
    private func act(
        on settlement: WriteStateMachine<Int>.Settlement, of record: Record, layersChanged: Bool,
        failure: WriteFailure? = nil
    ) {
        for id in settlement.starts { start(id) }
        if layersChanged { store?.writeLayersDidChange(record.slot) }
        if let failure { store?.writeDidFail(failure, slot: record.slot) }
        guard settlement.isLast else { return }
        store?.releaseAfterWrites(record.slot)
        if settlement.revalidates { store?.invalidate(record.key) }
    }
}
