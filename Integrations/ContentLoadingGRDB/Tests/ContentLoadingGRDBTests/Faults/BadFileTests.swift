import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// An unwritable or corrupt database file has a documented outcome, never a crash, a hang or
/// the loss of rows already stored:
///
/// - a file that is not a database cannot be opened: making the persistence throws, and the
///   file is left as it was (the app keeps values in memory and says so);
/// - a file that cannot be written: stored values are still read; a write keeps the value in
///   memory and reports the failure (``SQLitePersistence/onFailure``); a refresh fails, shown
///   beside the stored rows;
/// - a query that cannot be read: the error screen.
@MainActor
@Suite("Bad files", .timeLimit(.minutes(1)), .hangLimit)
struct BadFileTests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("app.sqlite")
    }

    func readOnly() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAsItWas() throws {
        var random = SeededGenerator(seed: 26)
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &random) })
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(throws: DatabaseError.self) {
            _ = try SQLitePersistence<String, String>(
                database: try DatabaseQueue(path: path), name: "s", formatVersion: 1)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage, "the app's file is not overwritten")
    }

    @Test func anUnwritableFileKeepsWhatItStoredAndAWriteStaysInMemoryWithANotice() throws {
        try SQLitePersistence<String, String>(database: try DatabaseQueue(path: path), name: "s", formatVersion: 1)
            .write("stored", for: "a")

        let persistence = try SQLitePersistence<String, String>(database: try readOnly(), name: "s", formatVersion: 1)
        var notices: [String] = []
        persistence.onFailure = { notices.append(String(describing: $0)) }
        let store = ContentStore<String, String>(persistence: persistence) { _ in "fetched" }
        #expect(store.value(for: "a") == "stored", "what the file holds is still read")
        store.write("new", for: "a")
        #expect(store.value(for: "a") == "new", "the screen shows the write, from memory")
        #expect(persistence.lastFailure != nil)
        #expect(notices.count == 1)

        let reopened = try SQLitePersistence<String, String>(
            database: try DatabaseQueue(path: path), name: "s", formatVersion: 1)
        #expect(reopened.read("a") == "stored", "the stored row is not lost")
    }

    @Test func aRefreshIntoAnUnwritableFileFailsBesideTheStoredRows() async throws {
        do {
            let database = try ItemsDatabase.open(path)
            _ = try RefreshWriter(database: database, list: "items")
            try await database.write { db in try ItemsDatabase.replace(db, with: ["stored"]) }
        }
        let database = try readOnly()
        let fetcher = GatedFetcher<[String]>()
        let refresh = DatabaseRefresh(writer: try RefreshWriter(database: database, list: "items")) {
            let names = try await fetcher.fetch()
            return { db in try ItemsDatabase.replace(db, with: names) }
        }
        let dataSource = LiveQueryDataSource(database: database, refresh: refresh, fetch: ItemsDatabase.names) {
            $0.isEmpty
        }
        let screen = RecordingScreen(dataSource)
        let reload = Task { await dataSource.reload(ownedBy: .caller) }
        await eventually { fetcher.count == 1 }
        fetcher.gate(0).open(returning: ["fresh"])
        guard case .failed(let error) = await reload.boundedValue() else {
            Issue.record("the refresh did not fail")
            return
        }
        #expect(error is DatabaseError)
        #expect(screen.shown == .content)
        #expect(dataSource.rows == ["stored"])
        #expect(try await database.read(ItemsDatabase.names) == ["stored"])
    }

    nonisolated static func readMissingTable(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM missing_table")
    }

    @Test func aQueryThatCannotBeReadIsTheErrorScreen() throws {
        let database = try DatabaseQueue(path: path)
        let dataSource = LiveQueryDataSource(database: database, fetch: Self.readMissingTable) { $0.isEmpty }
        let screen = RecordingScreen(dataSource)
        #expect(screen.shown == .error)
        #expect(dataSource.observationError is DatabaseError)
        #expect(dataSource.rows == nil)
    }

    @Test func aQueryThatCanBeReadAgainIsShownByTheNextLoad() async throws {
        let database = try DatabaseQueue(path: path)
        let dataSource = LiveQueryDataSource(database: database, fetch: ItemsDatabase.names) { $0.isEmpty }
        let screen = RecordingScreen(dataSource)
        #expect(screen.shown == .error, "no items table yet")
        try await database.write { db in
            try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            try ItemsDatabase.append(db, ["a"])
        }
        dataSource.loadContent()
        await eventually { dataSource.rows == ["a"] }
        #expect(screen.shown == .content)
        #expect(dataSource.observationError == nil)
        #expect(!screen.drawn.contains { $0.hasPrefix("empty") }, "no empty screen while the query restarts")
    }
}
