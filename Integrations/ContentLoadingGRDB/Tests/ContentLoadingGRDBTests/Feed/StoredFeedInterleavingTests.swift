import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation  // NSLock
import GRDB
import Testing

/// A network whose every fetch waits on a gate the test opens, in any order; a page's content
/// is the server's version when it was requested (a snapshot of the list then).
final class SnapshotServer: @unchecked Sendable {
    // @unchecked: every variable is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var _version = 1
    private var pending: [(cursor: Int?, version: Int, gate: AsyncGate<Page<[Article], Int>>)] = []
    let count: Int
    let pageSize: Int

    init(count: Int, pageSize: Int) {
        self.count = count
        self.pageSize = pageSize
    }

    /// Moves the server's list on: later requests see the new version.
    func bumpVersion() { lock.withLock { _version += 1 } }

    /// How many fetches wait.
    var pendingCount: Int { lock.withLock { pending.count } }

    func page(after cursor: Int?) async throws -> Page<[Article], Int> {
        let gate = AsyncGate<Page<[Article], Int>>()
        lock.withLock { pending.append((cursor, _version, gate)) }
        return try await gate.wait()
    }

    /// Answers the waiting fetch `index` with its page.
    func answer(_ index: Int) {
        let fetch = lock.withLock { pending.remove(at: index) }
        let start = fetch.cursor ?? 0
        let end = min(start + pageSize, count)
        fetch.gate.open(
            returning: Page(FeedServer.articles(start..<end, version: fetch.version), next: end < count ? end : nil))
    }
}

/// Screens of one stored feed refresh and scroll in a seeded random order, with their network
/// answers arriving in a random order: whatever the order, the stored list is whole pages,
/// contiguous from the first item, and never holds a page requested before the refresh it
/// follows (a page's version is never older than the first page's).
@MainActor
@Suite("Stored feed interleavings", .timeLimit(.minutes(1)), .hangLimit)
struct StoredFeedInterleavingTests {
    /// The stored list's versions by item, in order, if it is whole and contiguous from item 0.
    nonisolated static func storedVersions(_ db: Database) throws -> [Int]? {
        guard try StoredFeedTables.pagesAreWhole(db) else { return nil }
        let data = try Data.fetchAll(
            db, sql: "SELECT item FROM contentLoadingFeedRow WHERE list = 'articles' ORDER BY position")
        let articles = try data.map { try JSONDecoder().decode(Article.self, from: $0) }
        guard articles.map(\.id) == Array(0..<articles.count) else { return nil }
        return articles.map { Int($0.title.split(separator: "-")[0]) ?? 0 }
    }

    /// Whether no item is of an older version than the list's first item.
    nonisolated static func noOlderPage(_ versions: [Int]) -> Bool {
        guard let first = versions.first else { return true }
        return versions.allSatisfy { $0 >= first }
    }

    @Test(arguments: 0..<16)
    func anyOrderOfRefreshesPagesAndAnswersKeepsTheStoredListWhole(round: Int) async throws {
        let seed = UInt64.random(in: 0..<1_000_000)
        print("StoredFeedInterleavingTests seed: \(seed) (round \(round))")
        var random = SeededGenerator(seed: seed)
        let folder = try TemporaryFolder()
        let database = try DatabasePool(path: folder.path("app.sqlite"))
        let feed = try StoredFeed<Article, Int>(database: database, list: "articles")
        let server = SnapshotServer(count: 50, pageSize: 10)
        let screens = (0..<2).map { _ in
            StoredFeedDataSource(feed: feed, screenful: 10) { try await server.page(after: $0) }
        }
        // Both screens start from a stored first page.
        let first = Task { await screens[0].reload(ownedBy: .dataSource) }
        await eventually { server.pendingCount == 1 }
        server.answer(0)
        #expect(await first.boundedValue() == .committed(hasContent: true))
        screens[1].loadContent()
        await eventually { server.pendingCount == 1 }
        server.answer(0)
        await eventually { screens[1].hasContent }
        var reloads: [Task<LoadOutcome, Never>] = []
        var pages: [Task<PageOutcome, Never>] = []

        for step in 0..<80 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1:
                let screen = screens.randomElement(using: &random)!
                reloads.append(Task { await screen.reload(ownedBy: .dataSource) })
            case 2, 3, 4:
                let screen = screens.randomElement(using: &random)!
                pages.append(Task { await screen.loadMore(ownedBy: .dataSource) })
            case 5:
                server.bumpVersion()
            default:
                if server.pendingCount > 0 { server.answer(Int.random(in: 0..<server.pendingCount, using: &random)) }
            }
            for _ in 0..<Int.random(in: 0...20, using: &random) { await Task.yield() }
            let versions = try await database.read(Self.storedVersions)
            #expect(versions != nil, "seed \(seed), step \(step): whole pages, contiguous from the first item")
            #expect(Self.noOlderPage(versions ?? []), "seed \(seed), step \(step): \(versions ?? [])")
        }
        // Every fetch still waiting is answered, and every load ends.
        await eventually {
            if server.pendingCount > 0 { server.answer(0) }
            return server.pendingCount == 0
                && screens.allSatisfy { !$0.loadingCoordinator.isLoading && !$0.appendState.isLoadingMore }
        }
        _ = await reloads.boundedValues()
        _ = await pages.boundedValues()
        let versions = try await database.read(Self.storedVersions)
        #expect(versions != nil, "seed \(seed): whole pages, contiguous from the first item")
        #expect(Self.noOlderPage(versions ?? []), "seed \(seed): \(versions ?? [])")
        for screen in screens {
            #expect(screen.ids == Array(0..<screen.items.count), "seed \(seed): each screen's items are contiguous")
        }
    }
}
