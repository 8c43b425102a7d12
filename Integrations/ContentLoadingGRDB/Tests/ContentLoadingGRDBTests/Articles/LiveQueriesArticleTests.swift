import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import GRDB
import Testing

// LiveQueries article example begin
/// The items screen: the `item` table in order, refreshed from the network through `writer`.
@MainActor
func makeItemsDataSource(database: DatabasePool, writer: RefreshWriter, api: ItemsAPI) -> LiveQueryDataSource<[Item]> {
    let refresh = DatabaseRefresh(writer: writer) {
        let items = try await api.items()  // off the main actor
        return { db in  // inside the refresh's transaction
            try Item.deleteAll(db)
            for item in items { try item.insert(db) }
        }
    }
    return LiveQueryDataSource(database: database, refresh: refresh) { db in
        try Item.order(Column("position")).fetchAll(db)
    } isEmpty: {
        $0.isEmpty
    }
}
// LiveQueries article example end

/// The code of the "Showing a Live Query" article, run against a real file.
@MainActor
@Suite("Live Queries article", .timeLimit(.minutes(1)), .hangLimit)
struct LiveQueriesArticleTests {
    let folder: TemporaryFolder
    let database: DatabasePool
    let writer: RefreshWriter

    init() throws {
        folder = try TemporaryFolder()
        database = try DatabasePool(path: folder.path("app.sqlite"))
        try Item.migrator.migrate(database)
        writer = try RefreshWriter(database: database, list: "items")  // one per list, shared
    }

    @Test func anEmptyDatabaseLoadsThenFollowsTheTable() async throws {
        let served = [Item(id: 1, name: "b", position: 2), Item(id: 2, name: "a", position: 1)]
        let dataSource = makeItemsDataSource(database: database, writer: writer, api: ItemsAPI { served })
        #expect(dataSource.rows == [])
        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(dataSource.rows?.map(\.name) == ["a", "b"], "in position order")
        try await database.write { db in _ = try Item.deleteAll(db) }  // another writer empties the table
        await eventually { dataSource.contentState == .empty }
        #expect(dataSource.rows == [])
    }

    @Test func storedRowsAreTheFirstFrame() async throws {
        try await database.write { db in try Item(id: 1, name: "stored", position: 1).insert(db) }
        let dataSource = makeItemsDataSource(database: database, writer: writer, api: ItemsAPI { throw TestError(1) })
        #expect(dataSource.rows?.map(\.name) == ["stored"])
        #expect(await dataSource.reload(ownedBy: .caller) == .failed(TestError(1)))
        #expect(dataSource.rows?.map(\.name) == ["stored"], "a failed refresh keeps the stored rows")
    }

    @Test func theArticleShowsThisCode() throws {
        #expect(try ArticleText.article("LiveQueries.md").contains(ArticleText.code("LiveQueries article example")))
    }
}
