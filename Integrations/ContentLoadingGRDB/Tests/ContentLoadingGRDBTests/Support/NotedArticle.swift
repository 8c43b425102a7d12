import GRDB

/// An article whose record encodes its `note` only when it has one: in a page of them, some
/// items are written with the note's column and some without.
struct NotedArticle: Codable, Sendable, Identifiable, Equatable, FetchableRecord, PersistableRecord {
    let id: Int
    let title: String
    var note: String? = nil

    static let databaseTableName = "notedArticle"

    /// The app's migration: the articles' table.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("notedArticles") { db in
            try db.create(table: databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("title", .text).notNull()
                table.column("note", .text)
            }
        }
        return migrator
    }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["title"] = title
        if let note { container["note"] = note }
    }
}
