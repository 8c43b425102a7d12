import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// A store's values in a real SQLite file: they survive a relaunch with their ages, a value of
/// another format version or past its maximum age is discarded, never decoded.
@MainActor
@Suite("SQLite persistence", .timeLimit(.minutes(1)), .hangLimit)
struct SQLitePersistenceTests {
    let folder: TemporaryFolder
    let wallClock = TestWallClock()
    let clock = ManualClock()
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("app.sqlite")
    }

    /// One launch of the app: a new connection to the file, a new persistence and a new store.
    func launch(
        formatVersion: Int = 1, maximumAge: Duration? = nil, fetcher: GatedFetcher<String> = GatedFetcher()
    ) throws -> ContentStore<String, String> {
        let persistence = try SQLitePersistence<String, String>(
            database: try DatabaseQueue(path: path), name: "colors", formatVersion: formatVersion,
            maximumAge: maximumAge, now: wallClock.now)
        return ContentStore(staleAfter: .after(.seconds(60)), persistence: persistence, clock: clock) { _ in
            try await fetcher.fetch()
        }
    }

    func storedRowCount() throws -> Int {
        try DatabaseQueue(path: path).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contentLoadingStoreValue") ?? 0
        }
    }

    @Test func aSecondLaunchDrawsTheStoredValueOnItsFirstFrameAndRevalidatesIt() async throws {
        try launch().write("red", for: "a")
        wallClock.advance(bySeconds: 120)

        let fetcher = GatedFetcher<String>()
        let store = try launch(fetcher: fetcher)
        let dataSource = StoreDataSource(store: store, key: "a")
        let screen = RecordingScreen(dataSource)
        #expect(screen.drawn == ["content.show(content)"], "the stored value is the first frame")
        #expect(dataSource.value == "red")
        #expect(store.isStale("a"), "stored two minutes ago, stale after one")

        let reload = Task { await dataSource.reload(ownedBy: .caller) }
        await eventually { fetcher.count == 1 }
        #expect(dataSource.contentState == .refreshing, "the stored value stays while it revalidates")
        fetcher.gate(0).open(returning: "blue")
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(dataSource.value == "blue")
        #expect(!screen.drawn.contains { $0.hasPrefix("loading") })

        // The third launch finds the revalidated value, and it is fresh: nothing is fetched.
        let third = GatedFetcher<String>()
        let again = StoreDataSource(store: try launch(fetcher: third), key: "a")
        #expect(again.value == "blue")
        again.loadContent()
        #expect(third.count == 0)
        #expect(again.contentState == .content)
    }

    @Test func aPersistedValuesAgeComesFromTheWallClock() throws {
        try launch().write("red", for: "a")
        wallClock.advance(bySeconds: 30)
        let store = try launch()
        #expect(store.value(for: "a") == "red")
        #expect(!store.isStale("a"), "30 s old")
        clock.advance(by: .seconds(30))
        #expect(store.isStale("a"), "60 s old")
    }

    @Test func aValueOfAnotherFormatVersionIsDiscardedNotDecoded() throws {
        try launch(formatVersion: 1).write("red", for: "a")
        let store = try launch(formatVersion: 2)
        #expect(store.value(for: "a") == nil)
        #expect(try storedRowCount() == 0, "the old row is gone")
        // Going back does not bring it back either.
        #expect(try launch(formatVersion: 1).value(for: "a") == nil)
    }

    @Test func aValueOfANewerFormatIsNeitherShownNorDeletedByAnOlderApp() throws {
        try launch(formatVersion: 2).write("red, in the new layout", for: "a")
        // A downgrade: the older app does not know version 2.
        let older = try launch(formatVersion: 1)
        #expect(older.value(for: "a") == nil, "never decoded into the older layout")
        #expect(try storedRowCount() == 1, "the newer app's value stays in the file")
        // The newer app, back again, finds its value.
        #expect(try launch(formatVersion: 2).value(for: "a") == "red, in the new layout")
    }

    @Test func aValueOlderThanTheMaximumAgeIsDiscarded() throws {
        try launch().write("red", for: "a")
        wallClock.advance(bySeconds: 3_600)
        #expect(try launch(maximumAge: .seconds(3_601)).value(for: "a") == "red")
        wallClock.advance(bySeconds: 1)
        #expect(try launch(maximumAge: .seconds(3_601)).value(for: "a") == nil)
        #expect(try storedRowCount() == 0)
    }

    @Test func aValueThatNoLongerDecodesIsDiscarded() throws {
        try launch().write("red", for: "a")
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE contentLoadingStoreValue SET value = x'00ff'")
        }
        #expect(try launch().value(for: "a") == nil)
        #expect(try storedRowCount() == 0)
    }

    @Test func storesOfOtherNamesInOneDatabaseAreApart() throws {
        let database = try DatabaseQueue(path: path)
        let colors = try SQLitePersistence<String, String>(database: database, name: "colors", formatVersion: 1)
        let shapes = try SQLitePersistence<String, String>(database: database, name: "shapes", formatVersion: 1)
        colors.write("red", for: "a")
        shapes.write("square", for: "a")
        shapes.remove("a")
        let reopened = try SQLitePersistence<String, String>(database: database, name: "colors", formatVersion: 1)
        #expect(reopened.read("a") == "red")
        #expect(
            try SQLitePersistence<String, String>(database: database, name: "shapes", formatVersion: 1).read("a") == nil
        )
    }

    @Test func structuredKeysAndValuesRoundTrip() throws {
        struct Query: Hashable, Codable, Sendable {
            var text: String
            var filters: [String: Int]
        }
        struct Page: Equatable, Codable, Sendable {
            var titles: [String]
            var total: Int
        }
        let database = try DatabaseQueue(path: path)
        let key = Query(text: "tea", filters: ["b": 2, "a": 1, "c": 3])
        try SQLitePersistence<Query, Page>(database: database, name: "search", formatVersion: 1)
            .write(Page(titles: ["green", "black"], total: 2), for: key)
        let reopened = try SQLitePersistence<Query, Page>(database: database, name: "search", formatVersion: 1)
        #expect(
            reopened.read(Query(text: "tea", filters: ["c": 3, "a": 1, "b": 2]))
                == Page(titles: ["green", "black"], total: 2))
    }

    @Test func anEvictedKeyLeavesTheFile() throws {
        let store = try launch()
        store.write("red", for: "a")
        #expect(store.removeValue(for: "a"))
        #expect(try storedRowCount() == 0)
        #expect(try launch().value(for: "a") == nil)
    }
}
