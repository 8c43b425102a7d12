import Foundation
public import GRDB

extension StoredFeed {
    /// Reads every stored item up to `position`, with the list's generation, in one access: what
    /// a ``StoredFeedDataSource`` shows of the stored pages, read again after a change.
    public func read(_ db: Database, through position: Int64) throws -> StoredFeedRead<Item, Cursor> {
        if let records {
            let items = try Row.fetchAll(db, sql: records.throughSQL, arguments: [list, position]).map(records.decode)
            let end = try storedEnd(db)
            return StoredFeedRead(
                items: items, lastPosition: position, generation: try writer.generation(db),
                lastStoredPosition: end.lastPosition, afterStoredPages: end.next)
        }
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT position, item FROM \(IntegrationSchema.feedRows)
                WHERE list = ? AND position <= ? ORDER BY position
                """,
            arguments: [list, position])
        var items: [Item] = []
        items.reserveCapacity(rows.count)
        let decoder = JSONDecoder()
        for row in rows {
            let data: Data = try row.decode(atIndex: 1)
            items.append(try decoder.decode(Item.self, from: data))
        }
        let end = try read(db, after: position, limit: 0)
        return StoredFeedRead(
            items: items, lastPosition: position, generation: end.generation,
            lastStoredPosition: end.lastStoredPosition, afterStoredPages: end.afterStoredPages)
    }
}

extension StoredFeed where Item: Identifiable, Item.ID: Sendable {
    /// Writes each of `items` over every stored row of its id, in one transaction, and returns
    /// how many rows it changed: a value the app holds newer than the stored one (an optimistic
    /// write that committed, say) is then the one the list shows after a relaunch.
    ///
    /// In a record feed, each item is written over its row in the app's table through the
    /// record's own `update` (an item the table no longer holds is skipped), and every feed and
    /// query of that table sees it. Otherwise it reads the list's rows to find the ids (items
    /// are stored as JSON): its cost grows with the stored list.
    ///
    /// The same transaction counts the update in the list's row of the integration's table
    /// `contentLoadingFeedUpdateCount`: a ``StoredFeedDataSource`` reads the count with the rows, and
    /// so tells a read made before its own write from one made after.
    @discardableResult
    public func update(_ items: [Item]) async throws -> Int {
        guard !items.isEmpty else { return 0 }
        return try await writeOver(items).changed
    }

    /// Writes `items` over their stored rows as ``update(_:)`` does, and counts the write in the
    /// same transaction: returns how many rows it changed and the list's count of updates
    /// after it (see ``updateCount(_:)``).
    func writeOver(_ items: [Item]) async throws -> (changed: Int, updateCount: Int64) {
        let list = self.list
        if let records {
            return try await database.write { db in
                var changed = 0
                for item in items where try records.update(item, db) { changed += 1 }
                return (changed, try Self.countUpdate(of: list, db))
            }
        }
        var byID: [Item.ID: Item] = [:]
        for item in items { byID[item.id] = item }
        let newer = byID
        return try await database.write { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT position, item FROM \(IntegrationSchema.feedRows) WHERE list = ?", arguments: [list])
            let decoder = JSONDecoder()
            let encoder = JSONEncoder()
            var changed = 0
            for row in rows {
                let data: Data = try row.decode(atIndex: 1)
                let stored = try decoder.decode(Item.self, from: data)
                guard let item = newer[stored.id] else { continue }
                let encoded = try encoder.encode(item)
                guard encoded != data else { continue }
                try db.execute(
                    sql: "UPDATE \(IntegrationSchema.feedRows) SET item = ? WHERE list = ? AND position = ?",
                    arguments: [encoded, list, try row.decode(atIndex: 0) as Int64])
                changed += 1
            }
            return (changed, try Self.countUpdate(of: list, db))
        }
    }

    /// How many times ``update(_:)`` wrote this list's items, read in `db`'s access: a read of
    /// the rows in the same access that counts `n` saw every update up to the `n`th.
    func updateCount(_ db: Database) throws -> Int64 {
        try Self.updateCount(of: list, db)
    }

    /// How many times ``update(_:)`` wrote the items of `list`, read in `db`'s access.
    private static func updateCount(of list: String, _ db: Database) throws -> Int64 {
        try Int64.fetchOne(
            db, sql: "SELECT count FROM \(IntegrationSchema.feedUpdateCounts) WHERE list = ?", arguments: [list]) ?? 0
    }

    /// Counts one more update of `list`, in the transaction that writes it; returns the count.
    private static func countUpdate(of list: String, _ db: Database) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO \(IntegrationSchema.feedUpdateCounts) (list, count) VALUES (?, 1)
                ON CONFLICT (list) DO UPDATE SET count = count + 1
                """,
            arguments: [list])
        return try updateCount(of: list, db)
    }
}
