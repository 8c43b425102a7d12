/// When each key of a ``ContentStore`` last changed while a list's request was in flight: what
/// the generation check of a list's items compares with the mark its request took.
///
/// A key changes when it is written (a write's commit is a write), invalidated or removed, when a
/// fetch of it lands, and when an optimistic write on it is performed or settles (committed,
/// failed and rolled back, cancelled). The store notes changes only while a mark is open, and
/// empties the record when the last one closes: a store whose lists are idle keeps nothing here.
struct StoreItemChanges<Key: Hashable & Sendable> {
    /// The number of the last change noted; a mark is the number when it was taken.
    private(set) var lastChange: UInt64 = 0
    /// The number of each key's last change noted.
    private var changedAt: [Key: UInt64] = [:]

    /// `key` changed now.
    mutating func note(_ key: Key) {
        lastChange &+= 1
        changedAt[key] = lastChange
    }

    /// Whether `key` changed after `mark` was taken.
    func changed(_ key: Key, since mark: UInt64) -> Bool {
        (changedAt[key] ?? 0) > mark
    }

    /// Forgets every change: no mark is open to compare them with.
    mutating func removeAll() {
        changedAt = [:]
    }
}
