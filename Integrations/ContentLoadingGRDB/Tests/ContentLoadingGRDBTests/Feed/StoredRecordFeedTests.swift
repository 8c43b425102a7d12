import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// A record feed: its items in the app's own table, the feed keeping their order and cursors.
/// The first frame comes from the table, scrolling reads the stored pages before the network,
/// a page is one query, a refresh replaces the list atomically, a page begun before a refresh
/// writes nothing, and a star survives a relaunch and is not undone by an older page. Real
/// SQLite files in temporary folders.
@MainActor
@Suite("Stored record feed", .timeLimit(.minutes(1)), .hangLimit)
struct StoredRecordFeedTests {
    let folder: TemporaryFolder
    let path: String
    let database: DatabasePool
    let feed: StoredFeed<Article, Int>

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("app.sqlite")
        database = try DatabasePool(path: path)
        try Self.migrator.migrate(database)
        feed = try StoredFeed(recordsIn: database, list: "articles")
    }

    /// The app's own migrations: its table of articles (the article tests' `Article.migrator`).
    static var migrator: DatabaseMigrator { Article.migrator }

    func titles(_ range: Range<Int>, version: Int = 1) -> [String] { range.map { "\(version)-\($0)" } }

    static func starred(_ article: inout Article) { article.isStarred = true }

    /// The titles of the list as stored: the feed's order joined to the app's table.
    func storedTitles() async throws -> [String] {
        try await database.read { db in try feed.read(db, after: 0, limit: 1_000).items.map(\.title) }
    }

    func dataSource(_ server: FeedServer, store: ContentStore<Int, Article>? = nil, screenful: Int = 10)
        -> StoredFeedDataSource<Article, Int>
    {
        StoredFeedDataSource(feed: feed, store: store, screenful: screenful) { try await server.page(after: $0) }
    }

    @Test func theFirstFrameComesFromTheAppsTableWithoutTheNetwork() async throws {
        try await feed.seed(pages: 3, pageSize: 20)
        let articles = try await database.read { db in try Article.order(Column("id")).fetchAll(db) }
        #expect(articles.map(\.title) == titles(0..<60), "the items are the app's records")
        let jsonRows = try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contentLoadingFeedRow") ?? -1
        }
        #expect(jsonRows == 0, "nothing stored as JSON")
        let server = FeedServer(count: 100, pageSize: 20)
        server.isOnline = false
        let dataSource = dataSource(server, screenful: 10)
        let screen = RecordingScreen(dataSource)
        #expect(dataSource.items.map(\.title) == titles(0..<10), "the first screenful, read at once")
        #expect(screen.shown == .content, "no loading screen")
        #expect(server.fetched.isEmpty, "the network is not asked")
    }

    @Test func aPageIsOneIndexedQueryJoiningTheAppsTable() async throws {
        try await feed.seed(pages: 2, pageSize: 50)
        let (statements, read) = try traced { db in try feed.read(db, after: 20, limit: 30) }
        #expect(read.items.map(\.title) == titles(20..<50))
        #expect(read.lastPosition == 50 && read.lastStoredPosition == 100)
        #expect(read.afterStoredPages == .more(100))
        #expect(read.generation == 1)
        let selects = statements.filter { $0.uppercased().hasPrefix("SELECT") }
        #expect(selects.count == 1, "one query: \(selects)")
        let plan = try await database.read { db in
            try String.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + (selects.first ?? "SELECT 1"))
        }
        #expect(plan.allSatisfy { !$0.contains("SCAN") && !$0.contains("TEMP B-TREE") }, "indexed: \(plan)")
    }

    /// The statements `body` runs in a read, and its result.
    func traced<T>(_ body: (Database) throws -> T) throws -> ([String], T) {
        try database.read { db in
            var statements: [String] = []
            db.trace { statements.append($0.expandedDescription) }
            defer { db.trace(options: [], nil) }
            let result = try body(db)
            return (statements, result)
        }
    }

    @Test func twoFeedsOfOneTableEachReadTheirOwnList() async throws {
        let other = try StoredFeed<Article, Int>(recordsIn: database, list: "favourites")
        let loads = DataSource()
        let token = loads.loadingCoordinator.loadContent { _ in }
        try await feed.seed(pages: 1, pageSize: 6)
        _ = try await other.writeRefresh(
            Page([FeedServer.articles(4..<5)[0], FeedServer.articles(1..<2)[0]], next: nil),
            ticket: other.writer.beginRefresh(), token: token)
        let (mine, theirs) = try await database.read { db in
            (try feed.read(db, after: 0, limit: 50), try other.read(db, after: 0, limit: 50))
        }
        #expect(mine.items.map(\.id) == [0, 1, 2, 3, 4, 5])
        #expect(theirs.items.map(\.id) == [4, 1], "its own order, of the same rows")
        #expect(theirs.afterStoredPages == .complete && mine.afterStoredPages == .more(6))
        let screen = StoredFeedDataSource(feed: other, screenful: 10) { _ in throw Offline() }
        #expect(screen.items.map(\.id) == [4, 1])
    }

    @Test func scrollingReadsTheStoredPagesBeforeAskingTheNetwork() async throws {
        try await feed.seed(pages: 2, pageSize: 10)
        let server = FeedServer(count: 30, pageSize: 10)
        let dataSource = dataSource(server, screenful: 10)
        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: true))
        #expect(dataSource.items.map(\.title) == titles(0..<20))
        #expect(server.fetched.isEmpty, "the second page was stored")
        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: false))
        #expect(server.fetched == [20], "the network's page after the stored ones")
        #expect(try await storedTitles() == titles(0..<30), "written to the app's table and the feed")
    }

    @Test func aRefreshReplacesTheStoredListAtomically() async throws {
        try await feed.seed(pages: 3, pageSize: 10)
        let server = FeedServer(count: 5, pageSize: 5)
        server.version = 2
        let dataSource = dataSource(server, screenful: 10)
        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(dataSource.items.map(\.title) == titles(0..<5, version: 2))
        #expect(try await storedTitles() == titles(0..<5, version: 2), "the new list only")
        let read = try await database.read { db in try feed.read(db, after: 0, limit: 100) }
        #expect(read.afterStoredPages == .complete && read.lastStoredPosition == 5)
        // A refresh whose ticket was superseded writes nothing at all.
        let loads = DataSource()
        let stale = feed.writer.beginRefresh()
        _ = feed.writer.beginRefresh()
        let written = try await feed.writeRefresh(
            Page(FeedServer.articles(0..<3, version: 3), next: nil), ticket: stale,
            token: loads.loadingCoordinator.loadContent { _ in })
        #expect(written == nil)
        #expect(try await storedTitles() == titles(0..<5, version: 2))
        let version3 = try await database.read { db in
            try Article.filter(Column("title").like("3-%")).fetchCount(db)
        }
        #expect(version3 == 0, "the superseded refresh's items are not in the app's table")
    }

    @Test func aPageBegunBeforeARefreshWritesNothing() async throws {
        try await feed.seed(pages: 1, pageSize: 10)
        let before = try await database.read { db in try feed.read(db, after: 0, limit: 10) }
        try await feed.seed(pages: 1, pageSize: 4, version: 2)
        let loads = DataSource()
        let written = try await feed.writePage(
            Page(FeedServer.articles(100..<110), next: nil), after: before.lastPosition,
            extending: before.generation, token: loads.loadingCoordinator.loadContent { _ in })
        #expect(written == nil, "the list was replaced since its rows were read")
        #expect(try await storedTitles() == titles(0..<4, version: 2))
        let count = try await database.read { db in try Article.filter(Column("id") >= 100).fetchCount(db) }
        #expect(count == 0, "none of the page's items reached the app's table")
    }

    @Test func anItemTheAppDeletesLeavesTheListAndThePageAfterStillLoads() async throws {
        try await feed.seed(pages: 1, pageSize: 10)
        let server = FeedServer(count: 20, pageSize: 10)
        let dataSource = dataSource(server, screenful: 7)
        #expect(dataSource.items.map(\.id) == Array(0..<7))
        // The app deletes the stored list's last three items from its table.
        _ = try await database.write { db in try Article.deleteAll(db, keys: [7, 8, 9]) }
        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: false))
        #expect(server.fetched == [10], "the network's page after the stored ones")
        #expect(dataSource.items.map(\.id) == Array(0..<7) + Array(10..<20))
        #expect(try await storedTitles() == titles(0..<7) + titles(10..<20))
    }

    @Test func aWriteToTheAppsTableReachesTheScreen() async throws {
        try await feed.seed(pages: 1, pageSize: 5, complete: true)
        let dataSource = dataSource(FeedServer(count: 5, pageSize: 5))
        let screen = FeedListScreen(dataSource)
        await eventually { screen.differences.count == 1 }
        try await database.write { db in
            try db.execute(sql: "UPDATE article SET title = 'renamed' WHERE id = 3")
        }
        await eventually { dataSource.items.map(\.title) == ["1-0", "1-1", "1-2", "renamed", "1-4"] }
        #expect(dataSource.items[3].title == "renamed")
    }

    /// A sync that rewrites the list's order with its own SQL, touching only the feed's rows, is
    /// heard through the database's pool and drawn as one difference.
    @Test func aSyncRewritingTheOrderWithItsOwnSQLReachesTheScreenAsOneDifference() async throws {
        try await feed.seed(pages: 1, pageSize: 5, complete: true)
        let dataSource = dataSource(FeedServer(count: 5, pageSize: 5))
        let screen = FeedListScreen(dataSource)
        await eventually { screen.differences == ["+0 +1 +2 +3 +4"] }
        // In one transaction: article 1 leaves the list, article 4 moves to its top.
        try await database.write { db in
            try db.execute(
                sql: "DELETE FROM contentLoadingFeedRecordRow WHERE list = 'articles' AND position IN (2, 5)")
            try db.execute(
                sql: "INSERT INTO contentLoadingFeedRecordRow (list, position, itemID) VALUES ('articles', 0, 4)")
        }
        await eventually { screen.differences.count == 2 }
        #expect(screen.differences.count == 2, "one difference: \(screen.differences)")
        #expect(screen.differences.last == "-1 >4", "a removal and a move")
        #expect(screen.ids == [4, 0, 2, 3])
        #expect(dataSource.items.map(\.id) == [4, 0, 2, 3])
    }

    @Test func aStarSurvivesARelaunchAndIsNotUndoneByAnOlderPage() async throws {
        try await feed.seed(pages: 1, pageSize: 5, complete: true)
        do {
            let store = ContentStore<Int, Article> { _ in throw Offline() }
            let network = GatedFetcher<Page<[Article], Int>>()
            let list = StoredFeedDataSource(feed: feed, store: store, screenful: 10) { _ in try await network.fetch() }
            let screen = FeedListScreen(list)
            await eventually { screen.differences.count == 1 }
            let refresh = Task { await list.reload(ownedBy: .caller) }
            await eventually { network.count == 1 }
            let star = store.perform("Star", on: 2, change: Self.starred) { nil }
            guard case .committed = await star.settled() else {
                Issue.record("the star commits")
                return
            }
            // The refresh's page was fetched before the star.
            network.gate(0).open(returning: Page(FeedServer.articles(0..<5), next: nil))
            #expect(await refresh.boundedValue() == .committed(hasContent: true))
            #expect(list.items[2].isStarred == true, "the older page did not undo it")
            await eventually {
                (try? database.read { db in try Article.fetchOne(db, key: 2)?.isStarred }) == true
            }
        }
        try database.close()
        // The relaunch: a new connection and feed over the same file.
        let relaunched = try DatabasePool(path: path)
        try Self.migrator.migrate(relaunched)
        let feed = try StoredFeed<Article, Int>(recordsIn: relaunched, list: "articles")
        let list = StoredFeedDataSource(feed: feed, screenful: 10) { _ in throw Offline() }
        #expect(list.items.map(\.id) == [0, 1, 2, 3, 4])
        #expect(list.items[2].isStarred == true, "the star is in the app's table")
        #expect(list.items.filter { $0.isStarred == true }.count == 1)
    }

    /// A page's items are written with one upsert statement, each once: an item new to the app's
    /// table inserted, one it holds (or one the page repeats) written over, and the record's
    /// persistence callbacks do not run for them; `update(_:)` goes through the record's `update`.
    @Test func aPageIsUpsertedWithoutCallbacksAndAnUpdateRunsThem() async throws {
        let database = try DatabaseQueue()
        try LoggedArticle.migrator.migrate(database)
        let feed = try StoredFeed<LoggedArticle, Int>(recordsIn: database, list: "articles")
        let loads = DataSource()
        let token = loads.loadingCoordinator.loadContent { _ in }
        let first = [LoggedArticle(id: 1, title: "1"), LoggedArticle(id: 2, title: "2")]
        _ = try await feed.writeRefresh(Page(first, next: 2), ticket: feed.writer.beginRefresh(), token: token)
        // Article 2 is in the table; article 3 is new, and the page repeats it.
        let second = [
            LoggedArticle(id: 2, title: "2'"), LoggedArticle(id: 3, title: "3"), LoggedArticle(id: 3, title: "3'"),
        ]
        let written = try await feed.writePage(Page(second, next: nil), after: 2, extending: 1, token: token)
        #expect(written != nil)
        #expect(try await database.read(LoggedArticle.calls) == [], "a page runs no callbacks")
        let stored = try await database.read { db in try feed.read(db, after: 0, limit: 10).items }
        #expect(stored.map(\.title) == ["1", "2'", "2'", "3'", "3'"], "the newest values, in the list's order")
        #expect(try await database.read { db in try LoggedArticle.fetchCount(db) } == 3)
        #expect(try await feed.update([LoggedArticle(id: 3, title: "3*")]) == 1)
        #expect(try await database.read(LoggedArticle.calls) == ["save 3", "update 3"])
    }

    /// A page writes the columns each record encodes: an item encoding fewer than the one before
    /// it keeps the others as the table holds them, and the next item's are all written.
    @Test func aPageWritesTheColumnsEachRecordEncodes() async throws {
        let database = try DatabaseQueue()
        try NotedArticle.migrator.migrate(database)
        try await database.write { db in try NotedArticle(id: 2, title: "2", note: "kept").insert(db) }
        let feed = try StoredFeed<NotedArticle, Int>(recordsIn: database, list: "articles")
        let loads = DataSource()
        let token = loads.loadingCoordinator.loadContent { _ in }
        let page = [
            NotedArticle(id: 1, title: "1", note: "new"), NotedArticle(id: 2, title: "2'"),
            NotedArticle(id: 3, title: "3", note: "3"),
        ]
        _ = try await feed.writeRefresh(Page(page, next: nil), ticket: feed.writer.beginRefresh(), token: token)
        let stored = try await database.read { db in try feed.read(db, after: 0, limit: 10).items }
        #expect(
            stored == [
                NotedArticle(id: 1, title: "1", note: "new"), NotedArticle(id: 2, title: "2'", note: "kept"),
                NotedArticle(id: 3, title: "3", note: "3"),
            ])
    }

    @Test func aTableThatDoesNotExistIsAnError() throws {
        let database = try DatabaseQueue()
        #expect(throws: DatabaseError.self) { try StoredFeed<Article, Int>(recordsIn: database, list: "articles") }
    }
}
