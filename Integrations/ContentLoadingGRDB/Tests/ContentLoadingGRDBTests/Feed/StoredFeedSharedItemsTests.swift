import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// A star made on an article's detail, in the store the stored feed holds its items in: it
/// shows on the feed's row at once, a page fetched before it does not undo it, it survives a
/// relaunch through the persistent write queue, and its rollback shows on the row. Real SQLite
/// files in temporary folders.
@MainActor
@Suite("Stored feed shared items", .timeLimit(.minutes(1)), .hangLimit)
struct StoredFeedSharedItemsTests {
    /// The operation the queue stores: star an article.
    struct Star: Codable, Sendable {}

    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("app.sqlite")
    }

    /// A store of articles whose fetch by id is never asked (the feed lands them).
    static func articles() -> ContentStore<Int, Article> {
        ContentStore { _ in throw Offline() }
    }

    static func starred(_ article: inout Article) { article.isStarred = true }

    /// The stored items, read at once.
    static func stored(_ feed: StoredFeed<Article, Int>) throws -> [Article] {
        try feed.database.read { db in try feed.read(db, after: 0, limit: 100).items }
    }

    @Test func aStarMadeWhileARefreshIsInFlightIsNotUndoneByIt() async throws {
        let database = try DatabasePool(path: path)
        let feed = try StoredFeed<Article, Int>(database: database, list: "articles")
        try await feed.seed(pages: 1, pageSize: 5, complete: true)
        let store = Self.articles()
        let network = GatedFetcher<Page<[Article], Int>>()
        let list = StoredFeedDataSource(feed: feed, store: store, screenful: 10) { _ in try await network.fetch() }
        let screen = FeedListScreen(list)
        await eventually { screen.differences.count == 1 }
        let detail = StoreDataSource(store: store, key: 2)
        let refresh = Task { await list.reload(ownedBy: .caller) }
        await eventually { network.count == 1 }
        // The reader stars article 2 on its detail, and the server takes it, while the
        // refresh's page (fetched before the star) is in flight.
        let star = store.perform("Star", on: 2, change: Self.starred) { nil }
        #expect(screen.title(2) == "1-2★", "on the feed's row at once")
        #expect(detail.value?.isStarred == true, "and on the detail")
        guard case .committed = await star.settled() else {
            Issue.record("the star commits")
            return
        }
        network.gate(0).open(returning: Page(FeedServer.articles(0..<5), next: nil))
        #expect(await refresh.boundedValue() == .committed(hasContent: true))
        #expect(list.items[2].isStarred == true, "the page fetched before the star did not undo it")
        #expect(screen.title(2) == "1-2★")
        #expect(detail.value?.isStarred == true)
        // The star is written over the stored row the refresh wrote: a relaunch shows it.
        await eventually { (try? Self.stored(feed)[2].isStarred) == true }
        #expect(screen.title(2) == "1-2★", "no delivery went back to the unstarred row")
        let versions = screen.frames.map { $0[2] ?? "" }
        #expect(!versions.drop { !$0.hasSuffix("★") }.contains("1-2"), "never unstarred once starred: \(versions)")
    }

    /// The refresh's landing writes the star over the stored row and observes the rows again;
    /// the observation's first read is made before that write commits and delivered after the
    /// write ended (`HeldArticle` holds the read, and the write until the read is under way).
    /// That read does not undo the star.
    @Test func aReadMadeBeforeTheStarWasWrittenOverTheRowDoesNotUndoIt() async throws {
        let hold = HeldArticle.hold
        // Whatever happens, no read is left held behind the test.
        defer { hold.releaseRead() }
        let database = try DatabasePool(path: path)
        try HeldArticle.migrator.migrate(database)
        let feed = try StoredFeed<HeldArticle, Int>(recordsIn: database, list: "articles")
        let articles = { (count: Int) in (0..<count).map { HeldArticle(id: $0, title: "1-\($0)") } }
        let seeding = DataSource()
        let token = seeding.loadingCoordinator.loadContent { _ in }
        let seeded = try await feed.writeRefresh(
            Page(articles(5), next: nil), ticket: feed.writer.beginRefresh(), token: token)
        #expect(seeded != nil)
        let store = ContentStore<Int, HeldArticle> { _ in throw Offline() }
        let network = GatedFetcher<Page<[HeldArticle], Int>>()
        let list = StoredFeedDataSource(feed: feed, store: store, screenful: 10) { _ in try await network.fetch() }
        let screen = FeedListScreen(list) { $0.title + ($0.isStarred == true ? "★" : "") }
        await eventually { screen.differences.count == 1 }
        let starredInTheFile = {
            (try? database.read { db in try Bool.fetchOne(db, sql: "SELECT isStarred FROM heldArticle WHERE id = 2") })
                == true
        }
        let refresh = Task { await list.reload(ownedBy: .caller) }
        await eventually { network.count == 1 }
        let star = store.perform("Star", on: 2, change: { $0.isStarred = true }, request: { nil })
        guard case .committed = await star.settled() else {
            Issue.record("the star commits")
            return
        }
        await eventually { starredInTheFile() }
        // The refresh's page (fetched before the star) lands, with a sixth article: its landing
        // keeps the star, and writes it over the row the page wrote.
        hold.arm()
        network.gate(0).open(returning: Page(articles(6), next: nil))
        #expect(await refresh.boundedValue() == .committed(hasContent: true))
        #expect(screen.title(2) == "1-2★")
        // The new observation's read, of the page's rows, is held; the star's write commits.
        await eventually { hold.heldARead }
        await eventually { starredInTheFile() }
        // A write queued after the star's ends after it: the star's write has ended on the main
        // actor, before this test goes on.
        try await database.write { _ in }
        hold.releaseRead()
        // A sync's write after both: once it is drawn, every delivery before it was.
        try await database.write { db in try db.execute(sql: "UPDATE heldArticle SET title = '2-3' WHERE id = 3") }
        await eventually { screen.title(3) == "2-3" }
        let versions = screen.frames.map { $0[2] ?? "" }
        #expect(!versions.drop { !$0.hasSuffix("★") }.contains("1-2"), "never unstarred once starred: \(versions)")
        #expect(list.items[2].isStarred == true)
    }

    @Test func aStarPendingAtAKillIsShownAgainOnRelaunchFromTheQueue() async throws {
        do {
            // First launch, offline: the star is stored as a pending write.
            let database = try DatabasePool(path: path)
            let feed = try StoredFeed<Article, Int>(database: database, list: "articles")
            try await feed.seed(pages: 1, pageSize: 5, complete: true)
            let store = Self.articles()
            let queue = try PersistentWriteQueue<Int, Article, Star>(
                store: store, database: database, name: "stars", formatVersion: 1,
                connectivity: Connectivity(isOnline: false)
            ) { _, article in
                Self.starred(&article)
            } send: { _ in
                nil
            }
            queue.restore()
            let list = StoredFeedDataSource(feed: feed, store: store, screenful: 10) { _ in throw Offline() }
            queue.perform("Star", Star(), on: 3)
            #expect(list.items[3].isStarred == true)
            #expect(try queue.storedCount() == 1)
            try database.close()
        }
        // The relaunch: a new connection, store, queue and list; the queue restores the star.
        let database = try DatabasePool(path: path)
        let feed = try StoredFeed<Article, Int>(database: database, list: "articles")
        let store = Self.articles()
        let queue = try PersistentWriteQueue<Int, Article, Star>(
            store: store, database: database, name: "stars", formatVersion: 1,
            connectivity: Connectivity(isOnline: false)
        ) { _, article in
            Self.starred(&article)
        } send: { _ in
            nil
        }
        #expect(queue.restore().count == 1)
        let list = StoredFeedDataSource(feed: feed, store: store, screenful: 10) { _ in throw Offline() }
        #expect(list.items.map(\.id) == [0, 1, 2, 3, 4])
        #expect(list.items[3].isStarred == true, "the star is on the first frame")
        #expect(list.items.filter { $0.isStarred == true }.count == 1)
        #expect(StoreDataSource(store: store, key: 3).value?.isStarred == true)
        withExtendedLifetime(queue) {}
    }

    @Test func aStarTheServerRefusesIsRolledBackOnTheRow() async throws {
        let database = try DatabasePool(path: path)
        let feed = try StoredFeed<Article, Int>(database: database, list: "articles")
        try await feed.seed(pages: 1, pageSize: 5, complete: true)
        let store = Self.articles()
        let list = StoredFeedDataSource(feed: feed, store: store, screenful: 10) { _ in throw Offline() }
        let screen = FeedListScreen(list)
        await eventually { screen.differences.count == 1 }
        let sender = GatedFetcher<Article?>()
        let star = store.perform("Star", on: 1, change: Self.starred) { try await sender.fetch() }
        #expect(screen.differences.last == "~1")
        #expect(screen.title(1) == "1-1★")
        await eventually { sender.count == 1 }
        sender.gate(0).open(throwing: TestError(1))
        guard case .failed = await star.settled() else {
            Issue.record("the refused star fails")
            return
        }
        #expect(screen.differences.suffix(2) == ["~1", "~1"], "the star, then its rollback, as updates of the row")
        #expect(screen.title(1) == "1-1")
        #expect(list.items[1].isStarred == nil)
        #expect(try Self.stored(feed)[1].isStarred == nil)
    }
}
