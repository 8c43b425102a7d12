import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// The database drives the stored feed: a commit of any writer reaches a list renderer as one
/// item-level difference per GRDB delivery, an equal delivery draws nothing, and rows on screen
/// never go back to an older state. Real SQLite files in temporary folders.
@MainActor
@Suite("Stored feed deliveries", .timeLimit(.minutes(1)), .hangLimit)
struct StoredFeedDeliveryTests {
    let folder: TemporaryFolder
    let database: DatabasePool
    let feed: StoredFeed<Article, Int>

    init() throws {
        folder = try TemporaryFolder()
        database = try DatabasePool(path: folder.path("app.sqlite"))
        feed = try StoredFeed(database: database, list: "articles")
    }

    /// A feed of 5 stored articles on a list renderer that was handed them all.
    func shownFeed(store: ContentStore<Int, Article>? = nil) async throws -> (
        StoredFeedDataSource<Article, Int>, FeedListScreen
    ) {
        try await feed.seed(pages: 1, pageSize: 5, complete: true)
        let server = FeedServer(count: 5, pageSize: 5)
        let dataSource = StoredFeedDataSource(feed: feed, store: store, screenful: 10) {
            try await server.page(after: $0)
        }
        let screen = FeedListScreen(dataSource)
        // Set after the first frame: the observation's first delivery hands it the snapshot.
        await eventually { screen.differences == ["+0 +1 +2 +3 +4"] }
        return (dataSource, screen)
    }

    /// The stored items, read at once.
    func storedItems() throws -> [Article] {
        try database.read { db in try feed.read(db, after: 0, limit: 100).items }
    }

    /// Commits `article` over its stored row at once, without leaving the main actor.
    func commitNow(_ article: Article) throws {
        try database.write { db in try Self.update(article, db) }
    }

    /// Writes `article` over its stored row in `db` with its own SQL, as a sync would.
    nonisolated static func update(_ article: Article, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE contentLoadingFeedRow SET item = ? WHERE list = 'articles' AND position = ?",
            arguments: [try JSONEncoder().encode(article), article.id + 1])
    }

    @Test func anUpdateADeleteAndAnInsertEachDrawTheirDifference() async throws {
        let (dataSource, screen) = try await shownFeed()
        try await database.write { db in try Self.update(Article(id: 2, title: "2-2"), db) }
        await eventually { screen.differences.count == 2 }
        #expect(screen.differences.last == "~2", "a reconfigure of the row, not a delete and an insert")
        #expect(screen.title(2) == "2-2")
        #expect(dataSource.items.map(\.title) == ["1-0", "1-1", "2-2", "1-3", "1-4"])

        try await database.write { db in
            try db.execute(sql: "DELETE FROM contentLoadingFeedRow WHERE list = 'articles' AND position = 4")
        }
        await eventually { screen.differences.count == 3 }
        #expect(screen.differences.last == "-3")

        // A sync puts an article at the top of the stored list.
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO contentLoadingFeedRow (list, position, page, item) VALUES ('articles', 0, 0, ?)",
                arguments: [try JSONEncoder().encode(Article(id: 99, title: "1-99"))])
        }
        await eventually { screen.differences.count == 4 }
        #expect(screen.differences.last == "+99")
        #expect(dataSource.ids == [99, 0, 1, 2, 4])
        #expect(screen.ids == [99, 0, 1, 2, 4])
    }

    @Test func commitsGRDBMergesAreDrawnOnceAndNoRowGoesBack() async throws {
        let (dataSource, screen) = try await shownFeed()
        // Three commits in a row, from the main actor: GRDB delivers them in one or more
        // deliveries, each drawn as one difference, each at least as new as the one before.
        for version in 2...4 { try commitNow(Article(id: 1, title: "\(version)-1")) }
        await eventually { dataSource.items[1].title == "4-1" }
        #expect(screen.title(1) == "4-1")
        #expect((2...4).contains(screen.differences.count), "at most one difference per commit")
        #expect(screen.differences.dropFirst().allSatisfy { $0 == "~1" })
        let versions = screen.frames.compactMap { $0[1]?.split(separator: "-").first.flatMap { Int($0) } }
        #expect(versions == versions.sorted(), "row 1 never goes back: \(versions)")
    }

    @Test func aDeliveryEqualToTheRowsShownDrawsNothing() async throws {
        let (dataSource, screen) = try await shownFeed()
        // The same values written again, then a change: only the change is drawn.
        try await database.write { db in try Self.update(Article(id: 0, title: "1-0"), db) }
        try await database.write { db in try Self.update(Article(id: 4, title: "2-4"), db) }
        await eventually { screen.differences.count == 2 }
        #expect(screen.differences == ["+0 +1 +2 +3 +4", "~4"])
        #expect(dataSource.items[4].title == "2-4")
    }

    @Test func anotherConnectionsWriteIsDrawnOnceTheRowsAreReadAgain() async throws {
        let (dataSource, screen) = try await shownFeed()
        // Another connection to the file (an app extension's): GRDB's observation does not hear
        // it, so the app asks for the rows again.
        let other = try DatabaseQueue(path: folder.path("app.sqlite"))
        try await other.write { db in try Self.update(Article(id: 3, title: "2-3"), db) }
        try other.close()
        dataSource.rereadStoredRows()
        await eventually { screen.differences.count == 2 }
        #expect(screen.differences.last == "~3")
        #expect(dataSource.items[3].title == "2-3")
    }

    @Test func aPageAppendedIsObservedToo() async throws {
        try await feed.seed(pages: 2, pageSize: 5, complete: true)
        let dataSource = StoredFeedDataSource(feed: feed, screenful: 5) { _ in throw Offline() }
        let screen = FeedListScreen(dataSource)
        await eventually { screen.differences.count == 1 }
        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: false))
        #expect(screen.differences.last == "+5 +6 +7 +8 +9")
        try await database.write { db in try Self.update(Article(id: 7, title: "2-7"), db) }
        await eventually { screen.differences.count == 3 }
        #expect(screen.differences.last == "~7")
    }

    @Test func aStoreValueNewerThanTheDatabaseIsNotUndoneByADelivery() async throws {
        let store = ContentStore<Int, Article> { _ in throw Offline() }
        let (dataSource, screen) = try await shownFeed(store: store)
        // A star committed in the store (a detail's write), newer than the stored row.
        store.write(Article(id: 2, title: "1-2", isStarred: true), for: 2)
        #expect(screen.differences.last == "~2")
        #expect(screen.title(2) == "1-2★")
        // Another row changes in the database: its delivery still holds row 2 unstarred.
        try await database.write { db in try Self.update(Article(id: 4, title: "2-4"), db) }
        await eventually { screen.differences.count == 3 }
        #expect(screen.differences.last == "~4")
        #expect(dataSource.items[2].isStarred == true, "the delivery did not undo the star")
        // The star is written over the stored row: a relaunch shows it.
        await eventually { (try? storedItems()[2].isStarred) == true }
        #expect(screen.title(2) == "1-2★")
    }
}
