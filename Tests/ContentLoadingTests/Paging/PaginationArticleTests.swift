import ContentLoading
import ContentLoadingTestSupport
import Foundation
import Observation
import Testing

/// The feed API the Pagination article's example calls: pages of two rows, three pages in all.
struct FeedAPI: Sendable {
    let failingCursors: Set<Int>

    init(failingCursors: Set<Int> = []) {
        self.failingCursors = failingCursors
    }

    func page(after cursor: Int?) async throws -> Page<[String], Int> {
        let start = cursor ?? 0
        if failingCursors.contains(start) { throw TestError(start) }
        let next = start + 2
        return Page(["row \(start)", "row \(start + 1)"], next: next < 6 ? next : nil)
    }
}

// Pagination article example begin
/// Loads a feed page by page; the cursor is whatever the API hands back.
@MainActor
@Observable
final class FeedDataSource: PagedDataSource<Int> {
    private(set) var rows: [String] = []
    let api: FeedAPI

    init(api: FeedAPI) {
        self.api = api
    }

    override var hasContent: Bool { !rows.isEmpty }

    override func loadContent() {
        loadFirstPage { [api] _ in
            try await api.page(after: nil)  // a Page(rows, next: cursor), next nil on the last page
        } commit: { dataSource, rows in
            dataSource.rows = rows
        }
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        appendPage(state) { [api] _ in
            try await api.page(after: cursor)
        } commit: { dataSource, rows in
            dataSource.rows += rows
        }
    }
}
// Pagination article example end

@MainActor
@Suite("Pagination article example", .timeLimit(.minutes(1)), .hangLimit)
struct PaginationArticleTests {
    // Pagination article awaiting example begin
    @Test func theFeedLoadsPageByPageToItsEnd() async {
        let dataSource = FeedDataSource(api: FeedAPI())  // three pages of two rows
        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: true))
        #expect(await dataSource.loadMore(ownedBy: .caller) == .committed(hasMore: false))
        #expect(await dataSource.loadMore(ownedBy: .caller) == .refused(.endReached))
        #expect(dataSource.rows == ["row 0", "row 1", "row 2", "row 3", "row 4", "row 5"])
    }
    // Pagination article awaiting example end

    @Test func aFailedPageRetriesThatPage() async {
        let dataSource = FeedDataSource(api: FeedAPI(failingCursors: [2]))
        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(await dataSource.loadMore(ownedBy: .caller) == .failed(TestError(2)))
        #expect(dataSource.appendState == .failed(TestError(2)))
        #expect(dataSource.rows.count == 2)
        #expect(dataSource.nextCursor == 2)
        #expect(await dataSource.loadMore(ownedBy: .caller) == .failed(TestError(2)), "the same page again")
    }

    /// Under the standard policy, with a clock that never moves, every page lands within the
    /// loading delay and the wrapper draws nothing for it but the end of the list: the article's
    /// list grows because the data source is `@Observable`, down to the last page.
    @Test func theListShowsEveryPageThoughNoPageIsDrawn() async throws {
        let list = FeedList(expectedRows: 6, clock: ManualClock())
        let model = ObservationCounter { _ = (list.model.screen, list.model.footer) }
        list.dataSource.loadContent()
        try await list.showsEveryRow.wait()
        #expect(list.shown == (0..<6).map { "row \($0)" })
        #expect(list.dataSource.loadMore() == .refused(.endReached))
        #expect(model.drain() == 3, "the first load begun, its content, and the end of the list: no indicator")
        #expect(list.model.footer.state == .endReached)
        #expect(!list.wrapper.isPresentationPending)
    }

    @Test func theArticleShowsThisCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/ContentLoading/ContentLoading.docc/Pagination.md"),
            encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let begin = source.range(of: "// Pagination article example begin\n")!.upperBound
        let end = source.range(of: "// Pagination article example end")!.lowerBound
        #expect(
            article.contains(String(source[begin..<end])), "Pagination.md's example differs from this test's copy")
        // The test awaiting pages is shown at the top level, one indent out from this suite.
        let testBegin = source.range(of: "    // Pagination article awaiting example begin\n")!.upperBound
        let testEnd = source.range(of: "    // Pagination article awaiting example end")!.lowerBound
        let test = source[testBegin..<testEnd].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("    ") ? $0.dropFirst(4) : $0 }
            .joined(separator: "\n")
        #expect(article.contains(test), "Pagination.md's test awaiting pages differs from this test's copy")
    }
}

/// The article's list, as SwiftUI would run it: the body reads the rows under Observation and
/// renders again on a later turn of the main actor when they change, and the last row's
/// `onAppear` loads more.
@MainActor
final class FeedList: DataSourceDelegate {
    let dataSource = FeedDataSource(api: FeedAPI())
    let model = ScreenModel()
    let wrapper: ContentWrapper
    /// Opens once the list shows `expectedRows` rows.
    let showsEveryRow = AsyncGate<Void>()
    private let expectedRows: Int
    private(set) var shown: [String] = []
    private var appeared: Set<String> = []

    init(expectedRows: Int, clock: ManualClock) {
        self.expectedRows = expectedRows
        wrapper = ContentWrapper(drawingInto: model, policy: .standard, clock: clock)
        dataSource.delegate = self
        render()
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    private func render() {
        shown = withObservationTracking {
            dataSource.rows
        } onChange: { [weak self] in
            Task { @MainActor in self?.render() }
        }
        // `Text(row).onAppear { if row == dataSource.rows.last { dataSource.loadMore() } }`
        for row in shown where appeared.insert(row).inserted {
            if row == dataSource.rows.last { dataSource.loadMore() }
        }
        if shown.count == expectedRows { _ = showsEveryRow.open(returning: ()) }
    }
}
