import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// A paged list kept in SQLite: the first frame is the first stored screenful, scrolling reads
/// the stored pages before the network, a network page is written in one checked transaction,
/// a refresh replaces the stored list, a page begun before a refresh writes nothing, and
/// offline every stored page shows with the footer saying where they end.
@MainActor
@Suite("Stored feed data source", .timeLimit(.minutes(1)), .hangLimit)
struct StoredFeedDataSourceTests {
    let folder: TemporaryFolder
    let database: DatabasePool
    let feed: StoredFeed<Article, Int>

    init() throws {
        folder = try TemporaryFolder()
        database = try DatabasePool(path: folder.path("app.sqlite"))
        feed = try StoredFeed(database: database, list: "articles")
    }

    func titles(_ range: Range<Int>, version: Int = 1) -> [String] { range.map { "\(version)-\($0)" } }

    func storedTitles() async throws -> [String] { try await database.read { try StoredFeedTables.titles($0) } }

    func dataSource(_ server: FeedServer, screenful: Int = 10) -> StoredFeedDataSource<Article, Int> {
        StoredFeedDataSource(feed: feed, screenful: screenful) { try await server.page(after: $0) }
    }

    @Test func theFirstFrameIsTheFirstStoredScreenfulWithoutTheNetwork() async throws {
        try await feed.seed(pages: 3, pageSize: 20)
        let server = FeedServer(count: 100, pageSize: 20)
        server.isOnline = false
        let dataSource = dataSource(server, screenful: 10)
        let screen = RecordingScreen(dataSource)
        #expect(dataSource.items.map(\.title) == titles(0..<10), "the first screenful, read at once")
        #expect(dataSource.ids == Array(0..<10))
        #expect(screen.shown == .content, "no loading screen")
        #expect(dataSource.appendState == .idle)
        #expect(dataSource.nextCursor == 10)
        #expect(server.fetched.isEmpty, "the network is not asked")
    }

    @Test func theFirstFrameReadsOneScreenfulWhateverTheStoredListsLength() async throws {
        let loads = DataSource()
        _ = try await feed.writeRefresh(
            Page(FeedServer.articles(0..<10_000), next: 10_000), ticket: feed.writer.beginRefresh(),
            token: loads.loadingCoordinator.loadContent { _ in })
        let dataSource = dataSource(FeedServer(count: 20_000, pageSize: 100), screenful: 30)
        #expect(dataSource.items.count == 30, "one screenful of the 10,000 stored")
        let plan = try await database.read { db in
            try String.fetchAll(
                db,
                sql: """
                    EXPLAIN QUERY PLAN SELECT position, item FROM contentLoadingFeedRow
                    WHERE list = 'articles' AND position > 0 ORDER BY position LIMIT 30
                    """
            )
        }
        #expect(plan.allSatisfy { !$0.contains("SCAN") && !$0.contains("TEMP B-TREE") }, "an indexed range: \(plan)")
    }

    @Test func aListNeverFetchedShowsTheLoadingScreenUntilItsFirstPageIsStored() async throws {
        let server = FeedServer(count: 25, pageSize: 10)
        let dataSource = dataSource(server)
        let screen = RecordingScreen(dataSource)
        #expect(dataSource.loadingCoordinator.state == .initial)
        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(screen.shown == .content)
        #expect(dataSource.items.map(\.title) == titles(0..<10))
        #expect(try await storedTitles() == titles(0..<10))
    }

    @Test func scrollingReadsTheStoredPagesBeforeAskingTheNetwork() async throws {
        try await feed.seed(pages: 2, pageSize: 10)
        let server = FeedServer(count: 30, pageSize: 10)
        let dataSource = dataSource(server, screenful: 10)
        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: true))
        #expect(server.fetched.isEmpty, "the second stored page is read from the database")
        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: false))
        #expect(server.fetched == [20], "the page after the stored ones, at the stored cursor")
        #expect(dataSource.items.map(\.title) == titles(0..<30))
        #expect(dataSource.appendState == .endReached)
        #expect(try await storedTitles() == titles(0..<30), "the network page was stored")
        #expect(try await database.read { try StoredFeedTables.pagesAreWhole($0) })

        // A relaunch reads the whole list from the database, and knows it is complete.
        server.isOnline = false
        let relaunched = self.dataSource(server, screenful: 10)
        #expect(await relaunched.loadMore(ownedBy: .caller) == .committed(hasMore: true))
        #expect(await relaunched.loadMore(ownedBy: .caller) == .committed(hasMore: false))
        #expect(await relaunched.loadMore(ownedBy: .caller) == .refused(.endReached))
        #expect(relaunched.items.map(\.title) == titles(0..<30))
        #expect(server.fetched == [20])
    }

    @Test func offlineEveryStoredPageShowsAndTheFooterSaysWhereTheyEnd() async throws {
        try await feed.seed(pages: 2, pageSize: 10)
        let server = FeedServer(count: 40, pageSize: 10)
        server.isOnline = false
        let dataSource = dataSource(server, screenful: 10)
        let screen = RecordingScreen(dataSource)
        #expect(await dataSource.reload(ownedBy: .caller) == .failed(Offline()), "the refresh fails offline")
        #expect(screen.shown == .content, "beside the stored items, not an error screen")
        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: true))
        guard case .failed(let error) = await dataSource.loadMore(ownedBy: .caller) else {
            Issue.record("the page after the stored ones did not fail")
            return
        }
        #expect((error as? StoredPagesEnded)?.underlying is Offline)
        #expect(screen.shown == .content)
        #expect(dataSource.items.map(\.title) == titles(0..<20), "every stored page")
        guard case .failed(let footerError) = screen.wrapper.footer.state else {
            Issue.record("the footer is \(screen.wrapper.footer)")
            return
        }
        #expect(footerError is StoredPagesEnded, "the footer says the stored pages end here")
        #expect(screen.wrapper.footer.placeholder?.action != nil, "with a Retry")

        server.isOnline = true
        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: true), "Retry asks the network")
        #expect(dataSource.items.map(\.title) == titles(0..<30))
        #expect(try await storedTitles() == titles(0..<30))
    }

    @Test func aRefreshReplacesTheStoredListInOneTransaction() async throws {
        try await feed.seed(pages: 3, pageSize: 10)
        let server = FeedServer(count: 30, pageSize: 10)
        server.version = 2
        let dataSource = dataSource(server, screenful: 10)
        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: true))
        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(dataSource.items.map(\.title) == titles(0..<10, version: 2))
        #expect(try await storedTitles() == titles(0..<10, version: 2), "the old list is gone, whole")
        #expect(try await database.read { try StoredFeedTables.pagesAreWhole($0) })
        #expect(dataSource.nextCursor == 10)
        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: true))
        #expect(server.fetched == [nil, 10], "the next page comes from the network: the old pages are gone")
    }

    @Test func aPageBegunBeforeARefreshOfTheSameScreenWritesNothing() async throws {
        try await feed.seed(pages: 1, pageSize: 3)
        let server = FeedServer(count: 5, pageSize: 3, gatedCursors: [3])
        let dataSource = dataSource(server, screenful: 10)
        let page = Task { await dataSource.loadMore(ownedBy: .dataSource) }
        await eventually { server.gated.count == 1 }
        server.version = 2
        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
        server.gated.gate(0).open(returning: Page(FeedServer.articles(3..<5), next: nil))
        #expect(await page.boundedValue() == .superseded)
        #expect(dataSource.items.map(\.title) == titles(0..<3, version: 2))
        #expect(try await storedTitles() == titles(0..<3, version: 2), "nothing of the old list's page")
    }

    @Test func aPageBegunBeforeAnotherScreensRefreshWritesNothing() async throws {
        try await feed.seed(pages: 1, pageSize: 3)
        let server = FeedServer(count: 5, pageSize: 3, gatedCursors: [3])
        let scrolled = dataSource(server, screenful: 10)
        let page = Task { await scrolled.loadMore(ownedBy: .caller) }
        await eventually { server.gated.count == 1 }

        // Another screen of the list refreshes it: as many items as before, so only the
        // generation tells the lists apart.
        server.version = 2
        let refreshed = dataSource(server, screenful: 10)
        #expect(await refreshed.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(try await storedTitles() == titles(0..<3, version: 2))

        server.gated.gate(0).open(returning: Page(FeedServer.articles(3..<5), next: nil))
        #expect(await page.boundedValue() == .failed(StoredFeedListReplaced()))
        #expect(try await storedTitles() == titles(0..<3, version: 2), "the old list's page wrote nothing")
        #expect(scrolled.items.map(\.title) == titles(0..<3), "and showed nothing")
        #expect(try await database.read { try StoredFeedTables.pagesAreWhole($0) })
    }

    @Test func twoScreensAtTheEndOfTheStoredPagesStoreThePageOnce() async throws {
        try await feed.seed(pages: 1, pageSize: 3)
        let server = FeedServer(count: 5, pageSize: 3, gatedCursors: [3])
        let first = dataSource(server, screenful: 10)
        let second = dataSource(server, screenful: 10)
        let firstPage = Task { await first.loadMore(ownedBy: .caller) }
        await eventually { server.gated.count == 1 }
        let secondPage = Task { await second.loadMore(ownedBy: .caller) }
        await eventually { server.gated.count == 2 }
        server.gated.gate(0).open(returning: Page(FeedServer.articles(3..<5), next: nil))
        #expect(await firstPage.boundedValue() == .committed(hasMore: false))
        server.gated.gate(1).open(returning: Page(FeedServer.articles(3..<5), next: nil))
        #expect(await secondPage.boundedValue() == .committed(hasMore: false))
        #expect(second.items.map(\.title) == titles(0..<5))
        #expect(try await storedTitles() == titles(0..<5), "the page once")
    }

    @Test func anItemRepeatedByAShiftedNetworkPageIsInTheSnapshotOnce() async throws {
        try await feed.seed(pages: 1, pageSize: 3)
        let server = FeedServer(count: 6, pageSize: 3, gatedCursors: [3])
        let dataSource = dataSource(server, screenful: 10)
        let page = Task { await dataSource.loadMore(ownedBy: .caller) }
        await eventually { server.gated.count == 1 }
        // An item was added at the list's start on the server: the next page repeats item 2.
        server.gated.gate(0).open(returning: Page(FeedServer.articles(2..<5), next: nil))
        #expect(await page.boundedValue() == .committed(hasMore: false))
        #expect(dataSource.ids == [0, 1, 2, 2, 3, 4], "the stored rows, as the network sent them")
        #expect(dataSource.snapshot.ids == [0, 1, 2, 3, 4])
        #expect(dataSource.snapshot.duplicates == [2])
    }
}
