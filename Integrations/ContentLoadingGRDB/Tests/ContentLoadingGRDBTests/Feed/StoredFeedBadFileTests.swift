import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// A stored feed over a file that is not a database, or that cannot be written, keeps its list
/// in memory with a notice: never a crash, and never the loss of rows already stored.
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
        let server = FeedServer(count: 30, pageSize: 10)
        var notices: [any Error] = []
        let dataSource = StoredFeedDataSource(feed: feed, screenful: 10) {
            notices.append($0)
        } fetch: {
            try await server.page(after: $0)
        }
        let screen = RecordingScreen(dataSource)
        #expect(dataSource.items.map(\.title) == titles(0..<10), "what the file holds is read")

        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: true))
        #expect(dataSource.items.map(\.title) == titles(0..<20), "the page shows, from memory")
        #expect(notices.count == 1, "the app hears that the list is not saved")
        #expect(dataSource.isMemoryOnly)
        #expect(dataSource.lastFailure is DatabaseError)
        #expect(screen.shown == .content)

        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: false))
        #expect(dataSource.items.map(\.title) == titles(0..<30), "later pages come from the network")
        #expect(server.fetched == [10, 20])
        #expect(notices.count == 1)

        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(dataSource.items.map(\.title) == titles(0..<10))
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
}
