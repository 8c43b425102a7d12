/// One key's pending changes in a ``StoreWriteLane``, in the order the user made them, with what
/// each prefix of them shows over the key's committed value.
///
/// `shown[i]` is the committed value of ``generation`` (the store's generation of the key, which
/// moves with each write and landed fetch) with the first `i + 1` changes applied. So applying
/// the layers applies only the changes not applied yet over this committed value: a new change,
/// once; after a settled change at position *p*, those above it (none for the newest); after a
/// new committed value, every one. For *k* pending changes a read costs O(1) after a new write or
/// the newest one settled, O(*k* − *p*) after the one at *p* settled, and O(*k*) after a new
/// committed value.
///
/// A class, changed in place in the lane's table: the lane's code is generic over `Value`, and
/// every copy and write-back of a generic value there costs metadata lookups.
@MainActor
final class StoreWriteLayers<Value: Sendable> {
    /// A pending write's change.
    typealias Change = @MainActor (inout Value) -> Void

    /// The changes, in the order the user made them.
    private var changes: [Change] = []
    /// What each prefix of ``changes`` shows over the committed value of ``generation``.
    private var shown: [Value] = []
    /// The store's generation of the key when ``shown`` was applied.
    private var generation: UInt64 = 0

    /// How many changes are pending.
    var count: Int { changes.count }

    /// Puts `change` on top.
    func append(_ change: @escaping Change) {
        changes.append(change)
    }

    /// Removes the change at `position`: what the changes below it show stays, those above it
    /// apply again at the next read.
    func remove(at position: Int) {
        changes.remove(at: position)
        while shown.count > position { shown.removeLast() }
    }

    /// `committed`, the key's committed value of `generation`, with every change applied in order.
    func apply(to committed: Value, generation: UInt64) -> Value {
        if generation != self.generation {
            self.generation = generation
            shown.removeAll(keepingCapacity: true)
        }
        var value = shown.last ?? committed
        while shown.count < changes.count {
            changes[shown.count](&value)
            shown.append(value)
        }
        return value
    }
}
