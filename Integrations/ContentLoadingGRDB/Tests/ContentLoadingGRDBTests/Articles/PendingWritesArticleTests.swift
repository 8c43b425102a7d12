import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation  // NSLock
import GRDB
import Testing

/// What the profiles' server is sent in the articles' examples: an edit of one profile.
enum ProfileEdit: Codable, Sendable, Equatable {
    case rename(String)
}

/// The profiles' write client in the articles' examples: answers what the test hands it.
struct ProfileEditsAPI: Sendable {
    let send: @Sendable (ProfileEdit, Int, Int64) async throws -> Profile?

    func send(_ edit: ProfileEdit, to id: Int, writeID: Int64) async throws -> Profile? {
        try await send(edit, id, writeID)
    }
}

// PendingWrites article example begin
/// The profiles' optimistic writes, kept in the app's database until they settle.
@MainActor
func makeProfileWrites(
    store: ContentStore<Int, Profile>, database: DatabasePool, api: ProfileEditsAPI
) throws -> PersistentWriteQueue<Int, Profile, ProfileEdit> {
    let writes = try PersistentWriteQueue<Int, Profile, ProfileEdit>(
        store: store, database: database, name: "profiles", formatVersion: 1
    ) { edit, profile in
        switch edit {
        case .rename(let name): profile.name = name
        }
    } send: { write in
        try await api.send(write.operation, to: write.key, writeID: write.id)
    }
    // Before the screens bind: the writes of earlier launches are on their first frame.
    writes.restore()
    return writes
}
// PendingWrites article example end

/// The code of the "Keeping Pending Writes" article, over two launches of one file.
@MainActor
@Suite("Pending Writes article", .timeLimit(.minutes(1)), .hangLimit)
struct PendingWritesArticleTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test func aRenameMadeOfflineIsShownAfterARelaunchAndSentOnline() async throws {
        do {  // the first launch: the profile is stored, then renamed with the network off
            let database = try DatabasePool(path: folder.path("app.sqlite"))
            let store = ContentStore<Int, Profile>(
                persistence: try SQLitePersistence(database: database, name: "profiles", formatVersion: 1),
                connectivity: Connectivity(isOnline: false)
            ) { _ in Profile(name: "Ada") }
            store.write(Profile(name: "Ada"), for: 7)
            let writes = try makeProfileWrites(
                store: store, database: database, api: ProfileEditsAPI { _, _, _ in throw TestError(1) })
            writes.perform("Rename", .rename("Grace"), on: 7)
            #expect(store.value(for: 7) == Profile(name: "Grace"))
        }
        // The second launch, online: the rename is on the first frame, then sent once.
        let received = Received()
        let database = try DatabasePool(path: folder.path("app.sqlite"))
        // The server: the profile as renamed once the rename reached it (the store revalidates
        // the key after its last write settles).
        let store = try makeProfileStore(
            database: database, api: ProfilesAPI { _ in Profile(name: received.all.isEmpty ? "Ada" : "Grace") })
        let writes = try makeProfileWrites(
            store: store, database: database,
            api: ProfileEditsAPI { edit, id, writeID in
                received.append("\(edit) \(id) \(writeID)")
                return nil
            })
        let dataSource = StoreDataSource(store: store, key: 7)
        #expect(dataSource.value == Profile(name: "Grace"), "the pending rename, before any load")
        await eventually { writes.removedCount == 1 }
        #expect(received.all == ["rename(\"Grace\") 7 1"])
        #expect(store.committedValue(for: 7) == Profile(name: "Grace"))
        #expect(try writes.storedCount() == 0)
    }

    @Test func theArticleShowsThisCode() throws {
        #expect(try ArticleText.article("PendingWrites.md").contains(ArticleText.code("PendingWrites article example")))
    }
}

/// What a test's server received, from any thread.
private final class Received: @unchecked Sendable {
    // @unchecked: `lines` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) { lock.withLock { lines.append(line) } }

    var all: [String] { lock.withLock { lines } }
}
