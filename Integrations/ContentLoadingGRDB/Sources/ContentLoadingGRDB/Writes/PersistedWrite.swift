/// One optimistic write as a ``PersistentWriteQueue`` keeps it in the database: what the app's
/// `send` is handed, on the launch that made it and on every later one until it settles.
public struct PersistedWrite<Key: Sendable, Operation: Sendable>: Sendable {
    /// The write's row in the database: it grows with each write made, and is never reused, so
    /// it is the order the writes were made in. The same on every launch; a server may use it
    /// (with the device) to recognise a write it has already applied.
    public let id: Int64
    /// The key the write changes.
    public let key: Key
    /// What the write does, in the app's terms.
    public let operation: Operation
    /// The write's description, as the app gave it ("Star teal").
    public let description: String

    /// Creates a write as it is kept.
    public init(id: Int64, key: Key, operation: Operation, description: String) {
        self.id = id
        self.key = key
        self.operation = operation
        self.description = description
    }
}

extension PersistedWrite: Equatable where Key: Equatable, Operation: Equatable {}
