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
    /// fetch in flight is superseded; another list that shows several of the items draws them as
    /// one difference, once the last is stored (``deferUntilLanded(_:)``). Keys are evicted once,
    /// after the last.
    func land(_ values: some Sequence<(key: Key, value: Value)>, since mark: UInt64) {
        let outermost = afterLanding == nil
        if outermost { afterLanding = [] }
        holdingSweeps {
            for (key, value) in values where !itemChanges.changed(key, since: mark) {
                write(value, for: key)
            }
        }
        guard outermost else { return }
        // Those deferred by what runs here run too, each once.
        while let deferred = afterLanding, !deferred.isEmpty {
            afterLanding = []
            for body in deferred { body() }
        }
        afterLanding = nil
    }

    /// Whether a list is landing its items: `body` is then run once it is done, and this returns
    /// `true`; otherwise `false`, and `body` is not run.
    func deferUntilLanded(_ body: @escaping @MainActor () -> Void) -> Bool {
        guard afterLanding != nil else { return false }
        afterLanding!.append(body)
        return true
    }

    /// Whether a list is landing its items.
    var isLandingItems: Bool { afterLanding != nil }

    /// Runs `body` with eviction held until it ends, then evicts once what is due.
    func holdingSweeps(_ body: () -> Void) {
        let held = sweepsHeld
        sweepsHeld = true
        body()
        sweepsHeld = held
        if !held { evictExpiredKeys() }
    }
}
