import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import GRDB
import Testing

// CheckedRefreshes article example begin
/// Refreshes the `item` table in a load of `dataSource`: nothing is written if a newer refresh
/// began, or the load ended, before the commit.
@MainActor
func refreshItems(for dataSource: DataSource, writer: RefreshWriter, api: ItemsAPI) {
    let ticket = writer.beginRefresh()  // on the main actor, as the load begins
    dataSource.loadingCoordinator.load { state in
        let items = try await api.items()
        try await writer.writeRefresh(ticket, token: state) { db in
            try Item.deleteAll(db)
            for item in items { try item.insert(db) }
        }
    } commit: { _ in
    }
}
// CheckedRefreshes article example end

/// A data source whose loads the test begins with the article's function.
@MainActor
final class ItemsRefreshes: DataSource {
    override var hasContent: Bool { false }
    override func loadContent() {}
}

/// The code of the "Checking Refreshes at Their Commit" article, run against a real file.
@MainActor
@Suite("Checked Refreshes article", .timeLimit(.minutes(1)), .hangLimit)
struct CheckedRefreshesArticleTests {
    let folder: TemporaryFolder
    let database: DatabasePool
    let writer: RefreshWriter

    init() throws {
        folder = try TemporaryFolder()
        database = try DatabasePool(path: folder.path("app.sqlite"))
        try Item.migrator.migrate(database)
        writer = try RefreshWriter(database: database, list: "items")
    }

    func names() throws -> [String] {
        try database.read { db in try String.fetchAll(db, sql: "SELECT name FROM item ORDER BY position") }
    }

    @Test func aSupersededRefreshWritesNothingEvenWhenItsResponseArrivesFirst() async throws {
        let fetcher = GatedFetcher<[Item]>()
        defer { fetcher.openAll() }
        let dataSource = ItemsRefreshes()
        let api = ItemsAPI { try await fetcher.fetch() }
        // One at a time: begun together, the two tasks could reach the fetcher in either order,
        // and the newer refresh would get the older response's gate.
        refreshItems(for: dataSource, writer: writer, api: api)
        await eventually { fetcher.count == 1 }
        refreshItems(for: dataSource, writer: writer, api: api)
        await eventually { fetcher.count == 2 }
        fetcher.gate(0).open(returning: [Item(id: 1, name: "old", position: 1)])
        fetcher.gate(1).open(returning: [Item(id: 1, name: "new", position: 1)])
        await eventually { (try? names()) == ["new"] }
        #expect(try await database.read { db in try writer.generation(db) } == 1, "one refresh written")
    }

    @Test func theArticleShowsThisCode() throws {
        #expect(
            try ArticleText.article("CheckedRefreshes.md").contains(
                ArticleText.code("CheckedRefreshes article example")))
    }
}
