/// Where a ``StoredFeedDataSource``'s page landed: in the database, or in memory only.
enum StoredFeedLanding<Item: Sendable, Cursor: Sendable>: Sendable {
    /// Read from, or written to, the database.
    case stored(StoredFeedRead<Item, Cursor>)
    /// Fetched and kept in memory: the data source keeps its list in memory (`failure`, the
    /// write's error, says why when this page's write failed), `next` is the network's cursor.
    case memoryOnly([Item], next: Cursor?, failure: (any Error)?)
}
