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
    /// Decodes an item from the app table's columns at the start of a row.
    let decode: @Sendable (Row) throws -> Item
    /// The app's table, its name quoted for SQL.
    let table: String
    /// The app table's primary key column.
    let primaryKey: String
    /// Encodes an item as the record's `encode(to:)` does: its values by column.
    let encode: @Sendable (Item) throws -> [String: DatabaseValue]
    /// Writes an item over its row in the app's table; `false` when it has none.
    let update: @Sendable (Item, Database) throws -> Bool
    /// The item's primary key in the app's table.
    let key: @Sendable (Item) -> DatabaseValue

    /// The feed's rows joined to `table`, whose primary key is `primaryKey`.
    @usableFromInline
    init(
        table: String, primaryKey: String, decode: @escaping @Sendable (Row) throws -> Item,
        encode: @escaping @Sendable (Item) throws -> [String: DatabaseValue],
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
        self.decode = decode
        self.table = item
        self.primaryKey = primaryKey
        self.encode = encode
        self.update = update
        self.key = key
    }

    /// Writes each of `items` to the app's table, once: inserted when the table has no row of
    /// its primary key, written over that row when it has one (a row the page repeats too).
    ///
    /// All items are written by one statement, SQLite's upsert of the columns the record encodes,
    /// prepared once a page; the record's persistence callbacks (`willSave`, `didInsert`, ...)
    /// do not run for them. GRDB's `upsert` builds its statement anew for each item: a page
    /// written with it costs twice GRDB's inserts of the items (GRDBBenchmarks' page write).
    func upsert(_ items: [Item], _ db: Database) throws {
        var columns: [String] = []
        var statement: Statement?
        var arguments: [DatabaseValue] = []
        for item in items {
            let values = try encode(item)
            if statement == nil || !Self.take(values, in: columns, into: &arguments) {
                // The first item, or one encoding other columns than the one before it.
                columns = values.keys.sorted()
                statement = try db.cachedStatement(sql: upsertSQL(columns))
                _ = Self.take(values, in: columns, into: &arguments)
            }
            try statement?.execute(arguments: StatementArguments(arguments))
        }
    }

    /// Sets `arguments` to `values` in the order of `columns`; `false` when `values` are of other
    /// columns.
    private static func take(
        _ values: [String: DatabaseValue], in columns: [String], into arguments: inout [DatabaseValue]
    ) -> Bool {
        guard values.count == columns.count else { return false }
        arguments.removeAll(keepingCapacity: true)
        for column in columns {
            guard let value = values[column] else { return false }
            arguments.append(value)
        }
        return true
    }

    /// Inserts a row of `columns`, or, when the table has a row of its primary key, sets those
    /// columns of it. Arguments: the values, in the order of `columns`.
    private func upsertSQL(_ columns: [String]) -> String {
        let names = columns.map(\.quotedDatabaseIdentifier)
        let values = repeatElement("?", count: columns.count).joined(separator: ", ")
        let set = zip(columns, names)
            .filter { column, _ in column.caseInsensitiveCompare(primaryKey) != .orderedSame }
            .map { _, name in "\(name) = excluded.\(name)" }
        let onConflict = set.isEmpty ? "NOTHING" : "UPDATE SET \(set.joined(separator: ", "))"
        return """
            INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(values))
            ON CONFLICT(\(primaryKey.quotedDatabaseIdentifier)) DO \(onConflict)
            """
    }
}
