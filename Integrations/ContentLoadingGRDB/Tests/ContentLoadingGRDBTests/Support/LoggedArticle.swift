import GRDB

/// An article whose persistence callbacks each log their call in the database's `callback`
/// table, in the write's own transaction.
struct LoggedArticle: Codable, Sendable, Identifiable, Equatable, FetchableRecord, PersistableRecord {
    let id: Int
    let title: String

    static let databaseTableName = "loggedArticle"

    /// The app's migrations: the articles' table and the callbacks' log.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("loggedArticles") { db in
            try db.create(table: databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("title", .text).notNull()
            }
            try db.create(table: "callback") { table in
                table.autoIncrementedPrimaryKey("number")
                table.column("call", .text).notNull()
            }
        }
        return migrator
    }

    /// The calls logged, in order, as `save 1`, `insert 1`, `update 2`.
    static func calls(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT call FROM callback ORDER BY number")
    }

    func log(_ call: String, _ db: Database) throws {
        try db.execute(sql: "INSERT INTO callback (call) VALUES (?)", arguments: ["\(call) \(id)"])
    }

    func willSave(_ db: Database) throws { try log("save", db) }
    func willInsert(_ db: Database) throws { try log("insert", db) }
    func willUpdate(_ db: Database, columns: Set<String>) throws { try log("update", db) }
}
