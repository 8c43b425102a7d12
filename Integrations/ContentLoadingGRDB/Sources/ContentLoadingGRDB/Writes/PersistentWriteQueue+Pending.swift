import Foundation
import GRDB

extension PersistentWriteQueue {
    /// The writes of this queue the file holds, in the order they were made: those not yet
    /// settled, for a screen that lists them ("3 changes waiting") or a test.
    ///
    /// ```swift
    /// let waiting = try queue.pendingWrites()      // [PersistedWrite<Int, ProfileEdit>]
    /// badge.text = "\(waiting.count) changes waiting"
    /// ```
    ///
    /// It reads the file, so it lists the writes of earlier launches before ``restore()``
    /// hands them on too. A row of another ``formatVersion``, or that no longer decodes, is not
    /// listed (``restore()`` deletes it, or keeps it for a newer build); a write the file refused (identity 0) is in memory
    /// only, and not listed either.
    ///
    /// - Throws: The file's error when it cannot be read.
    public func pendingWrites() throws -> [PersistedWrite<Key, Operation>] {
        let rows = try database.read { [name, formatVersion] db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, key, description, operation FROM \(IntegrationSchema.pendingWrites)
                    WHERE store = ? AND format = ? ORDER BY id
                    """,
                arguments: [name, formatVersion])
        }
        // Decoded here, outside the read: the app's `Codable` code runs while no lock is held.
        let decoder = JSONDecoder()
        return rows.compactMap { row in
            guard let id = try? row.decode(Int64.self, forColumn: "id"),
                let keyText = try? row.decode(String.self, forColumn: "key"),
                let description = try? row.decode(String.self, forColumn: "description"),
                let operationData = try? row.decode(Data.self, forColumn: "operation"),
                let key = try? decoder.decode(Key.self, from: Data(keyText.utf8)),
                let operation = try? decoder.decode(Operation.self, from: operationData)
            else { return nil }
            return PersistedWrite(id: id, key: key, operation: operation, description: description)
        }
    }

    /// Waits until the file holds none of this queue's writes: every write made or restored has
    /// settled and its row is deleted.
    ///
    /// ```swift
    /// queue.perform("Rename", .rename("Ada"), on: 7)
    /// try await queue.waitUntilEmpty()             // sent, answered, and its row gone
    /// ```
    ///
    /// It watches the rows themselves (a GRDB observation of the queue's rows in ``database``),
    /// so it returns once the last row is deleted, whichever write settled last, and at once
    /// when there is none. Rows of earlier launches count until ``restore()`` hands them on and
    /// they settle (or deletes them, if unreadable). A write the file refused (identity 0) is
    /// in memory only and is not waited for, and neither is a newer build's write (of a newer
    /// ``formatVersion``), which this build never sends.
    ///
    /// The wait is bounded by the caller's task: cancel it to stop waiting.
    ///
    /// - Throws: `CancellationError` when the caller's task is cancelled before the file is
    ///   empty; the file's error when it cannot be read.
    public func waitUntilEmpty() async throws {
        let name = self.name
        let formatVersion = self.formatVersion
        let rowCount = ValueObservation.tracking { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) FROM \(IntegrationSchema.pendingWrites)
                    WHERE store = ? AND NOT (typeof(format) = 'integer' AND format > ?)
                    """,
                arguments: [name, formatVersion])
                ?? 0
        }
        for try await count in rowCount.values(in: database) where count == 0 {
            return
        }
        // The observation ends only when the task is cancelled.
        throw CancellationError()
    }
}
