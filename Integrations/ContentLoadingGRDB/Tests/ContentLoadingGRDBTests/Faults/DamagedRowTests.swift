import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// A stored value's row that holds what the integration never writes (a date as text or out of
/// any clock's range, a format version as text, a value that is not data), or a wall clock that
/// answers no usable time, is a failure the app hears, never a crash: the damaged row is
/// missing, and stays in the file for the next write to replace.
@MainActor
@Suite("Damaged rows", .timeLimit(.minutes(1)), .hangLimit)
struct DamagedRowTests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("app.sqlite")
    }

    /// Stores "red" for "a", as the app does.
    func storeRed() throws {
        try SQLitePersistence<String, String>(database: try DatabaseQueue(path: path), name: "colors", formatVersion: 1)
            .write("red", for: "a")
    }

    /// Stores "red" for "a", then sets the row's `column` to `damage` (SQL).
    func storeDamaged(column: String, damage: String) throws {
        try storeRed()
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE contentLoadingStoreValue SET \(column) = \(damage)")
        }
    }

    /// The next launch: a store over the file, and the failures its persistence reported.
    func launch(
        maximumAge: Duration? = nil, now: @escaping @Sendable () -> Date = Date.init
    ) throws -> (store: ContentStore<String, String>, failures: () -> [any Error]) {
        let persistence = try SQLitePersistence<String, String>(
            database: try DatabaseQueue(path: path), name: "colors", formatVersion: 1, maximumAge: maximumAge, now: now)
        var failures: [any Error] = []
        persistence.onFailure = { failures.append($0) }
        let store = ContentStore<String, String>(persistence: persistence) { _ in "fetched" }
        return (store, { failures })
    }

    func storedRowCount() throws -> Int {
        try DatabaseQueue(path: path).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contentLoadingStoreValue") ?? 0
        }
    }

    @Test(arguments: [
        ("storedAt", "'noon'"), ("storedAt", "1e300"), ("storedAt", "-1e300"), ("format", "'one'"),
        ("format", "1.5"), ("value", "42"),
    ])
    func aDamagedRowIsMissingAndReportedNotACrash(column: String, damage: String) throws {
        try storeDamaged(column: column, damage: damage)
        let (store, failures) = try launch()
        let dataSource = StoreDataSource(store: store, key: "a")
        let screen = RecordingScreen(dataSource)
        #expect(dataSource.value == nil, "the damaged row is missing")
        #expect(!screen.drawn.contains { $0.hasPrefix("content") })
        let failure = try #require(failures().first as? StoredValueError)
        #expect(failure == .damagedRow(store: "colors", key: "\"a\"", column: column))
        #expect(try storedRowCount() == 1, "a failure removes nothing")

        // The next value written replaces the damaged row.
        store.write("blue", for: "a")
        #expect(try launch().store.value(for: "a") == "blue")
    }

    @Test func aClockAnsweringNoTimeLeavesAStoredValueOfUnknownAgeAndIsReported() throws {
        try storeRed()
        let (store, failures) = try launch(now: { Date(timeIntervalSince1970: .nan) })
        let dataSource = StoreDataSource(store: store, key: "a")
        #expect(dataSource.value == "red", "the stored value, drawn")
        #expect(store.isStale("a"), "of unknown age: stale, so it revalidates")
        #expect(failures().first as? StoredValueError == .unusableClock)
    }

    @Test func aClockAnsweringNoTimeCannotJudgeTheMaximumAgeSoTheValueIsMissing() throws {
        try storeRed()
        let (store, failures) = try launch(maximumAge: .seconds(60), now: { Date(timeIntervalSince1970: .nan) })
        #expect(store.value(for: "a") == nil)
        #expect(failures().first as? StoredValueError == .unusableClock)
        #expect(try storedRowCount() == 1, "not discarded: its age is unknown, not too old")
    }

    @Test func aValueWrittenWithAClockAnsweringNoTimeStaysInMemoryAndIsReported() throws {
        let (store, failures) = try launch(now: { Date(timeIntervalSince1970: .nan) })
        store.write("red", for: "a")
        #expect(store.value(for: "a") == "red")
        #expect(!failures().isEmpty)
        #expect(try storedRowCount() == 0)
    }
}
