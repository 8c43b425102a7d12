public import ContentLoading
import Foundation
public import GRDB

/// A `ContentStore`'s optimistic writes kept in SQLite until they settle: a write made offline,
/// or still pending when the app is killed, is shown again on the next launch and sent once the
/// app is online.
///
/// ```swift
/// let queue = try PersistentWriteQueue<Int, Profile, ProfileEdit>(
///     store: profiles, database: database, name: "profiles", formatVersion: 1
/// ) { edit, profile in
///     edit.apply(to: &profile)                 // the change, on the main actor
/// } send: { write in
///     try await api.send(write.operation, to: write.key, id: write.id)
/// }
/// queue.restore()                              // at launch, before the screens: the stored writes
/// queue.perform("Rename", .rename("Ada"), on: 7)
/// ```
///
/// Each write is an `Operation` the app defines (`Codable`, so it can be stored). ``perform(_:_:on:)``
/// first stores it in the integration's table, in its own transaction, under an identity that
/// grows with each write and is never reused; then it hands it to the store's write lane
/// (`ContentStore.perform`), serially on its key, so its change shows at once, as a layer over
/// the key's value, and its request waits for the key's earlier writes and, while
/// ``connectivity`` says the app is offline, for the network.
///
/// When the write settles, and only then, its own row is deleted, by its identity: once, whether
/// the server acknowledged it (committed, or superseded by a newer write), it failed for good (its
/// change rolled back), or it was cancelled. So an older write's acknowledgement, or an attempt
/// of it, can never remove a newer write, even one on the same key. The queue keeps its store:
/// when both are released before a write settles (the app is ending), the write stays stored.
/// Keep the queue as long as the store, since a write that settles after its queue is gone
/// keeps its row and is sent again on the next launch.
///
/// A write that commits, when the store keeps its values in a ``SQLitePersistence`` over the
/// same database, loses its row in the transaction that stores its commit (the server's answer,
/// or its change over the committed value): a kill leaves the stored value either without the
/// change and with the row, or with the change and without the row, so the next launch never
/// applies the change twice.
///
/// On the next launch, ``restore()`` reads the store's rows in the order they were made and
/// hands each to the write lane again: their layers are on the first frame, over the value the
/// store reads from its persistence (a ``SQLitePersistence``, say), and they are sent in order,
/// key by key, once the app is online. A row stored with another ``formatVersion``, or one that
/// no longer decodes, is deleted unread and counted in ``discardedCount``: it is never decoded
/// into the wrong layout, and never sent.
///
/// A write's change is kept exactly once; a write is sent at least once. The app may be killed
/// after the server answered a write and before its answer was stored; the next launch shows it
/// and sends it again, with the same ``PersistedWrite/id``. Make operations idempotent, or let
/// the server recognise a write it has applied by that identity.
///
/// Reads and writes of the file are synchronous, on the main actor, as the persistence's are. A
/// write the file refuses (read-only, full) still happens, in memory only, with the identity 0,
/// and ``lastFailure`` and ``onFailure`` say so. See <doc:PendingWrites>.
@MainActor
public final class PersistentWriteQueue<
    Key: Hashable & Sendable & Codable, Value: Sendable, Operation: Sendable & Codable
> {
    /// Applies an operation to a key's value, on the main actor: the write's change.
    public typealias Apply = @MainActor (_ operation: Operation, _ value: inout Value) -> Void
    /// Sends a write, off the main actor: returns the server's value for its key, or `nil`. The
    /// write's ``PersistedWrite/id`` is the same on every attempt and launch, for the server to
    /// recognise a write sent again.
    public typealias Send = @Sendable (_ write: PersistedWrite<Key, Operation>) async throws -> Value?

    /// The store whose keys the writes change.
    public let store: ContentStore<Key, Value>
    /// The database the pending writes are kept in.
    public let database: any DatabaseWriter
    /// The queue's name in the database: the writes of queues of other names are apart.
    public let name: String
    /// The layout of the app's operations; a write stored with another version is discarded.
    public let formatVersion: Int
    /// How a failed request is tried again; `nil`: never, and a failure rolls the write back.
    public let retries: RetryPolicy?
    /// The app's word on the network: while it says offline, the writes wait, their changes on
    /// screen.
    public let connectivity: Connectivity?
    /// The newest failure to read or write the file, or `nil`.
    public private(set) var lastFailure: (any Error)?
    /// Called on each failure to read or write the file (the write goes on in memory).
    public var onFailure: (@MainActor (any Error) -> Void)?
    /// How many rows of settled writes this queue deleted: one per settled write (for tests and
    /// logs).
    public private(set) var removedCount = 0
    /// How many stored writes ``restore()`` deleted unread: of another format version, or no
    /// longer decodable.
    public private(set) var discardedCount = 0

    private let apply: Apply
    private let send: Send
    private var isRestored = false
    /// What waits for each stored write to settle, by its row.
    private var watchers: [Int64: Task<Void, Never>] = [:]
    /// The stored writes whose server answered, by row, until they settle: what each commits
    /// (the answer, or the operation applied to the committed value), for the persistence that
    /// stores it to delete their rows in the same transaction.
    private var answers: [Int64: (key: Key, operation: Operation, answer: Value?)] = [:]
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        // A key's text must be the same for equal keys, as the persistence writes it.
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
    private let decoder = JSONDecoder()

    /// Makes the write queue of `store`, kept in `database` under `name`, creating or updating
    /// the integration's tables (``IntegrationSchema``). Call ``restore()`` next.
    ///
    /// - Parameters:
    ///   - store: The store whose keys the writes change.
    ///   - database: The app's database queue or pool.
    ///   - name: The queue's name; one queue per name, and queues of other names are apart.
    ///   - formatVersion: The layout of `Operation`; change it when an older layout would
    ///     decode wrongly, and writes stored with another version are discarded.
    ///   - retries: How a failed request is tried again, on the store's clock; by default never.
    ///   - connectivity: The app's word on the network; by default the store's.
    ///   - apply: The change an operation makes to a key's value, on the main actor. It runs
    ///     again whenever the key's committed value changes while the write is pending, so it
    ///     must only change the value it is given.
    ///   - send: Sends a write, off the main actor; returns the server's value for the key, or
    ///     `nil` to commit the change itself. Throwing (after the retries) rolls the write back.
    ///     A write may be sent again after a kill: its ``PersistedWrite/id`` lets the server
    ///     recognise it.
    /// - Throws: The file's error when it cannot be migrated.
    public init(
        store: ContentStore<Key, Value>, database: any DatabaseWriter, name: String, formatVersion: Int,
        retrying retries: RetryPolicy? = nil, connectivity: Connectivity? = nil, apply: @escaping Apply,
        send: @escaping Send
    ) throws {
        try IntegrationSchema.migrate(database)
        self.store = store
        self.database = database
        self.name = name
        self.formatVersion = formatVersion
        self.retries = retries
        self.connectivity = connectivity ?? store.connectivity
        self.apply = apply
        self.send = send
        WriteQueueRegistry.add(self, of: database)
    }

    deinit {
        // Nobody is left to delete their rows: the writes stay stored for the next launch.
        for watcher in watchers.values { watcher.cancel() }
    }

    /// Hands the writes stored by earlier launches to the store, in the order they were made;
    /// returns them. Call it at launch, before the screens bind to the store, so that their
    /// changes are on the first frame. Only the first call does anything (``perform(_:_:on:)``
    /// makes it if the app has not).
    ///
    /// A stored write of another format version, or that no longer decodes, is deleted unread
    /// and counted in ``discardedCount``. If the file cannot be read, nothing is restored and
    /// ``onFailure`` hears why; the rows stay for a later launch.
    @discardableResult
    public func restore() -> [StoreWrite<Value>] {
        guard !isRestored else { return [] }
        isRestored = true
        let rows: [Row]
        do {
            rows = try database.read { [name] db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT id, key, format, description, operation FROM \(IntegrationSchema.pendingWrites)
                        WHERE store = ? ORDER BY id
                        """,
                    arguments: [name])
            }
        } catch {
            fail(error)
            return []
        }
        var restored: [StoreWrite<Value>] = []
        var unreadable: [Int64] = []
        for row in rows {
            // The throwing accessors: a column holding what the queue never writes (another
            // tool's, a damaged disk's) makes an unreadable row, not a trap in a conversion.
            guard let id = try? row.decode(Int64.self, forColumn: "id") else { continue }
            guard (try? row.decode(Int?.self, forColumn: "format")) == formatVersion,
                let keyText = try? row.decode(String.self, forColumn: "key"),
                let key = try? decoder.decode(Key.self, from: Data(keyText.utf8)),
                let data = try? row.decode(Data.self, forColumn: "operation"),
                let operation = try? decoder.decode(Operation.self, from: data),
                let description = try? row.decode(String.self, forColumn: "description")
            else {
                unreadable.append(id)
                continue
            }
            let write = PersistedWrite(id: id, key: key, operation: operation, description: description)
            restored.append(start(write))
        }
        if !unreadable.isEmpty { discardedCount += delete(unreadable) }
        return restored
    }

    /// Stores a write, then applies it to `key` at once, as a layer over its value, and sends it
    /// once the key's earlier writes have settled and the app is online; returns it.
    ///
    /// ```swift
    /// let write = queue.perform("Rename", .rename("Ada"), on: 7)
    /// ```
    ///
    /// The row is written before the change shows, so a write on screen survives a kill. If
    /// the file refuses it, the write still happens, in memory only (with the identity 0), and
    /// ``onFailure`` hears why.
    ///
    /// - Parameters:
    ///   - description: What the write does, in the user's words ("Rename"): a failure names it.
    ///   - operation: What the write does, in the app's terms: applied with the queue's `apply`
    ///     and sent with its `send`.
    ///   - key: The key the write changes.
    /// - Returns: The write, to cancel (its row is deleted) or to await.
    @discardableResult
    public func perform(_ description: String, _ operation: Operation, on key: Key) -> StoreWrite<Value> {
        restore()
        let id = insert(description, operation, on: key) ?? 0
        return start(PersistedWrite(id: id, key: key, operation: operation, description: description))
    }

    /// How many writes of this queue the file holds: those not yet settled (for tests and logs).
    public func storedCount() throws -> Int {
        try database.read { [name] db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM \(IntegrationSchema.pendingWrites) WHERE store = ?", arguments: [name])
                ?? 0
        }
    }

    /// Hands `write` to the store's write lane, and deletes its row once it settles.
    private func start(_ write: PersistedWrite<Key, Operation>) -> StoreWrite<Value> {
        let apply = self.apply
        let send = self.send
        let operation = write.operation
        // The write waits for the network through its policy: the queue's connectivity, if any.
        var policy = retries ?? .never
        if let connectivity { policy.connectivity = connectivity }
        let handle = store.perform(write.description, on: write.key, ordering: .serial, retrying: policy) { value in
            apply(operation, &value)
        } request: { [weak self] in
            let answer = try await send(write)
            // Known on the main actor before the store commits it: the persistence that stores
            // the commit deletes the row in the same transaction.
            if write.id > 0 { await self?.answered(write, with: answer) }
            return answer
        }
        guard write.id > 0 else { return handle }
        let id = write.id
        // Main-actor isolated, as this method is: it runs after this assignment.
        watchers[id] = Task { [weak self] in
            // `nil`: the queue is gone (its deinit cancelled this); the row stays stored.
            guard await handle.settled() != nil, let self else { return }
            watchers[id] = nil
            answers[id] = nil
            // Nothing, if the commit's transaction deleted the row already (and counted it).
            removedCount += delete([id])
        }
        return handle
    }

    /// The server answered `write` with `answer` (`nil`: the change commits itself).
    private func answered(_ write: PersistedWrite<Key, Operation>, with answer: Value?) {
        // A write that settled meanwhile (cancelled) has no watcher left to forget it.
        guard watchers[write.id] != nil else { return }
        answers[write.id] = (write.key, write.operation, answer)
    }

    /// Stores a write; returns its row, or `nil` (with a failure reported) if the file refused it.
    private func insert(_ description: String, _ operation: Operation, on key: Key) -> Int64? {
        do {
            // Encoded here, not inside the database's transaction: the app's `Codable` code runs
            // while no lock is held.
            let keyText = String(decoding: try encoder.encode(key), as: UTF8.self)
            let data = try encoder.encode(operation)
            return try database.write { [name, formatVersion] db in
                try db.execute(
                    sql: """
                        INSERT INTO \(IntegrationSchema.pendingWrites) (store, key, format, description, operation)
                        VALUES (?, ?, ?, ?, ?)
                        """,
                    arguments: [name, keyText, formatVersion, description, data])
                return db.lastInsertedRowID
            }
        } catch {
            fail(error)
            return nil
        }
    }

    /// Deletes the rows `ids` of this queue; returns how many there were (a row deleted
    /// already counts nothing).
    private func delete(_ ids: [Int64]) -> Int {
        do {
            return try database.write { [name] db in
                var deleted = 0
                for id in ids {
                    try db.execute(
                        sql: "DELETE FROM \(IntegrationSchema.pendingWrites) WHERE id = ? AND store = ?",
                        arguments: [id, name])
                    deleted += db.changesCount
                }
                return deleted
            }
        } catch {
            fail(error)
            return 0
        }
    }

    private func fail(_ error: any Error) {
        lastFailure = error
        onFailure?(error)
    }
}

extension PersistentWriteQueue: CommittedWriteRows {
    /// The rows of the answered writes on `key` whose commit is the value stored now over
    /// `previous`: their answer, or their operation applied to `previous`.
    func rowsCommitted(storing key: Key, over previous: Value?, isStored: (Value) -> Bool) -> [Int64] {
        var ids: [Int64] = []
        // A copy: the app's `apply` may make writes meanwhile.
        for (id, answered) in answers.sorted(by: { $0.key < $1.key }) where answered.key == key {
            var committed = answered.answer
            if committed == nil, var value = previous {
                apply(answered.operation, &value)
                committed = value
            }
            if let committed, isStored(committed) { ids.append(id) }
        }
        return ids
    }

    /// Rows `ids` went with the value that committed their writes: each counts once.
    func rowsDeleted(_ ids: [Int64]) {
        for id in ids { answers[id] = nil }
        removedCount += ids.count
    }
}
