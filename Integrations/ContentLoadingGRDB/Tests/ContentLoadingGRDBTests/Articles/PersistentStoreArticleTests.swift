import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import GRDB
import Testing

/// A profile the articles' examples keep in the persistent store.
struct Profile: Codable, Sendable, Equatable {
    var name: String
}

/// The profiles' network client in the articles' examples.
struct ProfilesAPI: Sendable {
    let fetch: @Sendable (Int) async throws -> Profile

    func profile(_ id: Int) async throws -> Profile { try await fetch(id) }
}

// PersistentStore article example begin
/// The profiles the app shows, kept in the app's database across launches.
@MainActor
func makeProfileStore(database: DatabasePool, api: ProfilesAPI) throws -> ContentStore<Int, Profile> {
    let persistence = try SQLitePersistence<Int, Profile>(
        database: database, name: "profiles", formatVersion: 1, maximumAge: .seconds(86_400))
    return ContentStore(staleAfter: .after(.seconds(60)), persistence: persistence) { id in
        try await api.profile(id)
    }
}
// PersistentStore article example end

/// The code of the "Keeping a Store in SQLite" article, over two launches of one file.
@MainActor
@Suite("Persistent Store article", .timeLimit(.minutes(1)), .hangLimit)
struct PersistentStoreArticleTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test func aSecondLaunchDrawsTheStoredProfileOnItsFirstFrame() async throws {
        do {  // the first launch fetches and stores
            let store = try makeProfileStore(
                database: try DatabasePool(path: folder.path("app.sqlite")),
                api: ProfilesAPI { _ in Profile(name: "Ada") })
            let dataSource = StoreDataSource(store: store, key: 7)
            #expect(dataSource.value == nil)
            #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
        }
        // The second launch: a new connection, a new store, and a network that fails.
        let store = try makeProfileStore(
            database: try DatabasePool(path: folder.path("app.sqlite")), api: ProfilesAPI { _ in throw TestError(1) })
        let dataSource = StoreDataSource(store: store, key: 7)
        #expect(dataSource.value == Profile(name: "Ada"), "the stored profile, before any load")
        #expect(dataSource.contentState == .content)
    }

    @Test func theArticleShowsThisCode() throws {
        #expect(
            try ArticleText.article("PersistentStore.md").contains(ArticleText.code("PersistentStore article example")))
    }
}
