/// The default ``ContentStorePersistence``: a dictionary in memory.
@MainActor
public final class MemoryPersistence<Key: Hashable & Sendable, Value: Sendable>: ContentStorePersistence {
    private var values: [Key: Value] = [:]

    /// Creates an empty memory persistence.
    public init() {}

    /// The value kept for `key`, or `nil`.
    public func read(_ key: Key) -> Value? { values[key] }

    /// Keeps `value` for `key`.
    public func write(_ value: Value, for key: Key) { values[key] = value }

    /// Forgets `key`.
    public func remove(_ key: Key) { values[key] = nil }

    /// How many keys hold a value.
    public var count: Int { values.count }
}
