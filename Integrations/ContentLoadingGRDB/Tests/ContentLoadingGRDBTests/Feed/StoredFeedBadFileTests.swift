import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// A stored feed over a file that is not a database, that cannot be written, or that is damaged
/// in its middle, shows what it can read and keeps the rest of its list in memory with a notice:
/// never a crash, and never the loss of rows already stored.
@MainActor
@Suite("Stored feed bad files", .timeLimit(.minutes(1)), .hangLimit)
struct StoredFeedBadFileTests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("app.sqlite")
    }

    func titles(_ range: Range<Int>) -> [String] { range.map { "1-\($0)" } }

    @Test func aFileThatIsNotADatabaseKeepsTheFeedInMemoryWithANotice() async throws {
        var random = SeededGenerator(seed: 38)
        let garbage = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &random) })
        try garbage.write(to: URL(fileURLWithPath: path))
        var notices: [any Error] = []
        let feed = StoredFeed<Article, Int>.open(atPath: path, list: "articles") { notices.append($0) }
        #expect(notices.count == 1)
        #expect(notices.first is DatabaseError)

        let server = FeedServer(count: 15, pageSize: 10)
        let dataSource = StoredFeedDataSource(feed: feed, screenful: 10) { try await server.page(after: $0) }
        let screen = RecordingScreen(dataSource)
        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: false))
        #expect(dataSource.items.map(\.title) == titles(0..<15), "the list, kept in memory")
        #expect(screen.shown == .content)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage, "the app's file is not overwritten")
    }

    @Test func anUnwritableFileShowsWhatItStoredAndKeepsNewPagesInMemoryWithANotice() async throws {
        do {
            let feed = try StoredFeed<Article, Int>(database: try DatabaseQueue(path: path), list: "articles")
            try await feed.seed(pages: 1, pageSize: 10)
        }
        var configuration = Configuration()
        configuration.readonly = true
        let readOnly = try DatabaseQueue(path: path, configuration: configuration)
        let feed = try StoredFeed<Article, Int>(database: readOnly, list: "articles")
        await UnwritableFeed.check(feed)
        let stored = try await DatabaseQueue(path: path).read { try StoredFeedTables.titles($0) }
        #expect(stored == titles(0..<10), "the stored rows are not lost")
    }

    @Test func aDamagedStoredItemIsHeardAndTheRefreshReplacesIt() async throws {
        let database = try DatabaseQueue(path: path)
        let feed = try StoredFeed<Article, Int>(database: database, list: "articles")
        try await feed.seed(pages: 1, pageSize: 10)
        try await database.write { db in
            try db.execute(sql: "UPDATE contentLoadingFeedRow SET item = x'00ff' WHERE position = 3")
        }
        var notices: [any Error] = []
        let server = FeedServer(count: 10, pageSize: 10)
        let dataSource = StoredFeedDataSource(feed: feed, screenful: 10) {
            notices.append($0)
        } fetch: {
            try await server.page(after: $0)
        }
        let screen = RecordingScreen(dataSource)
        #expect(notices.count == 1, "the app hears that the stored list could not be read")
        #expect(dataSource.items.isEmpty)
        #expect(dataSource.loadingCoordinator.state == .initial, "no crash, no error screen: it waits to refresh")
        #expect(!dataSource.isMemoryOnly)

        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(screen.shown == .content)
        #expect(dataSource.items.map(\.title) == titles(0..<10))
        #expect(try await database.read { try StoredFeedTables.titles($0) } == titles(0..<10), "stored anew")
    }

    @Test func aFileDamagedInTheMiddleShowsThePagesBeforeTheDamageAndKeepsTheRefreshInMemory() async throws {
        do {
            let feed = try StoredFeed<Article, Int>(database: try DatabaseQueue(path: path), list: "articles")
            try await feed.seed(pages: 30, pageSize: 100)
        }
        // Overwrite four of the file's pages in its middle, where the stored items are.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: (size / 2 / 4096) * 4096)
        try handle.write(contentsOf: Data(repeating: 0xFF, count: 4 * 4096))
        try handle.close()

        var notices: [any Error] = []
        let feed = StoredFeed<Article, Int>.open(atPath: path, list: "articles") { notices.append($0) }
        let server = FeedServer(count: 3000, pageSize: 100)
        server.version = 2
        server.isOnline = false
        let dataSource = StoredFeedDataSource(feed: feed, screenful: 100) {
            notices.append($0)
        } fetch: {
            try await server.page(after: $0)
        }
        let screen = RecordingScreen(dataSource)
        #expect(dataSource.items.map(\.title) == titles(0..<100), "the first frame, before the damage")
        #expect(screen.shown == .content)
        #expect(notices.isEmpty)

        var outcome = PageOutcome.committed(hasMore: true)
        while outcome == .committed(hasMore: true) { outcome = await dataSource.loadMore(ownedBy: .caller) }
        guard case .failed(let error) = outcome else {
            Issue.record("the damaged page ended with \(outcome)")
            return
        }
        #expect((error as? DatabaseError)?.resultCode == .SQLITE_CORRUPT)
        let shown = dataSource.items.count
        #expect(shown >= 100 && shown < 3000, "the stored pages before the damage")
        #expect(dataSource.items.map(\.title) == titles(0..<shown))
        #expect(screen.shown == .content, "the damaged page fails in the footer, beside the content")
        #expect(screen.wrapper.footer.state == .failed(error))

        server.isOnline = true
        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(dataSource.items.map(\.title) == (0..<100).map { "2-\($0)" }, "the refresh shows, from memory")
        #expect(dataSource.isMemoryOnly)
        #expect(notices.count == 1, "the app hears that the list is not saved")
        #expect((notices.first as? DatabaseError)?.resultCode == .SQLITE_CORRUPT)
        let reopened = try StoredFeed<Article, Int>(database: try DatabaseQueue(path: path), list: "articles")
        let stored = try await reopened.database.read { try reopened.read($0, after: 0, limit: 100) }
        #expect(stored.items.map(\.title) == titles(0..<100), "the rows before the damage are still stored")
    }
}
