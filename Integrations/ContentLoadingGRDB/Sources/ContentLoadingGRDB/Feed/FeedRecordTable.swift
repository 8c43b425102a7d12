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
    /// Inserts an item in the app's table, or updates the row it already has.
    let upsert: @Sendable (Item, Database) throws -> Void
    /// Writes an item over its row in the app's table; `false` when it has none.
    let update: @Sendable (Item, Database) throws -> Bool
    /// The item's primary key in the app's table.
    let key: @Sendable (Item) -> DatabaseValue

    /// The feed's rows joined to `table`, whose primary key is `primaryKey`.
    @usableFromInline
    init(
        table: String, primaryKey: String, decode: @escaping @Sendable (Row) throws -> Item,
        upsert: @escaping @Sendable (Item, Database) throws -> Void,
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
        self.upsert = upsert
        self.update = update
        self.key = key
    }
}
