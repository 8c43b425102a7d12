import GRDB

/// The app's own table in the tests: items with a name, in order.
enum ItemsDatabase {
    /// Opens (or creates) the database at `path` with the items table.
    static func open(_ path: String) throws -> DatabaseQueue {
        let database = try DatabaseQueue(path: path)
        try migrator.migrate(database)
        return database
    }

    /// Opens a pool (concurrent reads, one writer) at `path` with the items table.
    static func openPool(_ path: String) throws -> DatabasePool {
        let database = try DatabasePool(path: path)
        try migrator.migrate(database)
        return database
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("app.v1.items") { db in
            try db.create(table: "item") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull()
            }
        }
        return migrator
    }

    /// Replaces every item with `names`, in order.
    static func replace(_ db: Database, with names: [String]) throws {
        try db.execute(sql: "DELETE FROM item")
        for name in names { try db.execute(sql: "INSERT INTO item (name) VALUES (?)", arguments: [name]) }
    }

    /// Adds `names` after the items there.
    static func append(_ db: Database, _ names: [String]) throws {
        for name in names { try db.execute(sql: "INSERT INTO item (name) VALUES (?)", arguments: [name]) }
    }

    /// The items' names, in order.
    static func names(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM item ORDER BY id")
    }
}
