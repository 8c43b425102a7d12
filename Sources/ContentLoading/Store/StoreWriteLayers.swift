/// One key's pending writes in a ``StoreWriteLane``, in the order the user made them (the order
/// of the key's pending writes in ``WriteStateMachine``), with what each prefix of their changes
/// shows over the key's committed value.
///
/// The value after the first `i + 1` changes is kept over the committed value of ``generation``
/// (the store's generation of the key, which moves with each write and landed fetch). So applying
/// the layers applies only the changes not applied yet over this committed value: a new change,
/// once; after a settled change at position *p*, those above it (none for the newest); after a
/// new committed value, every one. For *k* pending changes a read costs O(1) after a new write or
/// the newest one settled, O(*k* − *p*) after the one at *p* settled, and O(*k*) after a new
/// committed value.
///
/// Not isolated, and not `Sendable`: it belongs to its lane's main-actor state; its `deinit` may
/// run wherever the lane is released.
@usableFromInline
final class StoreWriteLayers<Key: Hashable & Sendable, Value: Sendable> {
    /// What the lane keeps of one pending write.
    @usableFromInline
    struct Record {
        /// The write's handle, which keeps its identity, change and request.
        @usableFromInline let write: StoreWrite<Value>
        /// The task of the write's request, once it started.
        @usableFromInline var task: Task<Void, Never>?
        /// Whether its change applies: not once a newer write committed over a change that sets
        /// the value (see ``WriteStateMachine``).
        @usableFromInline var isApplied = true

        @inlinable
        init(write: StoreWrite<Value>) {
            self.write = write
        }
    }

    /// The key whose writes these are.
    @usableFromInline let key: Key
    /// The pending writes, in the order the user made them.
    @usableFromInline var records: [Record] = []
    /// What each prefix of the changes shows over the committed value of ``generation``: the
    /// value after the first `i + 1` changes at `i`.
    @usableFromInline var shown: [Value] = []
    /// The store's generation of the key when ``shown`` was applied.
    @usableFromInline var generation: UInt64 = 0

    @inlinable
    init(key: Key) {
        self.key = key
    }

    deinit {
        // A key's layers go with its last settled write, or with the lane when the store is
        // gone: then nobody can land the writes still here. They settle as cancelled; their
        // handles already answer so (`StoreWrite.isPending`), and their waiters resume on the
        // main actor, where a handle's state lives (this may run on any thread).
        for record in records { record.task?.cancel() }
        if !records.isEmpty {
            let orphans = records.map(\.write)
            Task { @MainActor in
                for write in orphans { write.settle(.cancelled) }
            }
        }
    }

    /// How many writes are pending.
    @inlinable
    var count: Int { records.count }

    /// Where write `id` is among the pending writes, if it is pending: looked for from the newest
    /// down, as in ``WriteStateMachine``.
    @inlinable
    func position(of id: UInt64) -> Int? {
        records.lastIndex { $0.write.id == id }
    }

    /// The handle of the write at `position`.
    @inlinable
    func write(at position: Int) -> StoreWrite<Value> { records[position].write }

    /// Puts `write` on top.
    @inlinable
    func append(_ write: StoreWrite<Value>) {
        records.append(Record(write: write))
    }

    /// The write at `position` started its request in `task`.
    @inlinable
    func setTask(_ task: Task<Void, Never>, at position: Int) {
        records[position].task = task
    }

    /// Removes the write at `position` and returns its record: what the changes below it show
    /// stays, those above it apply again at the next read.
    @inlinable
    func remove(at position: Int) -> Record {
        let record = records.remove(at: position)
        dropShown(from: position)
        return record
    }

    /// `committed`, the key's committed value of `generation`, with every change applied in order.
    @inlinable
    @MainActor
    func apply(to committed: Value, generation: UInt64) -> Value {
        if generation != self.generation {
            self.generation = generation
            dropShown(from: 0)
        }
        return applyRemaining(over: shown.last ?? committed)
    }

    /// The committed value of `generation` with every change applied in order, from what the
    /// changes kept show, without the committed value; `nil` when that is not kept (no change
    /// was applied over the committed value of `generation`).
    @inlinable
    @MainActor
    func applyOverShown(generation: UInt64) -> Value? {
        guard generation == self.generation, let last = shown.last else { return nil }
        return applyRemaining(over: last)
    }

    /// `value`, what the first `shown.count` changes show, with the changes above them applied.
    @inlinable
    @MainActor
    func applyRemaining(over value: Value) -> Value {
        var value = value
        // Each pass reads the counts afresh: a change is app code, and should it use the store
        // (which it must not), this stays within the records there are.
        while shown.count < records.count {
            // A layer a newer write's commit stopped shows what the one below it shows.
            if records[shown.count].isApplied { records[shown.count].write.change?(&value) }
            shown.append(value)
        }
        return value
    }

    /// The writes `ids` no longer apply their changes (a newer write committed over them): what
    /// the changes from the lowest of them up show is applied again at the next read.
    @inlinable
    func stopApplying(_ ids: [UInt64]) {
        var lowest = records.count
        for id in ids {
            guard let position = position(of: id) else { continue }
            records[position].isApplied = false
            lowest = min(lowest, position)
        }
        dropShown(from: lowest)
    }

    /// Forgets what the changes from `position` up show.
    @inlinable
    func dropShown(from position: Int) {
        guard shown.count > position else { return }
        shown.removeSubrange(position...)
    }
}

/// Not `Sendable`: a record belongs to its lane's main-actor state, as its layers do.
@available(*, unavailable)
extension StoreWriteLayers.Record: Sendable {}

/// Not `Sendable`: it belongs to its lane's main-actor state.
@available(*, unavailable)
extension StoreWriteLayers: Sendable {}
