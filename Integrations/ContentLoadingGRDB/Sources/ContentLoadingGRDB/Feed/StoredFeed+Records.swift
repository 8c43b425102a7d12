public import Foundation
public import GRDB

extension StoredFeed where Item: FetchableRecord & PersistableRecord & Identifiable, Item.ID: DatabaseValueConvertible {
    /// Makes the feed `list` in `database`, its items kept in the app's own table
    /// (`Item.databaseTableName`) as GRDB records, and creates or updates the integration's tables.
    ///
    /// ```swift
    /// var migrator = DatabaseMigrator()
    /// migrator.registerMigration("articles") { db in
    ///     try db.create(table: "article") { table in
    ///         table.primaryKey("id", .integer)
    ///         table.column("title", .text).notNull()
    ///     }
    /// }
    /// try migrator.migrate(database)
    /// let feed = try StoredFeed<Article, String>(recordsIn: database, list: "articles")
    /// ```
    ///
    /// The app creates the table in its own migration, before the feed is made; its primary key
    /// is the items' `id`. The feed keeps the list's order, each item's primary key and the
    /// network's cursors in its own tables; a page is read with one query joining them to the
    /// app's table, and a network page's items are written to it in the page's transaction.
    /// A page's items are written with one upsert statement, each record encoded by its
    /// `encode(to:)`: inserted, or written over the row the table holds. The record's persistence
    /// callbacks (`willSave`, `didInsert`, ...) do not run for them; ``update(_:)`` of an item (a
    /// star) goes through the record's `update`, callbacks included.
    /// A refresh replaces the list's order, not the app's rows: an item that left the list
    /// stays in the table, and a row the app deletes leaves the list.
    ///
    /// - Parameters:
    ///   - database: The app's database queue or pool, holding the items' table.
    ///   - list: The list's name; make one feed per list, shared by every screen of it.
    ///   - now: The wall clock a refresh is dated by.
    /// - Throws: The file's error when it cannot be migrated, or a `DatabaseError` when the
    ///   items' table does not exist or its primary key is not one column.
    @inlinable  // specialized for the app's record: GRDBBenchmarks' page write (bar 1.2x GRDB's inserts)
    public convenience init(
        recordsIn database: any DatabaseWriter, list: String, now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        // The app's table is checked first: a file without it gets none of the integration's tables.
        let table = Item.databaseTableName
        let primaryKey = try database.read { db in try db.primaryKey(table) }
        guard primaryKey.columns.count == 1 else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE, message: "the primary key of table \(table) is not one column")
        }
        let writer = try RefreshWriter(database: database, list: list, now: now)
        let records = FeedRecordTable<Item>(
            table: table, primaryKey: primaryKey.columns[0],
            decode: { row in try Item(row: row) },
            encode: { item in try item.databaseDictionary },
            update: { item, db in
                do {
                    try item.update(db)
                    return true
                } catch let error as RecordError {
                    guard case .recordNotFound = error else { throw error }
                    return false
                }
            },
            key: { item in item.id.databaseValue })
        self.init(writer: writer, records: records)
    }

    /// Opens the record feed `list` in the database file at `path`, after `migrator` (the app's
    /// own, creating the items' table); when the file cannot be opened or migrated, tells
    /// `onFailure` why and keeps the feed, and the app's tables, in a database in memory, for
    /// this launch only.
    ///
    /// What the file holds is left as it was: a file that is not a database is not written, and
    /// one the migrator fails on, or that lacks the items' table, gets none of the integration's
    /// tables. (Opening a database file commits GRDB's empty transaction: its header's counters
    /// may change, and a free page be added, not its tables or rows.) A file that cannot be
    /// written but already holds every migration (read-only, a full disk) is used: what it stores
    /// is read, and each write fails on its own. A file another connection holds locked is
    /// waited for, up to a second.
    ///
    /// - Throws: Only when the database in memory cannot be made either: `migrator` fails on an
    ///   empty database, or does not create the items' table. That is the app's migrator's own
    ///   error, whatever the file holds; `onFailure` has heard of the file's first.
    public static func open(
        recordsAtPath path: String, list: String, migrator: DatabaseMigrator,
        now: @escaping @Sendable () -> Date = Date.init, onFailure: (any Error) -> Void
    ) throws -> StoredFeed {
        var configuration = Configuration()
        configuration.busyMode = .timeout(1)
        do {
            let database = try DatabasePool(path: path, configuration: configuration)
            do {
                try migrator.migrate(database)
            } catch {
                let isComplete = (try? database.read { db in try migrator.hasCompletedMigrations(db) }) ?? false
                if !isComplete { throw error }
            }
            return try StoredFeed(recordsIn: database, list: list, now: now)
        } catch {
            onFailure(error)
            let memory = try DatabaseQueue()
            try migrator.migrate(memory)
            return try StoredFeed(recordsIn: memory, list: list, now: now)
        }
    }
}
