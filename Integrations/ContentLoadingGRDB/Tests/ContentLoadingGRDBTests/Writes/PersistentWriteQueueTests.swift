import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation
import GRDB
import Testing

/// Optimistic writes kept in a real SQLite file: a write made offline is
/// stored and shown, a relaunch reapplies the stored writes in order on its first frame and
/// sends them in order once online, and each settled write removes its own row, once.
@MainActor
@Suite("Persistent write queue", .timeLimit(.minutes(1)), .hangLimit)
struct PersistentWriteQueueTests {
    typealias Queue = PersistentWriteQueue<String, String, Suffix>

    let folder: TemporaryFolder
    let clock = ManualClock()
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder.path("app.sqlite")
    }

    /// One launch of the app: a new connection to the file, a new store (its values kept in the
    /// file, "red" under "k" unless the file has one) and a new write queue, restored.
    func launch(
        online: Bool, formatVersion: Int = 1, sender: GatedSender = GatedSender(),
        database: (any DatabaseWriter)? = nil
    ) throws -> (queue: Queue, restored: [StoreWrite<String>], connectivity: Connectivity) {
        let database = try database ?? DatabaseQueue(path: path)
        let persistence = try SQLitePersistence<String, String>(database: database, name: "colors", formatVersion: 1)
        let connectivity = Connectivity(isOnline: online)
        let store = ContentStore<String, String>(persistence: persistence, connectivity: connectivity, clock: clock) {
            _ in throw TestError(0)
        }
        if persistence.read("k") == nil { store.write("red", for: "k") }
        let queue = try Queue(store: store, database: database, name: "colors", formatVersion: formatVersion) {
            suffix, value in
            value += suffix.text
        } send: { write in
            try await sender.send(write)
        }
        return (queue, queue.restore(), connectivity)
    }

    /// The stored writes' rows, in order, read through a connection of their own.
    func storedIDs() throws -> [Int64] {
        try DatabaseQueue(path: path).read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM contentLoadingPendingWrite ORDER BY id")
        }
    }

    /// A first launch, offline, that makes the writes `suffixes` on "k" and ends with them pending.
    func makeOfflineWrites(_ suffixes: [String], formatVersion: Int = 1) throws {
        let (queue, _, _) = try launch(online: false, formatVersion: formatVersion)
        for suffix in suffixes { queue.perform("Add \(suffix)", Suffix(suffix), on: "k") }
        #expect(queue.store.value(for: "k") == "red" + suffixes.joined())
    }

    @Test func aWriteMadeOfflineIsStoredAndShownAtOnceAndWaits() async throws {
        let sender = GatedSender()
        let (queue, restored, connectivity) = try launch(online: false, sender: sender)
        #expect(restored.isEmpty)
        let write = queue.perform("Add a", Suffix("+a"), on: "k")
        #expect(queue.store.value(for: "k") == "red+a", "shown before anything is sent")
        #expect(queue.store.committedValue(for: "k") == "red")
        #expect(try storedIDs().count == 1, "stored before it is shown")
        await eventually { connectivity.waiterCount == 1 }
        #expect(sender.count == 0, "nothing is sent while offline")
        #expect(write.isPending)
    }

    @Test func aRelaunchReappliesTheStoredWritesInOrderOnItsFirstFrame() throws {
        try makeOfflineWrites(["+a", "+b", "+c"])
        #expect(try storedIDs().count == 3, "the pending writes outlive their launch")

        let (queue, restored, _) = try launch(online: false)
        #expect(restored.map(\.description) == ["Add +a", "Add +b", "Add +c"])
        let dataSource = StoreDataSource(store: queue.store, key: "k")
        let screen = RecordingScreen(dataSource)
        #expect(screen.drawn == ["content.show(content)"], "the first frame is the content")
        #expect(dataSource.value == "red+a+b+c", "the stored value with the writes' layers, in order")
        #expect(queue.store.committedValue(for: "k") == "red")
    }

    @Test func storedWritesAreSentInOrderWhenTheNetworkReturnsAndEachRowGoesOnce() async throws {
        try makeOfflineWrites(["+a", "+b"])
        let ids = try storedIDs()

        let sender = GatedSender()
        defer { sender.openAll() }
        let (queue, restored, connectivity) = try launch(online: false, sender: sender)
        await eventually { connectivity.waiterCount == 1 }
        #expect(sender.count == 0)
        connectivity.isOnline = true

        await eventually { sender.count == 1 }
        #expect(sender.sent.map(\.operation) == [Suffix("+a")], "the first write alone: the second waits for it")
        #expect(sender.sent.map(\.id) == [ids[0]])
        sender.gate(0).open(returning: nil)
        #expect(await restored[0].settled() == .committed("red+a"))
        // The queue deletes the row once it hears the settlement, on the main actor.
        await eventually { queue.removedCount == 1 }
        #expect(try storedIDs() == [ids[1]], "the acknowledged write's row, and no other, is gone")

        await eventually { sender.count == 2 }
        #expect(sender.sent.map(\.id) == ids)
        sender.gate(1).open(returning: "red+a+b (from the server)")
        #expect(await restored[1].settled() == .committed("red+a+b (from the server)"))
        await eventually { queue.removedCount == 2 }
        #expect(try storedIDs().isEmpty)

        // The next launch finds the committed value and no write: nothing is sent again.
        let next = GatedSender()
        let (again, none, _) = try launch(online: true, sender: next)
        #expect(none.isEmpty)
        #expect(again.store.value(for: "k") == "red+a+b (from the server)")
        #expect(next.count == 0)
        #expect(queue.removedCount == 2, "removed exactly once each")
    }

    @Test func anOlderWritesAcknowledgementNeverRemovesANewerOne() async throws {
        let sender = GatedSender()
        defer { sender.openAll() }
        let (queue, _, _) = try launch(online: true, sender: sender)
        let older = queue.perform("Add a", Suffix("+a"), on: "k")
        let newer = queue.perform("Add b", Suffix("+b"), on: "k")
        let ids = try storedIDs()
        #expect(ids.count == 2)
        await eventually { sender.count == 1 }

        sender.gate(0).open(returning: nil)
        #expect(await older.settled() == .committed("red+a"))
        await eventually { queue.removedCount == 1 }
        #expect(try storedIDs() == [ids[1]], "the newer write on the same key is still stored")
        #expect(newer.isPending)
        #expect(queue.store.value(for: "k") == "red+a+b")

        // The newer one fails for good: its change is rolled back and its row goes.
        await eventually { sender.count == 2 }
        sender.gate(1).open(throwing: TestError(1))
        #expect(await newer.settled() == .failed(TestError(1)))
        await eventually { queue.removedCount == 2 }
        #expect(try storedIDs().isEmpty)
        #expect(queue.store.value(for: "k") == "red+a")
    }

    @Test func aFailedWriteIsRolledBackRemovedAndNotSentAgain() async throws {
        let sender = GatedSender()
        defer { sender.openAll() }
        let (queue, _, _) = try launch(online: true, sender: sender)
        let write = queue.perform("Add a", Suffix("+a"), on: "k")
        await eventually { sender.count == 1 }
        sender.gate(0).open(throwing: TestError(2))
        #expect(await write.settled() == .failed(TestError(2)))
        await eventually { queue.removedCount == 1 }
        #expect(try storedIDs().isEmpty)
        #expect(queue.store.value(for: "k") == "red")

        let next = GatedSender()
        let (_, restored, _) = try launch(online: true, sender: next)
        #expect(restored.isEmpty)
        #expect(next.count == 0)
    }

    @Test func aCancelledWriteIsRemoved() async throws {
        let (queue, _, _) = try launch(online: false)
        let write = queue.perform("Add a", Suffix("+a"), on: "k")
        #expect(write.cancel())
        #expect(await write.settled() == .cancelled)
        await eventually { queue.removedCount == 1 }
        #expect(try storedIDs().isEmpty)
        #expect(queue.store.value(for: "k") == "red")
    }

    @Test func aStoredWriteOfAnotherFormatVersionOrThatNoLongerDecodesIsDiscardedUnread() throws {
        try makeOfflineWrites(["+a"])
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: """
                    INSERT INTO contentLoadingPendingWrite (store, key, format, description, operation)
                    VALUES ('colors', '"k"', 2, 'Broken', X'00')
                    """)
        }
        let sender = GatedSender()
        let (queue, restored, _) = try launch(online: true, formatVersion: 2, sender: sender)
        #expect(restored.isEmpty)
        #expect(queue.discardedCount == 2, "the other version's write, and the one that does not decode")
        #expect(try storedIDs().isEmpty)
        #expect(queue.store.value(for: "k") == "red")
        #expect(sender.count == 0)
    }

    @Test func aNewerBuildsStoredWritesAreKeptUnreadForItAfterADowngrade() async throws {
        try makeOfflineWrites(["+a", "+b"], formatVersion: 2)

        let (older, restored, _) = try launch(online: true, formatVersion: 1)
        #expect(restored.isEmpty, "an older build never decodes a newer layout")
        #expect(older.keptNewerCount == 2)
        #expect(older.discardedCount == 0)
        #expect(try storedIDs().count == 2, "nothing the user did is deleted")
        #expect(older.store.value(for: "k") == "red")
        #expect(try older.pendingWrites().isEmpty)
        try await older.waitUntilEmpty()  // returns at once: this build never sends them

        let (newer, again, _) = try launch(online: false, formatVersion: 2)
        #expect(again.map(\.description) == ["Add +a", "Add +b"], "the newer build finds them again")
        #expect(newer.store.value(for: "k") == "red+a+b")
    }

    @Test(arguments: [("description", "x'ff'"), ("operation", "42"), ("format", "'one'"), ("key", "x'00'")])
    func aStoredWriteWithADamagedColumnIsDiscardedUnreadNotACrash(column: String, damage: String) throws {
        try makeOfflineWrites(["+a"])
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE contentLoadingPendingWrite SET \(column) = \(damage)")
        }
        let (queue, restored, _) = try launch(online: false)
        #expect(restored.isEmpty)
        #expect(queue.discardedCount == 1)
        #expect(try storedIDs().isEmpty)
        #expect(queue.store.value(for: "k") == "red")
    }

    @Test(arguments: [nil, "red+a (server)"])
    func aCommittedWritesRowGoesInTheTransactionThatStoresItsAnswer(answer: String?) async throws {
        let database = try DatabaseQueue(path: path)
        let persistence = ProbingPersistence(
            try SQLitePersistence<String, String>(database: database, name: "colors", formatVersion: 1))
        let store = ContentStore<String, String>(persistence: persistence, clock: clock) { _ in throw TestError(0) }
        store.write("red", for: "k")
        let sender = GatedSender()
        defer { sender.openAll() }
        let queue = try Queue(store: store, database: database, name: "colors", formatVersion: 1) { suffix, value in
            value += suffix.text
        } send: { write in
            try await sender.send(write)
        }
        // What the file holds the moment the store has stored each value: what a kill then leaves.
        var rowsWhenStored: [String: [Int64]] = [:]
        persistence.probe = { value in
            rowsWhenStored[value] = try? database.read { db in
                try Int64.fetchAll(db, sql: "SELECT id FROM contentLoadingPendingWrite")
            }
        }
        let write = queue.perform("Add +a", Suffix("+a"), on: "k")
        await eventually { sender.count == 1 }
        sender.gate(0).open(returning: answer)
        let committed = answer ?? "red+a"
        #expect(await write.settled() == .committed(committed))
        #expect(rowsWhenStored[committed] == [], "no row left beside the stored answer")
        #expect(queue.removedCount == 1, "its row, counted once")
        #expect(try storedIDs().isEmpty)
        withExtendedLifetime(queue) {}
    }

    @Test func queuesOfOtherNamesAreApart() throws {
        try makeOfflineWrites(["+a"])
        let database = try DatabaseQueue(path: path)
        let store = ContentStore<String, String> { _ in "" }
        let other = try Queue(store: store, database: database, name: "others", formatVersion: 1) { _, _ in
        } send: { _ in
            nil
        }
        #expect(other.restore().isEmpty)
        #expect(try other.storedCount() == 0)
        #expect(try storedIDs().count == 1)
    }

    @Test func aWriteTheFileRefusesStillHappensInMemoryAndIsReported() async throws {
        try makeOfflineWrites([])
        var configuration = Configuration()
        configuration.readonly = true
        let readOnly = try DatabaseQueue(path: path, configuration: configuration)
        let sender = GatedSender()
        defer { sender.openAll() }
        let (queue, _, _) = try launch(online: true, sender: sender, database: readOnly)
        let write = queue.perform("Add a", Suffix("+a"), on: "k")
        #expect(queue.lastFailure != nil)
        #expect(queue.store.value(for: "k") == "red+a", "shown all the same")
        await eventually { sender.count == 1 }
        #expect(sender.sent.first?.id == 0, "a write kept in memory only")
        sender.gate(0).open(returning: nil)
        #expect(await write.settled() == .committed("red+a"))
        #expect(queue.removedCount == 0)
    }
}
