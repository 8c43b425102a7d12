import ContentLoading
import ContentLoadingTestSupport
import Foundation
import Synchronization
import Testing

// Lists article example begin
/// An article of the reading list: the item a feed, a search and a detail screen share.
struct Article: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var isStarred = false
}

/// Draws a list row by row: here it prints each change, as `-3 +4 >1 ~2`.
@MainActor
final class PrintingRenderer: ListRenderer {
    private(set) var lines: [String] = []

    func apply(_ snapshot: ListSnapshot<Int>, difference: ListDifference<Int>) {
        lines.append("\(snapshot) \(difference)")
    }

    func show(_ screen: Screen) {}
    func hide() {}
}
// Lists article example end

@MainActor
@Suite("Lists of Shared Items article example", .timeLimit(.minutes(1)), .hangLimit)
struct ListsArticleTests {
    // Lists article test begin
    @Test func aStarShowsOnTheFeedAndTheDetailAsOneRow() async {
        let articles = ContentStore { (id: Int) in Article(id: id, title: "Article \(id)") }
        let feed = ListDataSource(store: articles) {
            [Article(id: 1, title: "Swift 6"), Article(id: 2, title: "Lists")]
        }
        let renderer = PrintingRenderer()
        let screen = ContentScreen(
            dataSource: feed, content: renderer, loading: renderer, empty: renderer, error: renderer,
            policy: .immediate)
        #expect(await feed.reload(ownedBy: .caller) == .committed(hasContent: true))
        let detail = StoreDataSource(store: articles, key: 2)
        let star = articles.perform("Star", on: 2, change: { $0.isStarred = true }, request: { nil })
        #expect(detail.value?.isStarred == true && feed.item(2)?.isStarred == true)
        #expect(renderer.lines == ["[1, 2] +1 +2", "[1, 2] ~2"])
        #expect(await star.settled() == .committed(Article(id: 2, title: "Lists", isStarred: true)))
        withExtendedLifetime(screen) {}
    }
    // Lists article test end

    // Paged lists article test begin
    @Test func aPageJoinsTheFeedAsItsRowsAlone() async {
        let articles = ContentStore { (id: Int) in Article(id: id, title: "Article \(id)") }
        let feed = PagedListDataSource(store: articles) { (cursor: Int?) in
            let first = cursor ?? 1
            let page = (first..<first + 2).map { Article(id: $0, title: "Article \($0)") }
            return Page(page, next: first < 3 ? first + 2 : nil)  // two pages of two
        }
        let renderer = PrintingRenderer()
        let screen = ContentScreen(
            dataSource: feed, content: renderer, loading: renderer, empty: renderer, error: renderer,
            policy: .immediate)
        #expect(await feed.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(await feed.loadMore(ownedBy: .caller) == .committed(hasMore: false))
        #expect(renderer.lines == ["[1, 2] +1 +2", "[1, 2, 3, 4] +3 +4"])
        #expect(feed.appendState == .endReached)
        withExtendedLifetime(screen) {}
    }
    // Paged lists article test end

    // Editing article test begin
    @Test func aFailedRemoveComesBackAndItsRetryRemovesTheRow() async {
        struct Unreachable: Error {}
        let serverIsUp = Mutex(false)
        let articles = ContentStore { (id: Int) in Article(id: id, title: "Article \(id)") }
        let feed = ListDataSource(store: articles) {
            [Article(id: 1, title: "Swift 6"), Article(id: 2, title: "Lists")]
        }
        #expect(await feed.reload(ownedBy: .caller) == .committed(hasContent: true))
        let remove = feed.remove("Delete Lists", id: 2) { _ in
            guard serverIsUp.withLock({ $0 }) else { throw Unreachable() }
        }
        #expect(feed.snapshot.ids == [1])  // gone at once
        guard case .failed = await remove.settled(), let failure = feed.writeFailure else {
            Issue.record("the remove did not fail")
            return
        }
        #expect(feed.snapshot.ids == [1, 2])  // back, with the failure beside the content
        serverIsUp.withLock { $0 = true }
        feed.dismissWriteFailure()
        #expect(feed.retry(failure))  // the Retry beside the message: gone at once again
        #expect(feed.snapshot.ids == [1])
        let star = feed.perform("Star", on: 1, change: { $0.isStarred = true }, request: { _ in nil })
        #expect(star.cancel() && feed.item(1)?.isStarred == false)  // off the screen at once
    }
    // Editing article test end

    @Test func theArticleShowsThisCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/ContentLoading/ContentLoading.docc/ListsOfSharedItems.md"),
            encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let example = try copy(
            in: source, between: "// Lists article example begin\n", and: "// Lists article example end")
        #expect(article.contains(example), "ListsOfSharedItems.md's item and renderer differ from this test's copy")
        let test = try copy(
            in: source, between: "    // Lists article test begin\n", and: "    // Lists article test end"
        )
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.hasPrefix("    ") ? $0.dropFirst(4) : $0 }
        .joined(separator: "\n")
        #expect(article.contains(test), "ListsOfSharedItems.md's test differs from this test's copy")
        let paged = try copy(
            in: source, between: "    // Paged lists article test begin\n", and: "    // Paged lists article test end"
        )
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.hasPrefix("    ") ? $0.dropFirst(4) : $0 }
        .joined(separator: "\n")
        #expect(article.contains(paged), "ListsOfSharedItems.md's paged list differs from this test's copy")
        let editing = try copy(
            in: source, between: "    // Editing article test begin\n", and: "    // Editing article test end"
        )
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.hasPrefix("    ") ? $0.dropFirst(4) : $0 }
        .joined(separator: "\n")
        #expect(article.contains(editing), "ListsOfSharedItems.md's editing test differs from this test's copy")
    }

    /// The text of `source` between the two markers.
    func copy(in source: String, between begin: String, and end: String) throws -> String {
        let begin = try #require(source.range(of: begin)).upperBound
        let end = try #require(source.range(of: end, range: begin..<source.endIndex)).lowerBound
        return String(source[begin..<end])
    }
}
