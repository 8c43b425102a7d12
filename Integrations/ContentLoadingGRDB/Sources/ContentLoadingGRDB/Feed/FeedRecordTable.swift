public import GRDB

/// How a record feed (``StoredFeed/init(recordsIn:list:now:)``) keeps its items: in the app's
/// own table, as GRDB records, with the feed's rows holding their order and primary keys.
///
/// A page is one query joining the feed's rows to the app's table, decoded by the record's own
/// `init(row:)`; the list's generation and where its stored pages end come in the same rows.
@usableFromInline
struct FeedRecordTable<Item: Sendable>: Sendable {
    /// Reads up to `limit` items after a position, with the list's generation and stored end
    /// as the last columns of each row. Arguments: the list (four times), the position, the limit.
    let pageSQL: String
    /// Reads every item up to a position. Arguments: the list, the position.
    let throughSQL: String
    /// Reads the positions, in a range, of the rows whose items the app's table holds.
    /// Arguments: the list, the range's bounds (the first excluded).
    let storedSQL: String
    /// Decodes an item from the app table's columns at the start of a row.
    let decode: @Sendable (Row) throws -> Item
    /// Inserts an item new to the app's table.
    let insert: @Sendable (Item, Database) throws -> Void
    /// Writes an item over its row in the app's table; `false` when it has none.
    let update: @Sendable (Item, Database) throws -> Bool
    /// The item's primary key in the app's table.
    let key: @Sendable (Item) -> DatabaseValue

    /// The feed's rows joined to `table`, whose primary key is `primaryKey`.
    @usableFromInline
    init(
        table: String, primaryKey: String, decode: @escaping @Sendable (Row) throws -> Item,
        insert: @escaping @Sendable (Item, Database) throws -> Void,
        update: @escaping @Sendable (Item, Database) throws -> Bool,
        key: @escaping @Sendable (Item) -> DatabaseValue
    ) {
        let rows = IntegrationSchema.feedRecordRows
        let item = table.quotedDatabaseIdentifier
        let joined = "\(rows) JOIN \(item) ON \(item).\(primaryKey.quotedDatabaseIdentifier) = \(rows).itemID"
        // The subqueries do not depend on the row: SQLite runs each once per statement.
        pageSQL = """
            SELECT \(item).*, \(rows).position,
              (SELECT generation FROM \(IntegrationSchema.refreshedLists) WHERE list = ?),
              (SELECT lastPosition FROM \(IntegrationSchema.feedPages) WHERE list = ? ORDER BY page DESC LIMIT 1),
              (SELECT next FROM \(IntegrationSchema.feedPages) WHERE list = ? ORDER BY page DESC LIMIT 1)
            FROM \(joined)
            WHERE \(rows).list = ? AND \(rows).position > ? ORDER BY \(rows).position LIMIT ?
            """
        throughSQL = """
            SELECT \(item).* FROM \(joined)
            WHERE \(rows).list = ? AND \(rows).position <= ? ORDER BY \(rows).position
            """
        storedSQL = """
            SELECT \(rows).position FROM \(joined)
            WHERE \(rows).list = ? AND \(rows).position > ? AND \(rows).position <= ?
            """
        self.decode = decode
        self.insert = insert
        self.update = update
        self.key = key
    }

    /// Inserts the items new to the app's table and writes the others over their rows, each
    /// through one of GRDB's record methods, so that a record's persistence callbacks run once;
    /// `items` are the list's rows just written after `position`.
    ///
    /// Which items the table holds is read first, in one query: those rows joined to the table
    /// by its primary key. GRDB's `upsert` builds its statement anew for each item: a page
    /// written with it costs twice GRDB's inserts of the items (GRDBBenchmarks' page write).
    func upsert(_ items: [Item], after position: Int64, list: String, _ db: Database) throws {
        var stored = [Bool](repeating: false, count: items.count)
        let positions = try Int64.fetchCursor(
            db.cachedStatement(sql: storedSQL), arguments: [list, position, position + Int64(items.count)])
        while let row = try positions.next() { stored[Int(row - position - 1)] = true }
        // An item the page repeats is inserted once, then written over.
        var inserted: Set<DatabaseValue> = []
        for (item, isStored) in zip(items, stored) {
            if isStored || inserted.contains(key(item)), try update(item, db) { continue }
            try insert(item, db)
            inserted.insert(key(item))
        }
    }
}
