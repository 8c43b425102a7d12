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
}

// OfflineFirstFeed article example begin
/// The reading list: the stored articles first, then the network's pages, each stored before
/// it shows. A file that cannot be opened or written keeps the list in memory, with a notice.
@MainActor
func readingList(path: String, api: ReadingListAPI, notice: @escaping @MainActor (String) -> Void)
    -> StoredFeedDataSource<Article, Int>
{
    let feed = StoredFeed<Article, Int>.open(atPath: path, list: "reading-list") { _ in
        notice("Your reading list will not be kept after you close the app.")
    }
    return StoredFeedDataSource(feed: feed, screenful: 30) { _ in
        notice("New articles will not be kept after you close the app.")
    } fetch: { cursor in
        try await api.articles(after: cursor)  // nil: the first page
    }
}
// OfflineFirstFeed article example end

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
            let online = readingList(path: path, api: ReadingListAPI(server: server)) { notices.append($0) }
            #expect(await online.reload(ownedBy: .caller) == .committed(hasContent: true))
        }
        server.isOnline = false
        let offline = readingList(path: path, api: ReadingListAPI(server: server)) { notices.append($0) }
        #expect(offline.items.count == 30, "the first stored screenful, on the first frame")
        #expect(await offline.loadMore(ownedBy: .caller) == .committed(hasMore: true))
        #expect(offline.items.count == 40)
        #expect(notices.isEmpty)
    }

    @Test func aFileThatIsNotADatabaseKeepsTheListInMemoryWithANotice() async throws {
        let path = folder.path("app.sqlite")
        try Data(repeating: 0x2A, count: 8192).write(to: URL(fileURLWithPath: path))
        var notices: [String] = []
        let dataSource = readingList(path: path, api: ReadingListAPI(server: FeedServer(count: 10, pageSize: 10))) {
            notices.append($0)
        }
        #expect(notices == ["Your reading list will not be kept after you close the app."])
        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
    }

    @Test func theArticleShowsThisCode() throws {
        #expect(
            try ArticleText.article("OfflineFirstFeed.md").contains(
                ArticleText.code("OfflineFirstFeed article example")))
    }
}
