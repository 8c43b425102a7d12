/// Where a ``ContentStore`` keeps its values: memory by default (``MemoryPersistence``), or
/// anything else an app plugs in (a database, files).
///
/// Reads are synchronous, so that a screen whose key holds a value draws it on its first frame.
/// The store decides everything else (freshness, sharing, which result lands, eviction): a
/// persistence only keeps values. It is called on the main actor, never while the store is
/// in the middle of a change.
@MainActor
public protocol ContentStorePersistence<Key, Value>: AnyObject {
    /// The key values are kept by.
    associatedtype Key: Hashable & Sendable
    /// The value kept for each key.
    associatedtype Value: Sendable

    /// The value kept for `key`, or `nil`.
    func read(_ key: Key) -> Value?
    /// The value kept for `key` with how long ago it was stored (`nil` when unknown), or `nil`.
    ///
    /// The store asks once, when it first meets a key it did not store this run (a value kept
    /// by an earlier launch, say), to judge the value's staleness. A persistence that keeps
    /// values across launches answers it, measuring the age on its own clock (the wall
    /// clock, usually); the default answers ``read(_:)``'s value with an unknown age, which is
    /// stale unless the key never goes stale.
    func readWithAge(_ key: Key) -> (value: Value, age: Duration?)?
    /// Keeps `value` for `key`, replacing what was kept.
    func write(_ value: Value, for key: Key)
    /// Forgets `key`: the store evicted it or the app removed it.
    func remove(_ key: Key)
}

extension ContentStorePersistence {
    /// ``read(_:)``'s value, of unknown age.
    public func readWithAge(_ key: Key) -> (value: Value, age: Duration?)? {
        read(key).map { ($0, nil) }
    }
}
