/// The temporary keys of a ``ContentStore``: the keys of items a list inserted under a temporary
/// id while their create is pending, and the server's key of each one whose create committed.
///
/// It decides nothing on its own: the store records here what waits for a server key and reads
/// where a temporary key now leads, then acts (performs the writes, rebinds the data sources).
@usableFromInline
struct StoreTemporaryKeys<Key: Hashable & Sendable> {
    /// What waits for a pending create's server key: handed it, or the create's error.
    @usableFromInline typealias Waiting = @MainActor (Result<Key, any Error>) -> Void

    /// What waits for each pending create's server key, by temporary key.
    @usableFromInline var pending: [Key: [Waiting]] = [:]
    /// The server's key of each temporary key whose create committed, the latest ``limit`` kept.
    @usableFromInline var serverKeys: [Key: Key] = [:]
    /// The temporary keys of ``serverKeys``, oldest first.
    private var resolvedOrder: [Key] = []
    /// How many server keys are kept; beyond it the oldest is forgotten.
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Whether no key is temporary: no create is pending, and none was given a server key.
    @inlinable var isEmpty: Bool { pending.isEmpty && serverKeys.isEmpty }

    /// Whether `key` is a temporary key whose create is pending.
    func isPending(_ key: Key) -> Bool { pending[key] != nil }

    /// The server's key the temporary `key` was given, if its create committed.
    func serverKey(for key: Key) -> Key? { serverKeys[key] }

    /// A create under the temporary `key` began.
    mutating func begin(_ key: Key) {
        pending[key] = pending[key] ?? []
    }

    /// `work` waits for the pending temporary `key`'s server key.
    mutating func wait(for key: Key, _ work: @escaping Waiting) {
        pending[key, default: []].append(work)
    }

    /// The create under `key` settled, given `server` (`nil`: it failed): returns what waited.
    mutating func settle(_ key: Key, server: Key?) -> [Waiting] {
        let waiting = pending.removeValue(forKey: key) ?? []
        if let server, server != key, limit > 0 {
            if serverKeys.updateValue(server, forKey: key) == nil { resolvedOrder.append(key) }
            if resolvedOrder.count > limit { serverKeys[resolvedOrder.removeFirst()] = nil }
        }
        return waiting
    }
}

/// Not `Sendable`: it belongs to its store's main-actor state, and holds main-actor closures.
@available(*, unavailable)
extension StoreTemporaryKeys: Sendable {}
