import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// The integration's tables come from its migrator, beside an app's own migrations.
@Suite("Integration schema", .timeLimit(.minutes(1)), .hangLimit)
struct IntegrationSchemaTests {
    @Test func migratingCreatesTheTablesOnceBesideTheAppsOwnMigrations() throws {
        let database = try DatabaseQueue()
        var appMigrator = DatabaseMigrator()
        appMigrator.registerMigration("app.v1") { db in
            try db.create(table: "item") { $0.column("id", .integer).primaryKey() }
        }
        try appMigrator.migrate(database)
        try IntegrationSchema.migrate(database)
        try IntegrationSchema.migrate(database)
        try appMigrator.migrate(database)
        let tables = try database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables.contains("item"))
        #expect(tables.contains("contentLoadingStoreValue"))
        #expect(tables.contains("contentLoadingRefreshedList"))
        #expect(tables.contains("contentLoadingPendingWrite"))
        #expect(tables.contains("contentLoadingFeedRow"))
        #expect(tables.contains("contentLoadingFeedPage"))
    }

    /// A file whose feed rows were kept in a `WITHOUT ROWID` table keeps every row when the
    /// migration moves them to a table an observation hears the changes of.
    @Test func feedRowsKeptWithoutARowidAreMovedWhole() throws {
        let database = try DatabaseQueue()
        try IntegrationSchema.migrator.migrate(database, upTo: "contentLoading.v3.feeds")
        try database.write { db in
            for position in 1...3 {
                try db.execute(
                    sql: "INSERT INTO contentLoadingFeedRow (list, position, page, item) VALUES ('a', ?, 0, ?)",
                    arguments: [position, Data("item \(position)".utf8)])
            }
        }
        try IntegrationSchema.migrate(database)
        let (rows, schema) = try database.read { db in
            (
                try String.fetchAll(db, sql: "SELECT CAST(item AS TEXT) FROM contentLoadingFeedRow ORDER BY position"),
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'contentLoadingFeedRow'") ?? ""
            )
        }
        #expect(rows == ["item 1", "item 2", "item 3"])
        #expect(!schema.uppercased().contains("WITHOUT ROWID"), "\(schema)")
        // The order is still the key: a second row at a position is refused.
        #expect(throws: DatabaseError.self) {
            try database.write { db in
                try db.execute(
                    sql: "INSERT INTO contentLoadingFeedRow (list, position, page, item) VALUES ('a', 1, 0, x'00')")
            }
        }
    }
}
