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
/// The lane's code is generic over `Value` and runs unspecialized in the app's module, where
/// every compound type over `Value` it touches (`[Value]`, `Value?`, an array of closures) costs
/// a generic metadata lookup. So a write's record (``StoreWriteRecord``) is not generic, its
/// change and request stay with its handle, and the values shown are kept in a buffer of `Value`
/// managed here, whose code needs only `Value`'s own metadata.
///
/// Not isolated, and not `Sendable`: it belongs to its lane's main-actor state, and its `deinit`
/// frees what it holds.
final class StoreWriteLayers<Key: Hashable & Sendable, Value: Sendable> {
    // Writes.ContentLoading.Settle.Ratio ≤ 150% (docs/Benchmarks.md, "The store written
    // plainly"). Unchecked for exclusivity at run time: used only on the main
    // actor, by its lane, and no access spans a call to app code (a change is applied to a local
    // copy, then stored).

    /// The key whose writes these are.
    let key: Key
    /// The pending writes, in the order the user made them.
    @exclusivity(unchecked) private(set) var records: [StoreWriteRecord] = []
    /// What each prefix of the changes shows over the committed value of ``generation``: the
    /// first ``shownCount`` elements are initialized, in room for ``capacity``.
    @exclusivity(unchecked) private var shown: UnsafeMutablePointer<Value>
    @exclusivity(unchecked) private var shownCount = 0
    @exclusivity(unchecked) private var capacity = 0
    /// The store's generation of the key when ``shown`` was applied.
    @exclusivity(unchecked) private var generation: UInt64 = 0

    init(key: Key) {
        self.key = key
        shown = UnsafeMutablePointer<Value>.allocate(capacity: 0)
    }

    deinit {
        // A key's layers go with its last settled write, or with the lane when the store is
        // gone: then nobody can land the writes still here. They settle as cancelled; their
        // handles already answer so (`StoreWrite.isPending`), and their waiters resume on the
        // main actor, where a handle's state lives (this may run on any thread).
        for record in records { record.task?.cancel() }
        if !records.isEmpty {
            let orphans = records.indices.map(write(at:))
            Task { @MainActor in
                for write in orphans { write.settle(.cancelled) }
            }
        }
        shown.deinitialize(count: shownCount)
        shown.deallocate()
    }

    /// How many writes are pending.
    var count: Int { records.count }

    /// Where write `id` is among the pending writes, if it is pending.
    func position(of id: UInt64) -> Int? {
        records.firstIndex { $0.id == id }
    }

    /// The handle of the write at `position`.
    func write(at position: Int) -> StoreWrite<Value> {
        // Its record holds it as `AnyObject`, being of a type not generic over `Value`.
        unsafeDowncast(records[position].write, to: StoreWrite<Value>.self)
    }

    /// Puts `record`'s write on top.
    func append(_ record: StoreWriteRecord) {
        records.append(record)
    }

    /// The write at `position` started its request in `task`.
    func setTask(_ task: Task<Void, Never>, at position: Int) {
        records[position].task = task
    }

    /// Removes the write at `position` and returns its record: what the changes below it show
    /// stays, those above it apply again at the next read.
    func remove(at position: Int) -> StoreWriteRecord {
        let record = records.remove(at: position)
        dropShown(from: position)
        return record
    }

    /// `committed`, the key's committed value of `generation`, with every change applied in order.
    @MainActor
    func apply(to committed: Value, generation: UInt64) -> Value {
        if generation != self.generation {
            self.generation = generation
            dropShown(from: 0)
        }
        return applyRemaining(over: shownCount == 0 ? committed : shown[shownCount - 1])
    }

    /// Whether ``applyOverShown()`` can tell what the changes show over the committed value of
    /// `generation` without it: what at least the first change shows over it is kept.
    func holdsShown(generation: UInt64) -> Bool {
        generation == self.generation && shownCount > 0
    }

    /// The committed value of ``generation`` with every change applied in order, from what the
    /// changes kept show (``holdsShown(generation:)``): ``apply(to:generation:)`` would not use
    /// the committed value either.
    @MainActor
    func applyOverShown() -> Value {
        applyRemaining(over: shown[shownCount - 1])
    }

    /// `value`, what the first ``shownCount`` changes show, with the changes above them applied.
    @MainActor
    private func applyRemaining(over value: Value) -> Value {
        var value = value
        // Each pass reads the counts afresh: a change is app code, and should it use the store
        // (which it must not), this stays within what is initialized.
        while shownCount < records.count {
            // A layer a newer write's commit stopped shows what the one below it shows.
            if records[shownCount].isApplied { write(at: shownCount).change?(&value) }
            if shownCount == capacity { grow() }
            (shown + shownCount).initialize(to: value)
            shownCount += 1
        }
        return value
    }

    /// The writes `ids` no longer apply their changes (a newer write committed over them): what
    /// the changes from the lowest of them up show is applied again at the next read.
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
    private func dropShown(from position: Int) {
        guard shownCount > position else { return }
        let dropped = shownCount - position
        shownCount = position
        (shown + position).deinitialize(count: dropped)
    }

    /// Doubles the room for ``shown``.
    private func grow() {
        let capacity = max(2, self.capacity * 2)
        let buffer = UnsafeMutablePointer<Value>.allocate(capacity: capacity)
        buffer.moveInitialize(from: shown, count: shownCount)
        shown.deallocate()
        shown = buffer
        self.capacity = capacity
    }
}

/// What a ``StoreWriteLane`` keeps of one pending write, with its key's ``StoreWriteLayers``:
/// of a type not generic over `Value`, so that the code of the arrays holding it is specialized
/// in the library.
struct StoreWriteRecord {
    /// The write's identity (see ``WriteStateMachine``).
    let id: UInt64
    /// The write's handle, a `StoreWrite<Value>`, which keeps what its request needs.
    let write: AnyObject
    /// The task of the write's request, once it started.
    var task: Task<Void, Never>?
    /// Whether its change applies: not once a newer write committed over a change that sets
    /// the value (see ``WriteStateMachine``).
    var isApplied = true
}
