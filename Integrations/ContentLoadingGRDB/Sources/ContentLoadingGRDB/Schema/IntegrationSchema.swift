public import GRDB

/// The tables this integration keeps in an app's database, created and changed only through
/// GRDB's `DatabaseMigrator`.
///
/// Its migrations are named `contentLoading.*`, apart from the app's own: an app that runs its
/// own migrator on the same database is unaffected, and each migrator applies only its own.
/// ``SQLitePersistence``, ``RefreshWriter``, ``PersistentWriteQueue`` and ``StoredFeed`` run it
/// when they are made; an app may run it earlier (``migrate(_:)``) to learn at launch whether the
/// file can be used.
public enum IntegrationSchema {
    /// The table of ``SQLitePersistence``'s values.
    static let storeValues = "contentLoadingStoreValue"
    /// The table of each refreshed list's generation (see ``RefreshWriter``).
    static let refreshedLists = "contentLoadingRefreshedList"
    /// The table of the optimistic writes not yet settled (see ``PersistentWriteQueue``).
    static let pendingWrites = "contentLoadingPendingWrite"
    /// The table of each stored feed's rows, in order (see ``StoredFeed``).
    static let feedRows = "contentLoadingFeedRow"
    /// The table of each stored feed's pages, with the network cursor after each (see ``StoredFeed``).
    static let feedPages = "contentLoadingFeedPage"
    /// The table of each record feed's rows, in order: the primary key of each item in the app's
    /// own table (see ``StoredFeed/init(recordsIn:list:now:)``).
    static let feedRecordRows = "contentLoadingFeedRecordRow"
    /// The table of how many times each stored feed's items were written over
    /// (see ``StoredFeed/update(_:)``).
    static let feedUpdateCounts = "contentLoadingFeedUpdateCount"

    /// The integration's migrations, in order.
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("contentLoading.v1.storeValues") { db in
            try db.create(table: storeValues) { table in
                table.column("store", .text).notNull()
                table.column("key", .text).notNull()
                // The app's format version when the value was written: another version's value
                // is discarded, never decoded.
                table.column("format", .integer).notNull()
                // Seconds since 1970, on the wall clock.
                table.column("storedAt", .double).notNull()
                table.column("value", .blob).notNull()
                table.primaryKey(["store", "key"])
            }
        }
        migrator.registerMigration("contentLoading.v1.refreshedLists") { db in
            try db.create(table: refreshedLists) { table in
                table.column("list", .text).notNull().primaryKey()
                // Moves on every refresh written; a page records the generation it extends.
                table.column("generation", .integer).notNull()
                table.column("refreshedAt", .double).notNull()
            }
        }
        migrator.registerMigration("contentLoading.v2.pendingWrites") { db in
            try db.create(table: pendingWrites) { table in
                // AUTOINCREMENT: an identity is never reused, even after the newest row is
                // deleted, so it is the order the writes were made in, and a settled write's
                // delete can only ever remove its own row.
                table.autoIncrementedPrimaryKey("id")
                table.column("store", .text).notNull()
                table.column("key", .text).notNull()
                // The app's format version of the operation: another version's row is discarded,
                // never decoded.
                table.column("format", .integer).notNull()
                table.column("description", .text).notNull()
                table.column("operation", .blob).notNull()
            }
            try db.create(index: "\(pendingWrites)OnStore", on: pendingWrites, columns: ["store", "id"])
        }
        migrator.registerMigration("contentLoading.v3.feeds") { db in
            // The primary key is the order the rows are read in: a screenful is one indexed
            // range read (`position > ? ORDER BY position LIMIT ?`), whatever the table's size.
            try db.create(table: feedRows, options: .withoutRowID) { table in
                table.column("list", .text).notNull()
                table.column("position", .integer).notNull()
                table.column("page", .integer).notNull()
                table.column("item", .blob).notNull()
                table.primaryKey(["list", "position"])
            }
            try db.create(table: feedPages, options: .withoutRowID) { table in
                table.column("list", .text).notNull()
                table.column("page", .integer).notNull()
                // How many rows the page wrote, and the position of its last: a page is whole
                // when the rows agree with them.
                table.column("rowCount", .integer).notNull()
                table.column("lastPosition", .integer).notNull()
                // The network's cursor of the page after this one; NULL on the list's last page.
                table.column("next", .blob)
                table.primaryKey(["list", "page"])
            }
        }
        migrator.registerMigration("contentLoading.v4.observedFeedRows") { db in
            // SQLite's update hook, through which GRDB hears of a change, is silent for a
            // `WITHOUT ROWID` table: the feed's rows move to a table with a rowid, keyed as
            // before, so that an observation hears every writer of the database's pool.
            let rebuilt = "\(feedRows)Rebuilt"
            try db.create(table: rebuilt) { table in
                table.column("list", .text).notNull()
                table.column("position", .integer).notNull()
                table.column("page", .integer).notNull()
                table.column("item", .blob).notNull()
                table.primaryKey(["list", "position"])
            }
            try db.execute(
                sql:
                    "INSERT INTO \(rebuilt) (list, position, page, item) SELECT list, position, page, item FROM \(feedRows)"
            )
            try db.drop(table: feedRows)
            try db.rename(table: rebuilt, to: feedRows)
        }
        migrator.registerMigration("contentLoading.v5.feedRecordRows") { db in
            // A record feed's items live in the app's table: its rows hold their order and each
            // item's primary key, keyed on (list, position), so that a page is one indexed range.
            // A table with a rowid, as the JSON feed's rows: SQLite's update hook, through which
            // GRDB hears of a change, is silent for a `WITHOUT ROWID` table, and a sync that
            // rewrites a list's order with its own SQL must reach the screen.
            try db.create(table: feedRecordRows) { table in
                table.column("list", .text).notNull()
                table.column("position", .integer).notNull()
                // Untyped: the app's primary key, whatever its type. A row's page is the one
                // whose positions hold it (see the pages' `lastPosition`).
                table.column("itemID").notNull()
                table.primaryKey(["list", "position"])
            }
        }
        migrator.registerMigration("contentLoading.v6.feedUpdateCounts") { db in
            // Counts each list's `update(_:)` commits, read in the same access as the rows it
            // observes: a data source tells a read made before its own write from one made after.
            // A table with a rowid, so that GRDB hears each count move.
            try db.create(table: feedUpdateCounts) { table in
                table.column("list", .text).notNull().primaryKey()
                table.column("count", .integer).notNull()
            }
        }
        return migrator
    }

    /// Creates or updates the integration's tables in `database`; throws what the file's
    /// state causes (unreadable, not a database, read-only and not yet migrated).
    ///
    /// A database that cannot be written but already holds the tables (a read-only connection,
    /// a full disk) passes: what is stored can still be read, and each write fails on its own.
    public static func migrate(_ database: any DatabaseWriter) throws {
        let migrator = self.migrator
        do {
            try migrator.migrate(database)
        } catch {
            let isComplete = (try? database.read { db in try migrator.hasCompletedMigrations(db) }) ?? false
            if !isComplete { throw error }
        }
    }
}
