import ContentLoadingGRDB
import ContentLoadingTestSupport
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
}
