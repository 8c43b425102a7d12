public import ContentLoading
public import Foundation
public import GRDB

/// A `ContentStorePersistence` that keeps a store's values in SQLite, so that
/// they survive a relaunch.
///
/// ```swift
/// let database = try DatabasePool(path: path)
/// let persistence = try SQLitePersistence<User.ID, Profile>(
///     database: database, name: "profiles", formatVersion: 1, maximumAge: .seconds(86_400))
/// let profiles = ContentStore(staleAfter: .after(.seconds(60)), persistence: persistence) { id in
///     try await api.profile(id)
/// }
/// ```
///
/// Keys and values are `Codable` and stored as JSON, by store ``name`` (several stores may share
/// one database). Each value carries the ``formatVersion`` it was written with: a value of an
/// older version (an older build's, whose layout may differ) is discarded unread, as is one
/// that no longer decodes, or that is older than ``maximumAge``. A value of a newer version (a
/// newer build's, after a downgrade) is missing but stays stored, for the newer build. Each value's stored date gives
/// the store its age (``readWithAge(_:)``), so on the next launch a screen draws a stored value
/// on its first frame and revalidates it when it is stale, as within one launch.
///
/// Reads and writes are synchronous, on the main actor (the store's reads must be, to draw a
/// first frame); values read or written this run are kept decoded in memory, so a key is read
/// from the file at most once.
///
/// A write the file refuses (read-only, full, corrupt) keeps the value in memory, so the
/// screen shows it: the store goes on working for this run, and ``lastFailure`` and
/// ``onFailure`` tell the app, which may say that changes are not being saved. Rows already
/// stored are never removed because of a failure. A read that fails is a missing value, as is a
/// damaged row (``StoredValueError``): never a crash.
@MainActor
public final class SQLitePersistence<Key: Hashable & Sendable & Codable, Value: Sendable & Codable>:
    ContentStorePersistence
{
    /// The database the values are kept in.
    public let database: any DatabaseWriter
    /// The store's name in the database: the values of stores of other names are apart.
    public let name: String
    /// The layout of the app's values; a value written with an older version is discarded, one
    /// written with a newer version is kept unread.
    public let formatVersion: Int
    /// How old a stored value may be when read; older ones are discarded. `nil`: any age.
    public let maximumAge: Duration?
    /// The newest failure to read or write the file, or `nil`.
    public private(set) var lastFailure: (any Error)?
    /// Called on each failure to read or write the file (the value stays in memory).
    public var onFailure: (@MainActor (any Error) -> Void)?

    private let now: @Sendable () -> Date
    /// The values read or written this run, decoded, with when they were stored.
    private var kept: [Key: (value: Value, storedAt: Date)] = [:]
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        // A key's text must be the same for equal keys, whatever order a dictionary lists them.
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
    private let decoder = JSONDecoder()

    /// Opens the persistence of store `name` in `database`, creating or updating the
    /// integration's tables (``IntegrationSchema``).
    ///
    /// - Parameters:
    ///   - database: The app's database queue or pool.
    ///   - name: The store's name; stores of other names in the same database are apart.
    ///   - formatVersion: The layout of `Value`; change it when an older layout would decode
    ///     wrongly, and values written with an older version are discarded (a newer version's
    ///     are kept, unread, for the build that wrote them).
    ///   - maximumAge: How old a stored value may be when read; by default any age.
    ///   - now: The wall clock values are dated by.
    /// - Throws: The file's error when it cannot be opened or migrated (not a database,
    ///   read-only without the integration's newest tables, as a file an older version wrote
    ///   and that can no longer be written). The app may then keep values in memory
    ///   (`MemoryPersistence`) and tell the user they will not be kept.
    public init(
        database: any DatabaseWriter, name: String, formatVersion: Int, maximumAge: Duration? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        try IntegrationSchema.migrate(database)
        self.database = database
        self.name = name
        self.formatVersion = formatVersion
        self.maximumAge = maximumAge
        self.now = now
    }

    /// The value kept for `key`, or `nil`.
    public func read(_ key: Key) -> Value? {
        readWithAge(key)?.value
    }

    /// The value kept for `key` with how long ago it was stored, or `nil`; discards a stored
    /// value of an older format version, one that no longer decodes, and one older than
    /// ``maximumAge``.
    ///
    /// A value of a newer format version (a newer build's, after a downgrade) is missing but
    /// stays stored, for the newer build to find again. A damaged row (a date or format that is
    /// not a number, a date out of any clock's range) is missing and stays stored, and
    /// ``onFailure`` hears a ``StoredValueError``; so does a wall clock that answers no usable
    /// time, which leaves a value's age unknown (stale, to the store).
    public func readWithAge(_ key: Key) -> (value: Value, age: Duration?)? {
        if let kept = kept[key] { return (kept.value, age(since: kept.storedAt)) }
        guard let keyText = encode(key) else { return nil }
        let row: Row?
        do {
            row = try database.read { db in
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT format, storedAt, value FROM \(IntegrationSchema.storeValues)
                        WHERE store = ? AND key = ?
                        """,
                    arguments: [name, keyText])
            }
        } catch {
            fail(error)
            return nil
        }
        guard let row else { return nil }
        // Read through `DatabaseValue`, which any stored value is: a column holding what the
        // integration never writes is a damaged row, not a trap in a conversion.
        guard let format = Self.integer(row, "format") else { return damaged(keyText, column: "format") }
        // A newer build's value: kept for it, never decoded into this build's layout.
        if format > formatVersion { return nil }
        guard let stored = Self.number(row, "storedAt") else { return damaged(keyText, column: "storedAt") }
        let storedAt = Date(timeIntervalSince1970: stored)
        let age = age(since: storedAt)
        if age == nil {
            guard now().timeIntervalSince1970.isFinite else {
                fail(StoredValueError.unusableClock)
                // An age that cannot be told cannot be judged against the maximum: missing.
                if maximumAge != nil { return nil }
                return decoded(row, keyText: keyText, key: key, format: format, storedAt: storedAt, age: nil)
            }
            // A clock that tells the time, and a date no clock gives.
            return damaged(keyText, column: "storedAt")
        }
        if let maximumAge, let age, age >= maximumAge {
            discard(keyText)
            return nil
        }
        return decoded(row, keyText: keyText, key: key, format: format, storedAt: storedAt, age: age)
    }

    /// The value of `row`, stored for `key` (of text `keyText`) with `format` at `storedAt`,
    /// `age` ago, kept in memory; `nil` if it is of an older format or no longer decodes (the
    /// row is discarded), or is not data (the row is damaged).
    private func decoded(
        _ row: Row, keyText: String, key: Key, format: Int64, storedAt: Date, age: Duration?
    ) -> (value: Value, age: Duration?)? {
        guard format == formatVersion else {
            discard(keyText)
            return nil
        }
        let data: Data
        switch (try? row.decode(DatabaseValue.self, forColumn: "value"))?.storage {
        case .blob(let blob): data = blob
        case .string(let text): data = Data(text.utf8)
        default: return damaged(keyText, column: "value")
        }
        guard let value = try? decoder.decode(Value.self, from: data) else {
            discard(keyText)
            return nil
        }
        kept[key] = (value, storedAt)
        return (value, age)
    }

    /// Reports the row of `keyText` as damaged in `column`; it is missing, and stays stored.
    private func damaged(_ keyText: String, column: String) -> (value: Value, age: Duration?)? {
        fail(StoredValueError.damagedRow(store: name, key: keyText, column: column))
        return nil
    }

    /// The integer in `row`'s `column`, or `nil` if it holds anything else.
    private static func integer(_ row: Row, _ column: String) -> Int64? {
        guard case .int64(let value) = (try? row.decode(DatabaseValue.self, forColumn: column))?.storage else {
            return nil
        }
        return value
    }

    /// The finite number in `row`'s `column`, or `nil` if it holds anything else.
    private static func number(_ row: Row, _ column: String) -> Double? {
        switch (try? row.decode(DatabaseValue.self, forColumn: column))?.storage {
        case .int64(let value): Double(value)
        case .double(let value) where value.isFinite: value
        default: nil
        }
    }

    /// Keeps `value` for `key`: in the file, and in memory whether or not the file took it.
    ///
    /// When `value` is the commit of optimistic writes a ``PersistentWriteQueue`` over the same
    /// database keeps (their server answered, and `value` is what they commit), their rows are
    /// deleted in the transaction that stores it: a kill leaves either the value without their
    /// changes and their rows, or the value with their changes and no rows, never a change
    /// stored twice.
    public func write(_ value: Value, for key: Key) {
        let previous = kept[key]?.value
        let storedAt = now()
        kept[key] = (value, storedAt)
        guard let keyText = encode(key) else { return }
        do {
            let data = try encoder.encode(value)
            // Asked before the transaction: a queue's `apply` is the app's code, which runs
            // while no lock is held.
            let committed = committedWrites(storing: data, for: key, over: previous)
            try database.write { db in
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO \(IntegrationSchema.storeValues) (store, key, format, storedAt, value)
                        VALUES (?, ?, ?, ?, ?)
                        """,
                    arguments: [name, keyText, formatVersion, storedAt.timeIntervalSince1970, data])
                for (queue, ids) in committed {
                    for id in ids {
                        try db.execute(
                            sql: "DELETE FROM \(IntegrationSchema.pendingWrites) WHERE id = ? AND store = ?",
                            arguments: [id, queue.name])
                    }
                }
            }
            for (queue, ids) in committed { queue.rowsDeleted(ids) }
        } catch {
            fail(error)
        }
    }

    /// The rows, by queue, of the pending writes on `key` that storing `data` over `previous`
    /// commits, of the write queues over this database.
    private func committedWrites(
        storing data: Data, for key: Key, over previous: Value?
    ) -> [(queue: any CommittedWriteRows<Key, Value>, ids: [Int64])] {
        var committed: [(queue: any CommittedWriteRows<Key, Value>, ids: [Int64])] = []
        for case let queue as any CommittedWriteRows<Key, Value> in WriteQueueRegistry.queues(of: database) {
            let ids = queue.rowsCommitted(storing: key, over: previous) { [encoder] in
                (try? encoder.encode($0)) == data
            }
            if !ids.isEmpty { committed.append((queue, ids)) }
        }
        return committed
    }

    /// Forgets `key`, in memory and in the file.
    public func remove(_ key: Key) {
        kept[key] = nil
        guard let keyText = encode(key) else { return }
        discard(keyText)
    }

    /// Deletes the stored value of the key whose text is `keyText`.
    private func discard(_ keyText: String) {
        do {
            try database.write { db in
                try db.execute(
                    sql: "DELETE FROM \(IntegrationSchema.storeValues) WHERE store = ? AND key = ?",
                    arguments: [name, keyText])
            }
        } catch {
            fail(error)
        }
    }

    /// The text a key is stored by, or `nil` (with a failure reported) if it cannot be encoded.
    private func encode(_ key: Key) -> String? {
        do {
            return String(decoding: try encoder.encode(key), as: UTF8.self)
        } catch {
            fail(error)
            return nil
        }
    }

    /// How long ago `date` was, on the wall clock; `nil` when that is no number of milliseconds
    /// (a clock or a date that is not finite, or out of range).
    private func age(since date: Date) -> Duration? {
        Int64(exactly: (now().timeIntervalSince(date) * 1000).rounded()).map { .milliseconds($0) }
    }

    private func fail(_ error: any Error) {
        lastFailure = error
        onFailure?(error)
    }
}
