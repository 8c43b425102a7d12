import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// An optimistic write still pending when its process is killed with SIGKILL is shown again on
/// the next launch's first frame, and sent once that launch is online, in
/// both of SQLite's journal modes GRDB uses.
@MainActor
@Suite("Killed with a pending write", .timeLimit(.minutes(1)), .hangLimit)
struct KilledPendingWriteTests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("app.sqlite")
    }

    @Test(arguments: ["queue", "pool"])
    func aWritePendingAtAKillIsShownOnTheNextFirstFrameAndSentOnline(kind: String) async throws {
        for suffix in ["+a", "+b"] {
            let child = try ChildProcess(["write", path, kind, suffix])
            await eventually { child.lines.contains { $0.hasPrefix("pending") } }
            #expect(child.lines.first == (suffix == "+a" ? "pending red+a" : "pending red+a+b"))
            #expect(try await child.killAndWait(), "the child died of SIGKILL")
        }

        // The next launch, online.
        let database: any DatabaseWriter = kind == "pool" ? try DatabasePool(path: path) : try DatabaseQueue(path: path)
        #expect(try await database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")
        let persistence = try SQLitePersistence<String, String>(database: database, name: "colors", formatVersion: 1)
        let store = ContentStore<String, String>(persistence: persistence) { _ in "red (fetched)" }
        let sent = GatedSender()
        defer { sent.openAll() }
        let queue = try PersistentWriteQueue<String, String, String>(
            store: store, database: database, name: "colors", formatVersion: 1
        ) { suffix, value in
            value += suffix
        } send: { write in
            try await sent.send(
                PersistedWrite(
                    id: write.id, key: write.key, operation: Suffix(write.operation), description: write.description))
        }
        let restored = queue.restore()
        #expect(restored.map(\.description) == ["Add +a", "Add +b"])
        let dataSource = StoreDataSource(store: store, key: "k")
        let screen = RecordingScreen(dataSource)
        #expect(screen.drawn == ["content.show(content)"])
        #expect(dataSource.value == "red+a+b", "both writes' layers, in order, on the first frame")

        await eventually { sent.count == 1 }
        #expect(sent.sent.map(\.operation) == [Suffix("+a")])
        sent.gate(0).open(returning: nil)
        await eventually { sent.count == 2 }
        sent.gate(1).open(returning: nil)
        #expect(await restored[1].settled() == .committed("red+a+b"))
        await eventually { queue.removedCount == 2 }
        #expect(try queue.storedCount() == 0)
    }

    @Test(arguments: ["queue", "pool"], ["nil", "answer"])
    func aWriteKilledRightAfterItsAnswerWasStoredChangesTheValueOnce(kind: String, answer: String) async throws {
        let child = try ChildProcess(["commit", path, kind, "+y", answer])
        await eventually { child.lines.contains { $0.hasPrefix("stored") } }
        let committed = answer == "nil" ? "red+y" : "red+y (server)"
        #expect(child.lines.first == "stored \(committed)")
        #expect(try await child.killAndWait(), "the child died of SIGKILL")

        // The next launch finds the answer stored and the write gone with it: its change is
        // not applied again over a value that holds it.
        let database: any DatabaseWriter = kind == "pool" ? try DatabasePool(path: path) : try DatabaseQueue(path: path)
        let persistence = try SQLitePersistence<String, String>(database: database, name: "colors", formatVersion: 1)
        let store = ContentStore<String, String>(persistence: persistence) { _ in "red (fetched)" }
        let queue = try PersistentWriteQueue<String, String, String>(
            store: store, database: database, name: "colors", formatVersion: 1
        ) { suffix, value in
            value += suffix
        } send: { _ in
            nil
        }
        #expect(queue.restore().isEmpty, "the write's row went in the answer's transaction")
        #expect(try queue.storedCount() == 0)
        let dataSource = StoreDataSource(store: store, key: "k")
        #expect(dataSource.value == committed, "the write's change, once")
    }
}
