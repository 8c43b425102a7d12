import GRDB

/// An article of the demo's feed, as the simulated server sends it: a GRDB record of the demo's
/// own table, `article`, which the feed keeps its items in.
struct Article: Codable, Sendable, Identifiable, Equatable, FetchableRecord, PersistableRecord {
    /// The article's number, from 1.
    let id: Int
    /// Its title.
    let title: String
}

extension Article {
    /// The demo's own migration: the table of articles, which the feed's pages are written to.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("grdbDemo.articles") { db in
            try db.create(table: databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("title", .text).notNull()
            }
        }
        return migrator
    }
}
