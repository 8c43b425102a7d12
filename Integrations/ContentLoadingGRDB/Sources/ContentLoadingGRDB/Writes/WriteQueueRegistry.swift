import GRDB

/// The ``PersistentWriteQueue``s open on each database, for the ``SQLitePersistence`` over the
/// same database to find, as it stores a value, the rows of the writes that value commits (see
/// ``CommittedWriteRows``).
///
/// Neither knows the other otherwise: a queue is made with a store, whose persistence is the
/// store's own. A queue is held weakly, and forgotten with its database's last queue.
@MainActor
enum WriteQueueRegistry {
    /// A queue, held weakly: the registry never keeps one alive.
    struct Entry {
        weak var queue: AnyObject?
    }

    /// The queues of each open database, by the database's identity.
    private static var queuesByDatabase: [ObjectIdentifier: [Entry]] = [:]

    /// Adds `queue`, of `database`.
    static func add(_ queue: AnyObject, of database: any DatabaseWriter) {
        let id = ObjectIdentifier(database)
        var entries = (queuesByDatabase[id] ?? []).filter { $0.queue != nil }
        entries.append(Entry(queue: queue))
        queuesByDatabase[id] = entries
    }

    /// The queues of `database` still alive; forgets the others.
    static func queues(of database: any DatabaseWriter) -> [AnyObject] {
        let id = ObjectIdentifier(database)
        guard let entries = queuesByDatabase[id] else { return [] }
        let queues = entries.compactMap(\.queue)
        if queues.count < entries.count {
            queuesByDatabase[id] = queues.isEmpty ? nil : queues.map { Entry(queue: $0) }
        }
        return queues
    }
}
