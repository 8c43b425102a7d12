import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// A process killed with SIGKILL in the middle of a refresh's write leaves the whole refresh or
/// none of it, in a real file, in both of SQLite's journal modes GRDB uses (a queue's rollback
/// journal, a pool's write-ahead log).
@MainActor
@Suite("Killed writer", .timeLimit(.minutes(1)), .hangLimit)
struct KilledWriterTests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("app.sqlite")
    }

    func open(_ kind: String) throws -> any DatabaseWriter {
        kind == "pool" ? try DatabasePool(path: path) : try DatabaseQueue(path: path)
    }

    /// The rows, the list's generation and SQLite's integrity check, read after the kill.
    func readBack(_ kind: String) throws -> (names: [String], generation: Int64, integrity: String) {
        let database = try open(kind)
        let writer = try RefreshWriter(database: database, list: "items")
        return try database.read { db in
            (
                try String.fetchAll(db, sql: "SELECT name FROM item ORDER BY id"), try writer.generation(db),
                try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? ""
            )
        }
    }

    @Test(arguments: ["queue", "pool"])
    func aRefreshKilledInsideItsTransactionLeavesNoneOfItsRows(kind: String) async throws {
        do {
            // A first refresh lands, in a connection closed before the child runs.
            let database = try open(kind)
            try await database.write { db in
                try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            }
            let writer = try RefreshWriter(database: database, list: "items")
            let loads = DataSource()
            let token = loads.loadingCoordinator.loadContent { _ in }
            try await writer.writeRefresh(writer.beginRefresh(), token: token) { db in
                for row in 0..<50 { try db.execute(sql: "INSERT INTO item (name) VALUES (?)", arguments: ["0-\(row)"]) }
            }
        }
        let child = try ChildProcess(["hold", path, kind, "2000"])
        await eventually { child.lines.contains("inside") }
        #expect(try await child.killAndWait(), "the child died of SIGKILL")

        let after = try readBack(kind)
        #expect(after.integrity == "ok")
        #expect(after.names == (0..<50).map { "0-\($0)" }, "the stored rows, none of the killed refresh's")
        #expect(after.generation == 1)
    }

    @Test(arguments: ["queue", "pool"])
    func aRefreshLoopKilledAtAnyPointLeavesOneWholeRefresh(kind: String) async throws {
        let seed = UInt64.random(in: 0..<1_000_000)
        print("KilledWriterTests seed: \(seed) (\(kind))")
        var random = SeededGenerator(seed: seed)
        let committedBeforeKill = Int.random(in: 2...6, using: &random)
        let rows = 300

        let child = try ChildProcess(["loop", path, kind, "\(rows)"])
        await eventually { child.lines.contains("committed \(committedBeforeKill)") }
        #expect(try await child.killAndWait(), "the child died of SIGKILL")

        let after = try readBack(kind)
        #expect(after.integrity == "ok")
        let refresh = Int(after.generation)
        #expect(refresh >= committedBeforeKill, "seed \(seed): every refresh it reported is kept")
        #expect(after.names == (0..<rows).map { "\(refresh)-\($0)" }, "seed \(seed): all of one refresh, no mix")
    }
}
