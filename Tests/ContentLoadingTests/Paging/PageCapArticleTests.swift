import ContentLoading
import ContentLoadingTestSupport
import Foundation
import Observation
import Testing

// Pagination article page cap example begin
/// A feed that keeps at most a few pages in memory, however far the user scrolls.
@MainActor
@Observable
final class CappedFeedDataSource: PagedDataSource<Int> {
    private(set) var pages: [[String]] = []
    var rows: [String] { pages.flatMap { $0 } }
    let api: FeedAPI

    init(api: FeedAPI, maxPages: Int = 5) {
        self.api = api
        super.init()
        self.maxPages = maxPages
    }

    override var hasContent: Bool { !pages.isEmpty }

    override func loadContent() {
        loadFirstPage { [api] _ in
            try await api.page(after: nil)
        } commit: { dataSource, rows in
            dataSource.pages = [rows]
        }
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        appendPage(state) { [api] _ in
            try await api.page(after: cursor)
        } commit: { dataSource, rows in
            dataSource.pages.append(rows)
        }
    }

    override func loadPreviousPage(at cursor: Int?, _ state: LoadingState) {
        prependPage(state) { [api] _ in
            try await api.page(after: cursor)  // nil: the first page, as loadContent() loads it
        } commit: { dataSource, rows in
            dataSource.pages.insert(rows, at: 0)
        }
    }

    override func dropPage(_ edge: PageEdge) {
        switch edge {
        case .first: pages.removeFirst()
        case .last: pages.removeLast()
        }
    }
}
// Pagination article page cap example end

/// The Pagination article's page cap example, run against the article's feed API (three pages
/// of two rows), with a cap of two pages.
@MainActor
@Suite("Pagination article page cap example", .timeLimit(.minutes(1)), .hangLimit)
struct PageCapArticleTests {
    @Test func theExampleKeepsTwoPagesAndRefetchesTheFirstWhenScrolledBack() async {
        let feed = CappedFeedDataSource(api: FeedAPI(), maxPages: 2)
        #expect(await feed.reload(ownedBy: .caller) == .committed(hasContent: true))
        for _ in 0..<2 {
            guard case .started = feed.loadMore() else {
                Issue.record("no page began")
                return
            }
            #expect(await eventually { !feed.appendState.isLoadingMore })
        }
        #expect(feed.rows == ["row 2", "row 3", "row 4", "row 5"], "the first page was dropped")
        #expect(feed.appendState == .endReached)
        #expect(feed.previousPageState == .available)
        guard case .started = feed.loadPrevious() else {
            Issue.record("no page began")
            return
        }
        #expect(await eventually { feed.previousPageState != .loading })
        #expect(feed.rows == ["row 0", "row 1", "row 2", "row 3"], "the first page is back, the last dropped")
        #expect(feed.previousPageState == .none)
        #expect(feed.appendState == .idle)
        #expect(feed.nextCursor == 4)
    }

    @Test func theArticleHasThisExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/ContentLoading/ContentLoading.docc/Pagination.md"),
            encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let begin = try #require(source.range(of: "// Pagination article page cap example begin\n")).upperBound
        let end = try #require(source.range(of: "// Pagination article page cap example end")).lowerBound
        #expect(
            article.contains(String(source[begin..<end])), "Pagination.md's page cap example differs from this copy")
    }
}
