/// Lists of shared items: a list's response lands its items through the generation check a
/// fetch goes through. See ``ListDataSource``.
extension ContentStore {
    /// Opens a mark for a list's request as it begins; close it with ``closeItemsMark()`` once
    /// the request's response landed or was dropped.
    func openItemsMark() -> UInt64 {
        openItemMarks += 1
        return itemChanges.lastChange
    }

    /// Closes a mark ``openItemsMark()`` opened; with the last, the changes noted are forgotten.
    func closeItemsMark() {
        openItemMarks -= 1
        if openItemMarks == 0 { itemChanges.removeAll() }
    }

    /// Stores each value under its key, unless the key changed since `mark` (written, committed,
    /// removed, invalidated, fetched, or an optimistic write performed or settled on it): then its
    /// newer value stays. A pending optimistic write's change stays on top of a value stored.
    ///
    /// Each stored value is a ``write(_:for:)``: the data sources bound to its key draw it, and its
    /// fetch in flight is superseded. Keys are evicted once, after the last.
    func land(_ values: some Sequence<(key: Key, value: Value)>, since mark: UInt64) {
        holdingSweeps {
            for (key, value) in values where !itemChanges.changed(key, since: mark) {
                write(value, for: key)
            }
        }
    }

    /// Runs `body` with eviction held until it ends, then evicts once what is due.
    func holdingSweeps(_ body: () -> Void) {
        let held = sweepsHeld
        sweepsHeld = true
        body()
        sweepsHeld = held
        if !held { evictExpiredKeys() }
    }
}
