import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// A record feed opened over a bad file (not a database, without the app's table, one the app's
/// migrator fails on, one that cannot be written) keeps its list, and the app's table, in a
/// database in memory with a notice, or reads what the file holds and keeps new pages in memory:
/// never a crash, and what the file holds is left as it was. Real SQLite files in temporary
/// folders; the tests of permissions run only where they stop this process's writes (not as root).
@MainActor
@Suite("Stored record feed bad files", .timeLimit(.minutes(1)), .hangLimit)
struct StoredRecordFeedBadFileTests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("app.sqlite")
    }

    func titles(_ range: Range<Int>) -> [String] { range.map { "1-\($0)" } }

    /// The bytes of the app's file.
    func fileBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// What the app's database file holds, as SQLite reads it: its schema, then every table's
    /// rows. (Its bytes are not kept: opening a `DatabasePool` commits an empty transaction, which
    /// advances the header's counters and may add a free page.)
    func storedContent() throws -> [String] {
        var configuration = Configuration()
        configuration.readonly = true
        let database = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? database.close() }
        return try database.read { db in
            var content = try String.fetchAll(
                db, sql: "SELECT type || ' ' || name || ' ' || IFNULL(sql, '') FROM sqlite_master ORDER BY name")
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            for table in tables {
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)")
                content += rows.map { "\(table) \($0)" }
            }
            return content
        }
    }

    /// Runs `body` on the app's file, then closes the file, so that what it holds is settled
    /// before a test reads it.
    func change(_ body: (DatabasePool) async throws -> Void) async throws {
        let database = try DatabasePool(path: path)
        try await body(database)
        try database.close()
    }

    /// Stores `pages` pages of 10 articles in the app's file, after the app's migrations, and
    /// closes the file.
    func store(pages: Int) async throws {
        try await change { database in
            try Article.migrator.migrate(database)
            try await StoredFeed<Article, Int>(recordsIn: database, list: "articles").seed(pages: pages, pageSize: 10)
        }
    }

    /// The app's migrations, then one that makes titles unique.
    nonisolated static var uniqueTitlesMigrator: DatabaseMigrator {
        var migrator = Article.migrator
        migrator.registerMigration("unique titles") { db in
            try db.create(index: "article_title", on: "article", columns: ["title"], unique: true)
        }
        return migrator
    }

    /// Expects `feed` to be kept in a database in memory that works: the first frame is empty,
    /// and pages load from the network, are stored there, and show.
    func expectKeptInMemory(_ feed: StoredFeed<Article, Int>) async throws {
        #expect(feed.database.path == ":memory:")
        let server = FeedServer(count: 15, pageSize: 10)
        var notices: [any Error] = []
        let dataSource = StoredFeedDataSource(feed: feed, screenful: 10) {
            notices.append($0)
        } fetch: {
            try await server.page(after: $0)
        }
        let screen = RecordingScreen(dataSource)
        #expect(dataSource.items.isEmpty, "a first launch")
        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: false))
        #expect(dataSource.items.map(\.title) == titles(0..<15), "the list, kept in memory")
        #expect(screen.shown == .content)
        #expect(notices.isEmpty, "the database in memory takes every page")
        #expect(!dataSource.isMemoryOnly)
        #expect(try await feed.database.read { try StoredFeedTables.recordTitles($0) } == titles(0..<15))
    }

    @Test func aFileThatIsNotADatabaseKeepsTheFeedAndTheAppsTableInMemoryWithANotice() async throws {
        var random = SeededGenerator(seed: 38)
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &random) })
        try garbage.write(to: URL(fileURLWithPath: path))
        var notices: [any Error] = []
        let feed = try StoredFeed<Article, Int>.open(recordsAtPath: path, list: "articles", migrator: Article.migrator)
        {
            notices.append($0)
        }
        #expect(notices.count == 1)
        #expect((notices.first as? DatabaseError)?.resultCode == .SQLITE_NOTADB)
        try await expectKeptInMemory(feed)
        #expect(try fileBytes() == garbage, "the app's file is not overwritten")
    }

    @Test func aFileWithoutTheAppsTableKeepsTheFeedInMemoryAndIsLeftAsItWas() async throws {
        try await change { database in
            // The app's migration is recorded, but another tool dropped its table.
            try Article.migrator.migrate(database)
            try await database.write { db in try db.drop(table: "article") }
        }
        let before = try storedContent()
        var notices: [any Error] = []
        let feed = try StoredFeed<Article, Int>.open(recordsAtPath: path, list: "articles", migrator: Article.migrator)
        {
            notices.append($0)
        }
        #expect(notices.count == 1)
        #expect(notices.first is DatabaseError)
        try await expectKeptInMemory(feed)
        #expect(try storedContent() == before, "the app's file holds what it held")
    }

    @Test func aFileWhoseAppTableWasDroppedKeepsItsFeedRows() async throws {
        try await store(pages: 1)
        try await change { database in try await database.write { db in try db.drop(table: "article") } }
        let before = try storedContent()
        var notices: [any Error] = []
        let feed = try StoredFeed<Article, Int>.open(recordsAtPath: path, list: "articles", migrator: Article.migrator)
        {
            notices.append($0)
        }
        #expect(notices.count == 1)
        try await expectKeptInMemory(feed)
        #expect(try storedContent() == before, "the app's file holds what it held")
        let stored = try await DatabasePool(path: path).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contentLoadingFeedRecordRow")
        }
        #expect(stored == 10, "the feed's rows are not lost")
    }

    @Test func aMigrationThatFailsOnTheFileKeepsTheFeedInMemoryAndLeavesTheFileAsItWas() async throws {
        try await store(pages: 1)
        try await change { database in
            try await database.write { db in try db.execute(sql: "UPDATE article SET title = 'same'") }
        }
        let before = try storedContent()
        var notices: [any Error] = []
        let feed = try StoredFeed<Article, Int>.open(
            recordsAtPath: path, list: "articles", migrator: Self.uniqueTitlesMigrator
        ) {
            notices.append($0)
        }
        #expect(notices.count == 1, "the file's titles are not unique: the migration fails on it")
        #expect((notices.first as? DatabaseError)?.resultCode == .SQLITE_CONSTRAINT)
        try await expectKeptInMemory(feed)
        #expect(try storedContent() == before, "the app's file holds what it held")
        let reopened = try DatabasePool(path: path)
        let migrator = Self.uniqueTitlesMigrator
        #expect(try await reopened.read { try migrator.completedMigrations($0) } == ["articles"])
        #expect(
            try await reopened.read { try StoredFeedTables.recordTitles($0) } == Array(repeating: "same", count: 10))
    }

    @Test func aMigratorThatFailsEvenInMemoryThrowsItsErrorAfterTheNotice() throws {
        struct Broken: Error {}
        var migrator = DatabaseMigrator()
        migrator.registerMigration("broken") { _ in throw Broken() }
        var notices: [any Error] = []
        #expect(throws: Broken.self, "the app's migrator fails everywhere: its error, no crash") {
            _ = try StoredFeed<Article, Int>.open(recordsAtPath: path, list: "articles", migrator: migrator) {
                notices.append($0)
            }
        }
        #expect(notices.count == 1, "the file's failure is heard first")
    }

    @Test func anUnwritableDatabaseShowsWhatItStoredAndKeepsNewPagesInMemoryWithANotice() async throws {
        try await store(pages: 1)
        let before = try storedContent()
        var configuration = Configuration()
        configuration.readonly = true
        let readOnly = try DatabasePool(path: path, configuration: configuration)
        let feed = try StoredFeed<Article, Int>(recordsIn: readOnly, list: "articles")
        await UnwritableFeed.check(feed)

        #expect(try storedContent() == before, "the app's file holds what it held")
        let stored = try await DatabasePool(path: path).read { try StoredFeedTables.recordTitles($0) }
        #expect(stored == titles(0..<10), "the stored rows are not lost")
    }

    /// Whether file permissions stop this process's writes: not as root, which writes anyway.
    nonisolated static let permissionsStopWrites: Bool = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ContentLoadingGRDBTests-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        guard FileManager.default.createFile(atPath: url.path, contents: Data()),
            (try? FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)) != nil
        else { return false }
        return !FileManager.default.isWritableFile(atPath: url.path)
    }()

    /// Sets the permissions of the file or folder at `path`.
    func setPermissions(_ permissions: Int, _ path: String) throws {
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
    }

    @Test(.enabled(if: permissionsStopWrites, "skipped: this process (root) writes to read-only files anyway"))
    func aReadOnlyFileHoldingEveryMigrationIsReadAndNewPagesStayInMemory() async throws {
        try await store(pages: 1)
        let before = try fileBytes()
        try setPermissions(0o444, path)
        defer { try? setPermissions(0o644, path) }
        var notices: [any Error] = []
        let feed = try StoredFeed<Article, Int>.open(recordsAtPath: path, list: "articles", migrator: Article.migrator)
        {
            notices.append($0)
        }
        #expect(notices.isEmpty, "the file is used")
        #expect(feed.database.path == path)
        let server = FeedServer(count: 20, pageSize: 10)
        var pageNotices: [any Error] = []
        let dataSource = StoredFeedDataSource(feed: feed, screenful: 10) {
            pageNotices.append($0)
        } fetch: {
            try await server.page(after: $0)
        }
        let screen = RecordingScreen(dataSource)
        #expect(dataSource.items.map(\.title) == titles(0..<10), "what the file holds is read")
        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: false))
        #expect(dataSource.items.map(\.title) == titles(0..<20), "the page shows, from memory")
        #expect(pageNotices.count == 1, "the app hears that the list is not saved")
        #expect(dataSource.isMemoryOnly)
        #expect(screen.shown == .content)
        #expect(try fileBytes() == before, "the read-only file is not written")
    }

    @Test(.enabled(if: permissionsStopWrites, "skipped: this process (root) writes to read-only files anyway"))
    func aReadOnlyFileMissingAMigrationKeepsTheFeedInMemoryWithANotice() async throws {
        try await store(pages: 1)
        let before = try fileBytes()
        try setPermissions(0o444, path)
        defer { try? setPermissions(0o644, path) }
        var notices: [any Error] = []
        let feed = try StoredFeed<Article, Int>.open(
            recordsAtPath: path, list: "articles", migrator: Self.uniqueTitlesMigrator
        ) {
            notices.append($0)
        }
        #expect(notices.count == 1)
        #expect(notices.first is DatabaseError)
        try await expectKeptInMemory(feed)
        #expect(try fileBytes() == before, "the read-only file is not written")
    }

    @Test(.enabled(if: permissionsStopWrites, "skipped: this process (root) writes to read-only folders anyway"))
    func aFileThatCannotBeCreatedInItsFolderKeepsTheFeedInMemoryWithANotice() async throws {
        try setPermissions(0o555, folder.url.path)
        defer { try? setPermissions(0o755, folder.url.path) }
        var notices: [any Error] = []
        let feed = try StoredFeed<Article, Int>.open(recordsAtPath: path, list: "articles", migrator: Article.migrator)
        {
            notices.append($0)
        }
        #expect(notices.count == 1)
        #expect((notices.first as? DatabaseError)?.resultCode == .SQLITE_CANTOPEN)
        try await expectKeptInMemory(feed)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "nothing is created")
    }
}
