import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// A process killed with SIGKILL while it writes a stored feed's page, or a refresh of it, leaves
/// whole pages, in a real file, in both journal modes GRDB uses, for a feed of JSON values and a
/// feed of records in the app's table; a relaunch shows every stored page, offline, and its
/// footer says where they end. Its cases run one at a time: each starts a child process, and
/// twelve starting at once would starve the other suites on a small machine.
@MainActor
@Suite("Killed feed writer", .serialized, .timeLimit(.minutes(1)), .hangLimit)
struct KilledFeedWriterTests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("app.sqlite")
    }

    /// The journal modes and the feed's kinds: `queue` or `pool`, and `-records` for a record feed.
    nonisolated static let kinds = ["queue", "pool", "queue-records", "pool-records"]

    func open(_ kind: String) throws -> any DatabaseWriter {
        kind.hasPrefix("pool") ? try DatabasePool(path: path) : try DatabaseQueue(path: path)
    }

    /// The feed "articles" of `kind` in `database`.
    func feed(_ kind: String, _ database: any DatabaseWriter) throws -> StoredFeed<Article, Int> {
        guard kind.hasSuffix("-records") else { return try StoredFeed(database: database, list: "articles") }
        try Article.migrator.migrate(database)
        return try StoredFeed(recordsIn: database, list: "articles")
    }

    /// The stored titles, whether every page is whole, and SQLite's integrity check.
    func readBack(_ kind: String, _ database: any DatabaseWriter) throws -> (
        titles: [String], whole: Bool, integrity: String
    ) {
        let records = kind.hasSuffix("-records")
        return try database.read { db in
            (
                records ? try StoredFeedTables.recordTitles(db) : try StoredFeedTables.titles(db),
                records ? try StoredFeedTables.recordPagesAreWhole(db) : try StoredFeedTables.pagesAreWhole(db),
                try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? ""
            )
        }
    }

    /// A relaunch, offline: the data source over the file shows every stored page, screenful
    /// by screenful, and then the end of the stored pages in its footer.
    func relaunchOffline(_ kind: String, _ database: any DatabaseWriter) async throws -> (
        items: [String], last: PageOutcome
    ) {
        let feed = try feed(kind, database)
        let dataSource = StoredFeedDataSource(feed: feed, screenful: 7) { _ in throw Offline() }
        #expect(dataSource.hasContent, "the first frame is the stored feed's")
        var outcome = PageOutcome.committed(hasMore: true)
        while outcome == .committed(hasMore: true) { outcome = await dataSource.loadMore(ownedBy: .caller) }
        return (dataSource.items.map(\.title), outcome)
    }

    @Test(arguments: kinds)
    func aPageKilledInsideItsTransactionLeavesTheWholePagesBeforeIt(kind: String) async throws {
        let child = try ChildProcess(["feed-hold", path, kind, "20"])
        await eventually { child.lines.contains("inside") }
        #expect(child.lines == ["committed 0", "inside"])
        #expect(try await child.killAndWait(), "the child died of SIGKILL")

        let database = try open(kind)
        let after = try readBack(kind, database)
        #expect(after.integrity == "ok")
        #expect(after.whole)
        #expect(after.titles == (0..<20).map { "0-\($0)" }, "the first page, none of the killed page's rows")

        let relaunch = try await relaunchOffline(kind, database)
        #expect(relaunch.items == after.titles)
        guard case .failed(let error) = relaunch.last else {
            Issue.record("the stored pages ended with \(relaunch.last)")
            return
        }
        #expect(error is StoredPagesEnded, "the footer says where the stored pages end")

        // Online, the page cut off is fetched again, at the cursor stored with the page before it.
        let server = FeedServer(count: 45, pageSize: 25)
        let online = StoredFeedDataSource(
            feed: try feed(kind, database), screenful: 20
        ) { try await server.page(after: $0) }
        #expect(await online.loadMore(ownedBy: .caller) == .committed(hasMore: false))
        #expect(server.fetched == [20])
        #expect(online.items.map(\.title) == after.titles + (20..<45).map { "1-\($0)" })
        #expect(try readBack(kind, database).whole)
    }

    @Test(arguments: kinds)
    func aRefreshKilledInsideItsTransactionLeavesTheWholeListBeforeIt(kind: String) async throws {
        let child = try ChildProcess(["feed-hold-refresh", path, kind, "15"])
        await eventually { child.lines.contains("inside") }
        #expect(child.lines == ["committed 0", "committed 1", "committed 2", "inside"])
        #expect(try await child.killAndWait(), "the child died of SIGKILL")

        let database = try open(kind)
        let after = try readBack(kind, database)
        #expect(after.integrity == "ok")
        #expect(after.whole)
        let expected = (0..<3).flatMap { page in (0..<15).map { "\(page)-\(page * 15 + $0)" } }
        #expect(after.titles == expected, "the three pages, none of the killed refresh's rows")
        let relaunch = try await relaunchOffline(kind, database)
        #expect(relaunch.items == expected)
    }

    @Test(arguments: kinds)
    func pagesKilledAtAnyPointLeaveWholePages(kind: String) async throws {
        let seed = UInt64.random(in: 0..<1_000_000)
        print("KilledFeedWriterTests seed: \(seed) (\(kind))")
        var random = SeededGenerator(seed: seed)
        let committedBeforeKill = Int.random(in: 2...8, using: &random)
        let rows = 40

        let child = try ChildProcess(["feed-loop", path, kind, "\(rows)"])
        await eventually { child.lines.contains("committed \(committedBeforeKill)") }
        #expect(try await child.killAndWait(), "the child died of SIGKILL")

        let database = try open(kind)
        let after = try readBack(kind, database)
        #expect(after.integrity == "ok")
        #expect(after.whole, "seed \(seed): every stored page is whole")
        let pages = after.titles.count / rows
        #expect(after.titles.count == pages * rows, "seed \(seed): whole pages only")
        #expect(pages > committedBeforeKill, "seed \(seed): every page it reported is kept")
        let expected = (0..<pages).flatMap { page in (0..<rows).map { "\(page)-\(page * rows + $0)" } }
        #expect(after.titles == expected, "seed \(seed): the pages in order")

        let relaunch = try await relaunchOffline(kind, database)
        #expect(relaunch.items == expected, "seed \(seed): a relaunch shows every stored page")
    }
}
