import ContentLoading
import ContentLoadingTestSupport
import Foundation
import Testing

/// The reading list's server in the Lists of Shared Items article: its answers, and what it
/// keeps starred.
actor ArticleAPI {
    private var starred: Set<Int> = []
    private let titles = [1: "Swift 6", 2: "Diffable data sources", 3: "SQLite"]

    func article(_ id: Int) -> Article { Article(id: id, title: titles[id] ?? "?", isStarred: starred.contains(id)) }
    func feed() -> [Article] { [1, 2, 3].map(article) }
    func search(_ text: String) -> [Article] { [2, 3].map(article) }
    func star(_ id: Int) -> Article {
        starred.insert(id)
        return article(id)
    }
}

// Lists article example begin
/// An article: the same value on the feed, in a search and on its detail screen.
struct Article: Identifiable, Sendable, Equatable {
    let id: Int
    var title: String
    var isStarred = false
}

/// The reading list's screens: every article held once, by id, in one store.
@MainActor
final class ReadingList {
    let api: ArticleAPI
    let articles: ContentStore<Int, Article>
    let feed: ListDataSource<Article>

    init(api: ArticleAPI) {
        self.api = api
        articles = ContentStore { id in await api.article(id) }
        feed = ListDataSource(store: articles) { await api.feed() }
    }

    func search(_ text: String) -> ListDataSource<Article> {
        ListDataSource(store: articles) { [api] in await api.search(text) }
    }

    func detail(_ id: Int) -> StoreDataSource<Int, Article> {
        StoreDataSource(store: articles, key: id)
    }

    @discardableResult
    func star(_ id: Int) -> StoreWrite<Article> {
        articles.perform("Star", on: id) {
            $0.isStarred = true
        } request: { [api] in
            await api.star(id)
        }
    }
}
// Lists article example end

@MainActor
@Suite("Lists of Shared Items article example", .timeLimit(.minutes(1)), .hangLimit)
struct ListsArticleTests {
    // Lists article test begin
    @Test func aStarShowsOnTheFeedTheSearchAndTheDetailAtOnce() async {
        let app = ReadingList(api: ArticleAPI())
        let search = app.search("data")
        let detail = app.detail(2)
        #expect(await app.feed.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(await search.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(app.feed.snapshot.ids == [1, 2, 3] && search.snapshot.ids == [2, 3])

        let write = app.star(2)
        // Before the server answers, in the same turn: one value, three screens.
        #expect(app.feed.item(2)?.isStarred == true)
        #expect(search.item(2)?.isStarred == true)
        #expect(detail.value?.isStarred == true)
        #expect(await write.settled() == .committed(Article(id: 2, title: "Diffable data sources", isStarred: true)))
    }
    // Lists article test end

    @Test func theArticleShowsThisCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/ContentLoading/ContentLoading.docc/ListsOfSharedItems.md"),
            encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let example = try copy(
            in: source, between: "// Lists article example begin\n", and: "// Lists article example end")
        #expect(article.contains(example), "ListsOfSharedItems.md's reading list differs from this test's copy")
        let test = try copy(
            in: source, between: "    // Lists article test begin\n", and: "    // Lists article test end"
        )
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.hasPrefix("    ") ? $0.dropFirst(4) : $0 }
        .joined(separator: "\n")
        #expect(article.contains(test), "ListsOfSharedItems.md's test differs from this test's copy")
    }

    /// The text of `source` between the two markers.
    func copy(in source: String, between begin: String, and end: String) throws -> String {
        let begin = try #require(source.range(of: begin)).upperBound
        let end = try #require(source.range(of: end, range: begin..<source.endIndex)).lowerBound
        return String(source[begin..<end])
    }
}
