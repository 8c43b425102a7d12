import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// The network client of the "An Offline-First Feed" article: pages from a test server.
struct ReadingListAPI: Sendable {
    let server: FeedServer

    func articles(after cursor: Int?) async throws -> Page<[Article], Int> { try await server.page(after: cursor) }

    /// One article, as the server has it.
    func article(_ id: Int) async throws -> Article { Article(id: id, title: "\(server.version)-\(id)") }

    /// Stars an article; the server answers with nothing, so the change is the article's value.
    func star(_ id: Int) async throws -> Article? {
        guard server.isOnline else { throw Offline() }
        return nil
    }
}

// OfflineFirstFeed app table begin
/// The reading list's articles, as GRDB records of the app's own table, `article`.
extension Article: FetchableRecord, PersistableRecord {
    /// The app's own migrations: the table of articles, which the reading list keeps its items in.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("articles") { db in
            try db.create(table: "article") { table in
                table.primaryKey("id", .integer)
                table.column("title", .text).notNull()
                table.column("isStarred", .boolean)
            }
        }
        return migrator
    }
}
// OfflineFirstFeed app table end

// OfflineFirstFeed article example begin
/// The reading list: the stored articles first, then the network's pages, each stored before
/// it shows. A file that cannot be opened or written keeps the list in memory, with a notice;
/// it throws only if `Article.migrator` cannot make the table even in memory.
@MainActor
func readingList(path: String, api: ReadingListAPI, notice: @escaping @MainActor (String) -> Void) throws
    -> StoredFeedDataSource<Article, Int>
{
    let feed = try StoredFeed<Article, Int>.open(
        recordsAtPath: path, list: "reading-list", migrator: Article.migrator
    ) { _ in
        notice("Your reading list will not be kept after you close the app.")
    }
    return StoredFeedDataSource(feed: feed, screenful: 30) { _ in
        notice("New articles will not be kept after you close the app.")
    } fetch: { cursor in
        try await api.articles(after: cursor)  // nil: the first page
    }
}
// OfflineFirstFeed article example end

// OfflineFirstFeed shared items begin
/// The operation the queue keeps until the server has it: star an article.
struct Star: Codable, Sendable {}

/// The reading list and its stars: the articles are held once by id, in the store the list, the
/// detail and the write queue share; a star made offline is kept in the file until it is sent.
@MainActor
func starredReadingList(feed: StoredFeed<Article, Int>, api: ReadingListAPI, connectivity: Connectivity) throws
    -> (list: StoredFeedDataSource<Article, Int>, stars: PersistentWriteQueue<Int, Article, Star>)
{
    let articles = ContentStore<Int, Article> { id in try await api.article(id) }
    let stars = try PersistentWriteQueue<Int, Article, Star>(
        store: articles, database: feed.database, name: "stars", formatVersion: 1, connectivity: connectivity
    ) { _, article in
        article.isStarred = true
    } send: { write in
        try await api.star(write.key)  // the server's article, or nil: the change is its value
    }
    stars.restore()  // at launch, before the screens: the stars a kill left pending
    let list = StoredFeedDataSource(feed: feed, store: articles, screenful: 30) { cursor in
        try await api.articles(after: cursor)
    }
    return (list, stars)
}
// OfflineFirstFeed shared items end

/// The code of the "An Offline-First Feed" article, against a good file and a bad one.
@MainActor
@Suite("Offline-First Feed article", .timeLimit(.minutes(1)), .hangLimit)
struct OfflineFirstFeedArticleTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test func aRelaunchOfflineShowsTheStoredPagesAtOnce() async throws {
        let path = folder.path("app.sqlite")
        let server = FeedServer(count: 100, pageSize: 40)
        var notices: [String] = []
        do {
            let online = try readingList(path: path, api: ReadingListAPI(server: server)) { notices.append($0) }
            #expect(await online.reload(ownedBy: .caller) == .committed(hasContent: true))
        }
        server.isOnline = false
        let offline = try readingList(path: path, api: ReadingListAPI(server: server)) { notices.append($0) }
        #expect(offline.items.count == 30, "the first stored screenful, on the first frame")
        #expect(await offline.loadMore(ownedBy: .caller) == .committed(hasMore: true))
        #expect(offline.items.count == 40)
        #expect(notices.isEmpty)
    }

    @Test func aFileThatIsNotADatabaseKeepsTheListInMemoryWithANotice() async throws {
        let path = folder.path("app.sqlite")
        try Data(repeating: 0x2A, count: 8192).write(to: URL(fileURLWithPath: path))
        var notices: [String] = []
        let dataSource = try readingList(path: path, api: ReadingListAPI(server: FeedServer(count: 10, pageSize: 10))) {
            notices.append($0)
        }
        #expect(notices == ["Your reading list will not be kept after you close the app."])
        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
    }

    @Test func aStarMadeOfflineShowsOnTheListAndTheDetailAndSurvivesARelaunch() async throws {
        let path = folder.path("app.sqlite")
        let server = FeedServer(count: 10, pageSize: 10)
        server.isOnline = false
        do {
            let database = try DatabasePool(path: path)
            try Article.migrator.migrate(database)
            let feed = try StoredFeed<Article, Int>(recordsIn: database, list: "reading-list")
            try await feed.seed(pages: 1, pageSize: 5, complete: true)
            let (list, stars) = try starredReadingList(
                feed: feed, api: ReadingListAPI(server: server), connectivity: Connectivity(isOnline: false))
            let detail = StoreDataSource(store: list.store, key: 2)
            stars.perform("Star", Star(), on: 2)
            #expect(list.items[2].isStarred == true, "on the list at once")
            #expect(detail.value?.isStarred == true, "and on the detail")
            try database.close()
        }
        let database = try DatabasePool(path: path)
        try Article.migrator.migrate(database)
        let feed = try StoredFeed<Article, Int>(recordsIn: database, list: "reading-list")
        server.isOnline = true
        let (list, stars) = try starredReadingList(
            feed: feed, api: ReadingListAPI(server: server), connectivity: Connectivity(isOnline: true))
        #expect(list.items[2].isStarred == true, "restored from the queue on the first frame")
        try await stars.waitUntilEmpty()
        #expect(list.items[2].isStarred == true, "sent and committed")
        // Written over the stored row: the next launch shows it with no write pending.
        await eventually {
            (try? database.read { db in try feed.read(db, after: 0, limit: 5) }.items[2].isStarred) == true
        }
    }

    @Test func theArticleShowsThisCode() throws {
        #expect(
            try ArticleText.article("OfflineFirstFeed.md").contains(
                ArticleText.code("OfflineFirstFeed article example")))
        #expect(
            try ArticleText.article("OfflineFirstFeed.md").contains(
                ArticleText.code("OfflineFirstFeed shared items")))
        #expect(
            try ArticleText.article("OfflineFirstFeed.md").contains(ArticleText.code("OfflineFirstFeed app table")))
    }
}
