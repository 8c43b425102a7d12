import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Dispatch
import Foundation
import GRDB
import Testing

/// Refreshes and pages written in one transaction each, with the load checked inside it: a
/// superseded refresh writes nothing, even when its response arrives between a check and its
/// write, and a page of a list a refresh replaced is not written.
@MainActor
@Suite("Refresh writer", .timeLimit(.minutes(1)), .hangLimit)
struct RefreshWriterTests {
    let folder: TemporaryFolder
    let database: DatabaseQueue
    let writer: RefreshWriter
    /// Hands out the loads' tokens.
    let loads = DataSource()
    /// Hands out the tokens of another screen's loads.
    let otherScreen = DataSource()

    init() throws {
        folder = try TemporaryFolder()
        database = try ItemsDatabase.open(folder.path("app.sqlite"))
        writer = try RefreshWriter(database: database, list: "items")
    }

    /// Begins a load and a refresh, as a data source does.
    func beginRefresh() -> (ticket: RefreshTicket, token: LoadingState) {
        let ticket = writer.beginRefresh()
        return (ticket, loads.loadingCoordinator.loadContent { _ in })
    }

    func names() throws -> [String] { try database.read(ItemsDatabase.names) }
    func generation() throws -> Int64 { try database.read(writer.generation) }

    @Test func aCurrentRefreshWritesItsRowsAndMovesTheGeneration() async throws {
        let refresh = beginRefresh()
        let written = try await writer.writeRefresh(refresh.ticket, token: refresh.token) { db in
            try ItemsDatabase.replace(db, with: ["a", "b"])
            return try ItemsDatabase.names(db)
        }
        #expect(written?.generation == 1)
        #expect(written?.written == ["a", "b"], "read in the same transaction")
        #expect(try names() == ["a", "b"])
        #expect(try generation() == 1)
    }

    @Test func aSupersededRefreshWritesNothing() async throws {
        let older = beginRefresh()
        let newer = beginRefresh()
        let late = try await writer.writeRefresh(older.ticket, token: older.token) { db in
            try ItemsDatabase.replace(db, with: ["old"])
        }
        #expect(late == nil)
        #expect(try names() == [])
        try await writer.writeRefresh(newer.ticket, token: newer.token) { db in
            try ItemsDatabase.replace(db, with: ["new"])
        }
        // The older response arriving after the newer one landed writes nothing either.
        #expect(
            try await writer.writeRefresh(older.ticket, token: older.token) {
                try ItemsDatabase.replace($0, with: ["old"])
            } == nil)
        #expect(try names() == ["new"])
        #expect(try generation() == 1)
    }

    @Test func aResponseThatPassedAnEarlyCheckStillWritesNothingOnceSuperseded() async throws {
        let older = beginRefresh()
        #expect(older.token.isValid && writer.isCurrent(older.ticket), "the early check passes")
        _ = beginRefresh()  // …then a newer refresh begins before the write
        #expect(
            try await writer.writeRefresh(older.ticket, token: older.token) {
                try ItemsDatabase.replace($0, with: ["old"])
            } == nil)
        #expect(try names() == [])
    }

    @Test func aRefreshSupersededWhileItsTransactionIsOpenRollsEverythingBack() async throws {
        try await seed(["stored"])
        let older = beginRefresh()
        let inside = AsyncGate<Void>()
        let proceed = DispatchSemaphore(value: 0)
        let write = Task {
            try await writer.writeRefresh(older.ticket, token: older.token) { db in
                try ItemsDatabase.replace(db, with: ["old", "rows"])
                inside.open(returning: ())
                // Held inside the transaction, rows written, until the newer refresh has begun.
                _ = proceed.wait(timeout: .now() + 30)
            }
        }
        try await inside.wait()
        _ = beginRefresh()
        proceed.signal()
        #expect(try await write.value == nil)
        #expect(try names() == ["stored"], "the rows it wrote were rolled back")
        #expect(try generation() == 1)
    }

    @Test func aCancelledLoadWritesNothing() async throws {
        let refresh = beginRefresh()
        loads.loadingCoordinator.cancel()
        #expect(
            try await writer.writeRefresh(refresh.ticket, token: refresh.token) {
                try ItemsDatabase.replace($0, with: ["x"])
            } == nil)
        #expect(try names() == [])
    }

    @Test func aFailingWriteRollsBackAllOfItsRows() async throws {
        try await seed(["stored"])
        let refresh = beginRefresh()
        await #expect(throws: DatabaseError.self) {
            try await writer.writeRefresh(refresh.ticket, token: refresh.token) { db in
                try ItemsDatabase.replace(db, with: ["half"])
                try db.execute(sql: "INSERT INTO missing_table VALUES (1)")
            }
        }
        #expect(try names() == ["stored"])
        #expect(try generation() == 1)
    }

    @Test func aTicketOfAnotherWriterIsNeverCurrent() async throws {
        let other = try RefreshWriter(database: database, list: "other")
        let ticket = other.beginRefresh()
        let token = loads.loadingCoordinator.loadContent { _ in }
        #expect(!writer.isCurrent(ticket))
        #expect(
            try await writer.writeRefresh(ticket, token: token) { try ItemsDatabase.replace($0, with: ["x"]) } == nil)
    }

    // MARK: - Pages

    @Test func aPageOfTheCurrentListIsWritten() async throws {
        try await seed(["a"])
        let base = try generation()
        let page = loads.loadingCoordinator.loadContent { _ in }
        #expect(try await writer.writePage(extending: base, token: page) { try ItemsDatabase.append($0, ["b"]) })
        #expect(try names() == ["a", "b"])
        #expect(try generation() == base, "a page does not move the generation")
    }

    @Test func aPageOfAListARefreshReplacedIsNotWritten() async throws {
        try await seed(["a"])
        let base = try generation()
        let page = loads.loadingCoordinator.loadContent { _ in }
        // A refresh lands (from another screen of the list, say) while the page is fetched.
        let refresh = (ticket: writer.beginRefresh(), token: otherScreen.loadingCoordinator.loadContent { _ in })
        try await writer.writeRefresh(refresh.ticket, token: refresh.token) {
            try ItemsDatabase.replace($0, with: ["fresh"])
        }
        #expect(try await !writer.writePage(extending: base, token: page) { try ItemsDatabase.append($0, ["b"]) })
        #expect(try names() == ["fresh"])
    }

    @Test func aPageWhoseLoadEndedIsNotWritten() async throws {
        try await seed(["a"])
        let page = loads.loadingCoordinator.loadContent { _ in }
        loads.loadingCoordinator.cancel()
        #expect(
            try await !writer.writePage(extending: try generation(), token: page) {
                try ItemsDatabase.append($0, ["b"])
            })
        #expect(try names() == ["a"])
    }

    /// Writes `names` as a landed refresh.
    func seed(_ names: [String]) async throws {
        let refresh = (ticket: writer.beginRefresh(), token: otherScreen.loadingCoordinator.loadContent { _ in })
        try await writer.writeRefresh(refresh.ticket, token: refresh.token) {
            try ItemsDatabase.replace($0, with: names)
        }
    }
}
