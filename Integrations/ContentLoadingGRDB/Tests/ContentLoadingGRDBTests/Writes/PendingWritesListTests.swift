import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import GRDB
import Testing

/// What a test or an app awaits and lists of a write queue: the file emptied of its writes, and
/// the writes still stored, without polling ``PersistentWriteQueue/removedCount``.
extension PersistentWriteQueueTests {
    @Test func waitUntilEmptyReturnsOnceTheLastWritesRowIsDeleted() async throws {
        let sender = GatedSender()
        defer { sender.openAll() }
        let (queue, _, _) = try launch(online: true, sender: sender)
        let first = queue.perform("Add a", Suffix("+a"), on: "k")
        queue.perform("Add b", Suffix("+b"), on: "k")
        let storedWhenEmptied = Task { () -> [Int64]? in
            guard (try? await queue.waitUntilEmpty()) != nil else { return nil }
            return try? storedIDs()  // read as soon as the wait ends
        }
        await eventually { sender.count == 1 }
        sender.gate(0).open(returning: nil)
        #expect(await first.settled() == .committed("red+a"))
        await eventually { sender.count == 2 }
        sender.gate(1).open(returning: nil)
        #expect(await storedWhenEmptied.boundedValue() == [], "the wait ends with the file empty, not before")
    }

    @Test func waitUntilEmptyReturnsAtOnceWhenNothingIsStored() async throws {
        let (queue, _, _) = try launch(online: true)
        let emptied = Task { (try? await queue.waitUntilEmpty()) != nil }
        #expect(await emptied.boundedValue() == true)
    }

    @Test func waitUntilEmptyThrowsACancellationWhenItsTaskIsCancelled() async throws {
        let (queue, _, _) = try launch(online: false)
        queue.perform("Add a", Suffix("+a"), on: "k")  // offline: it waits for the network
        let waiting = Task { () -> Bool in
            do {
                try await queue.waitUntilEmpty()
                return false
            } catch {
                return error is CancellationError
            }
        }
        waiting.cancel()
        #expect(await waiting.boundedValue() == true)
        #expect(try storedIDs().count == 1, "the write is still stored")
    }

    @Test func pendingWritesListsTheStoredWritesInTheOrderTheyWereMade() async throws {
        try makeOfflineWrites(["+a", "+b"])
        let ids = try storedIDs()
        let (queue, restored, _) = try launch(online: false)
        queue.perform("Add c", Suffix("+c"), on: "k")
        let pending = try queue.pendingWrites()
        #expect(pending.map(\.description) == ["Add +a", "Add +b", "Add c"])
        #expect(pending.map(\.operation) == [Suffix("+a"), Suffix("+b"), Suffix("+c")])
        #expect(pending.map(\.key) == ["k", "k", "k"])
        #expect(Array(pending.map(\.id).prefix(2)) == ids, "the rows of the earlier launch, by their identity")
        #expect(pending.map(\.id) == (try storedIDs()))

        #expect(restored[1].cancel())
        #expect(await restored[1].settled() == .cancelled)
        await eventually { (try? queue.pendingWrites().count) == 2 }
        #expect(try queue.pendingWrites().map(\.description) == ["Add +a", "Add c"], "a settled write is not listed")
    }
}
