public import ContentLoading
public import Foundation
public import GRDB

/// A paged list kept in the app's database: its items in order, and the network's cursor after
/// each page.
///
/// ```swift
/// try appMigrator.migrate(database)      // the app's own tables, `article` among them
/// let feed = try StoredFeed<Article, String>(recordsIn: database, list: "articles")
/// let dataSource = StoredFeedDataSource(feed: feed, screenful: 30) { cursor in
///     try await api.articles(after: cursor)      // a Page(articles, next: cursor or nil)
/// }
/// ```
///
/// Every read is one indexed range of the feed's rows (`position > ? ORDER BY position LIMIT ?`),
/// so a screenful costs the same whatever the list's length. Every write is one transaction, checked
/// at its commit as ``RefreshWriter`` checks a refresh:
///
/// - ``writeRefresh(_:ticket:token:)`` replaces the whole stored list with a first page, only
///   if its ticket is the newest refresh and its load is still valid;
/// - ``writePage(_:after:extending:token:)`` appends a page, only if no refresh replaced the
///   list since the rows it follows were read, no other screen stored a page after them, and
///   its load is still valid.
///
/// A page's rows and its cursor are written in the same transaction, so a kill leaves whole
/// pages. Cursors are stored as JSON, in plain text: see <doc:OfflineFirstFeed>.
///
/// Where the items live:
///
/// - **In the app's own table**, for GRDB records (``init(recordsIn:list:now:)``): the feed
///   keeps only their order, their primary keys and the cursors; a page is one query joining
///   the feed's rows to the app's table, decoded by the record's `init(row:)`, and a page's
///   items are upserted into the app's table in the page's transaction. This is the mode to use
///   when the items are records.
/// - **As JSON in the feed's rows** (``init(database:list:now:)``), for values that are not
///   records: each read decodes them with `JSONDecoder`.
///
/// Make one feed per list (its `list` name) and share it with every screen of that list.
public final class StoredFeed<Item: Codable & Sendable, Cursor: Codable & Sendable>: Sendable {
    /// Writes the list's refreshes and pages, and moves its generation on with each refresh.
    public let writer: RefreshWriter

    /// The database the list lives in.
    public var database: any DatabaseWriter { writer.database }
    /// The list's name in the integration's tables.
    public var list: String { writer.list }
    /// The app's table the items live in, or `nil` when they are stored as JSON in the feed's rows.
    let records: FeedRecordTable<Item>?

    /// A feed written by `writer`, its items in `records` or, when `nil`, as JSON in its rows.
    @usableFromInline
    init(writer: RefreshWriter, records: FeedRecordTable<Item>?) {
        self.writer = writer
        self.records = records
    }

    /// Makes the feed `list` in `database`, its items stored as JSON in the feed's rows,
    /// creating or updating the integration's tables.
    ///
    /// - Parameters:
    ///   - database: The app's database queue or pool.
    ///   - list: The list's name; make one feed per list, shared by every screen of it.
    ///   - now: The wall clock a refresh is dated by.
    /// - Throws: The file's error when it cannot be migrated.
    public convenience init(
        database: any DatabaseWriter, list: String, now: @escaping @Sendable () -> Date = Date.init
    ) throws {
        self.init(writer: try RefreshWriter(database: database, list: list, now: now), records: nil)
    }

    /// Opens the feed `list` in the database file at `path`; when the file cannot be opened or
    /// migrated (not a database, unreadable, read-only without the integration's tables), tells
    /// `onFailure` why and keeps the feed in a database in memory, for this launch only.
    ///
    /// The file is left as it was, so whatever it holds can still be recovered. A file another
    /// connection holds locked (closing, checkpointing) is waited for, up to a second.
    public static func open(
        atPath path: String, list: String, now: @escaping @Sendable () -> Date = Date.init,
        onFailure: (any Error) -> Void
    ) -> StoredFeed {
        var configuration = Configuration()
        configuration.busyMode = .timeout(1)
        do {
            return try StoredFeed(
                database: try DatabasePool(path: path, configuration: configuration), list: list, now: now)
        } catch {
            onFailure(error)
            // An in-memory database always opens and migrates.
            // swift-format-ignore: NeverUseForceTry
            return try! StoredFeed(database: try DatabaseQueue(), list: list, now: now)
        }
    }

    // MARK: - Reading

    /// Reads up to `limit` stored items after `position` (0: from the list's start), with the
    /// list's generation and what follows the stored pages, in one access.
    ///
    /// It reads one indexed range: its cost does not grow with the list's length.
    public func read(_ db: Database, after position: Int64, limit: Int) throws -> StoredFeedRead<Item, Cursor> {
        if let records { return try read(records, db, after: position, limit: limit) }
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT position, item FROM \(IntegrationSchema.feedRows)
                WHERE list = ? AND position > ? ORDER BY position LIMIT ?
                """,
            arguments: [list, position, limit])
        var items: [Item] = []
        items.reserveCapacity(rows.count)
        let decoder = JSONDecoder()
        var lastPosition = position
        for row in rows {
            let data: Data = try row.decode(atIndex: 1)
            items.append(try decoder.decode(Item.self, from: data))
            lastPosition = try row.decode(atIndex: 0)
        }
        let end = try storedEnd(db)
        return StoredFeedRead(
            items: items, lastPosition: lastPosition, generation: try writer.generation(db),
            lastStoredPosition: end.lastPosition, afterStoredPages: end.next)
    }

    /// Reads a page of a record feed: one query joining the feed's rows to the app's table,
    /// whose last columns carry the list's generation and where its stored pages end. A second
    /// query reads those only when no item follows `position`.
    private func read(
        _ records: FeedRecordTable<Item>, _ db: Database, after position: Int64, limit: Int
    ) throws -> StoredFeedRead<Item, Cursor> {
        let list = self.list
        let statement = try db.cachedStatement(sql: records.pageSQL)
        let rows = try Row.fetchCursor(statement, arguments: [list, list, list, list, position, limit])
        var items: [Item] = []
        items.reserveCapacity(limit)
        var lastPosition = position
        var state: (generation: Int64, lastStored: Int64, next: Data?)?
        while let row = try rows.next() {
            items.append(try records.decode(row))
            let count = row.count
            lastPosition = try row.decode(atIndex: count - 4)
            if state == nil {
                state = (
                    try row.decode(Int64?.self, atIndex: count - 3) ?? 0,
                    try row.decode(Int64?.self, atIndex: count - 2) ?? 0, try row.decode(atIndex: count - 1)
                )
            }
        }
        guard let state else {
            // No item joins after `position`: the rows left, if any, are of items the app
            // deleted from its table, and the read ends where the stored pages do.
            let end = try storedEnd(db)
            return StoredFeedRead(
                items: items, lastPosition: max(position, end.lastPosition), generation: try writer.generation(db),
                lastStoredPosition: end.lastPosition, afterStoredPages: end.next)
        }
        let next: StoredFeedEnd<Cursor> =
            if let data = state.next { .more(try JSONDecoder().decode(Cursor.self, from: data)) } else { .complete }
        return StoredFeedRead(
            items: items, lastPosition: lastPosition, generation: state.generation,
            lastStoredPosition: state.lastStored, afterStoredPages: next)
    }

    /// What follows the stored pages: nothing fetched yet, the network's next page, or nothing.
    public func afterStoredPages(_ db: Database) throws -> StoredFeedEnd<Cursor> {
        try storedEnd(db).next
    }

    /// The last stored page's last position, and what follows it.
    func storedEnd(_ db: Database) throws -> (lastPosition: Int64, next: StoredFeedEnd<Cursor>) {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT lastPosition, next FROM \(IntegrationSchema.feedPages)
                        WHERE list = ? ORDER BY page DESC LIMIT 1
                        """),
                arguments: [list])
        else { return (0, .neverFetched) }
        let lastPosition: Int64 = try row.decode(atIndex: 0)
        let next: Data? = try row.decode(atIndex: 1)
        guard let next else { return (lastPosition, .complete) }
        return (lastPosition, .more(try JSONDecoder().decode(Cursor.self, from: next)))
    }

    // MARK: - Writing

    /// Replaces the stored list with `page`, its first page, in one transaction committed only
    /// if `ticket` is the newest refresh and `token` is still valid at the commit.
    ///
    /// - Returns: The page as stored (its items, the last one's position, the list's new
    ///   generation), or `nil` when the refresh was superseded and nothing was written.
    /// - Throws: The database's or the encoder's error (nothing written).
    public func writeRefresh(
        _ page: Page<[Item], Cursor>, ticket: RefreshTicket, token: LoadingState
    ) async throws -> StoredFeedRead<Item, Cursor>? {
        let list = self.list
        let records = self.records
        guard
            let written = try await writer.writeRefresh(
                ticket, token: token,
                { db in
                    let rows = records == nil ? IntegrationSchema.feedRows : IntegrationSchema.feedRecordRows
                    try db.execute(sql: "DELETE FROM \(rows) WHERE list = ?", arguments: [list])
                    try db.execute(sql: "DELETE FROM \(IntegrationSchema.feedPages) WHERE list = ?", arguments: [list])
                    try Self.insertRows(page.rows, after: 0, page: 0, list: list, records: records, db)
                    try Self.insertPage(0, of: page, after: 0, list: list, db)
                })
        else { return nil }
        return StoredFeedRead(
            items: page.rows, lastPosition: Int64(page.rows.count), generation: written.generation,
            lastStoredPosition: Int64(page.rows.count), afterStoredPages: page.next.map { .more($0) } ?? .complete)
    }

    /// Appends `page` after the stored item at `position`, in one transaction committed only
    /// if the list is still `generation` (no refresh replaced it), no page is stored after
    /// `position` yet, and `token` is still valid at the commit.
    ///
    /// - Parameters:
    ///   - page: The network's page.
    ///   - position: The position of the last stored item, read with `generation`.
    ///   - generation: The list's generation the page extends (``StoredFeedRead/generation``).
    ///   - token: The page's load.
    /// - Returns: The page as stored, or `nil` when nothing was written: a refresh replaced
    ///   the list, another screen stored a page after `position`, or the load ended.
    /// - Throws: The database's or the encoder's error (nothing written).
    public func writePage(
        _ page: Page<[Item], Cursor>, after position: Int64, extending generation: Int64, token: LoadingState
    ) async throws -> StoredFeedRead<Item, Cursor>? {
        let list = self.list
        let records = self.records
        do {
            let written = try await writer.writePage(extending: generation, token: token) { db in
                let number = try Self.pageAfter(position, list: list, db)
                try Self.insertRows(page.rows, after: position, page: number, list: list, records: records, db)
                try Self.insertPage(number, of: page, after: position, list: list, db)
            }
            guard written else { return nil }
        } catch is PageAlreadyStored {
            return nil
        }
        return StoredFeedRead(
            items: page.rows, lastPosition: position + Int64(page.rows.count), generation: generation,
            lastStoredPosition: position + Int64(page.rows.count),
            afterStoredPages: page.next.map { .more($0) } ?? .complete)
    }

    /// The number of the page to store after `position`; throws `PageAlreadyStored` when
    /// `position` is not the last stored item's (another screen stored a page after it).
    private static func pageAfter(_ position: Int64, list: String, _ db: Database) throws -> Int64 {
        let last = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT page, lastPosition FROM \(IntegrationSchema.feedPages)
                    WHERE list = ? ORDER BY page DESC LIMIT 1
                    """),
            arguments: [list])
        guard let last, try last.decode(atIndex: 1) as Int64 == position else { throw PageAlreadyStored() }
        return try last.decode(atIndex: 0) as Int64 + 1
    }

    /// Inserts the rows of `items` after `position`: in a record feed, the items upserted into
    /// the app's table and their primary keys in the feed's rows; otherwise the items as JSON.
    private static func insertRows(
        _ items: [Item], after position: Int64, page: Int64, list: String, records: FeedRecordTable<Item>?,
        _ db: Database
    ) throws {
        if let records {
            try insertRecordRows(items, after: position, list: list, records: records, db)
            try records.upsert(items, db)
            return
        }
        let encoder = JSONEncoder()
        let statement = try db.cachedStatement(
            sql: "INSERT INTO \(IntegrationSchema.feedRows) (list, position, page, item) VALUES (?, ?, ?, ?)")
        for (offset, item) in items.enumerated() {
            try statement.execute(arguments: [list, position + Int64(offset) + 1, page, try encoder.encode(item)])
        }
    }

    /// Inserts a record feed's rows of `items` after `position`, up to 100 rows a statement:
    /// one statement per row would cost more than GRDB's insert of the items themselves.
    private static func insertRecordRows(
        _ items: [Item], after position: Int64, list: String, records: FeedRecordTable<Item>, _ db: Database
    ) throws {
        var start = 0
        while start < items.count {
            let count = min(100, items.count - start)
            let values = repeatElement("(?, ?, ?)", count: count).joined(separator: ", ")
            let statement = try db.cachedStatement(
                sql: "INSERT INTO \(IntegrationSchema.feedRecordRows) (list, position, itemID) VALUES \(values)")
            var arguments: [DatabaseValue] = []
            arguments.reserveCapacity(3 * count)
            let listValue = list.databaseValue
            for offset in start..<start + count {
                arguments.append(listValue)
                arguments.append((position + Int64(offset) + 1).databaseValue)
                arguments.append(records.key(items[offset]))
            }
            try statement.execute(arguments: StatementArguments(arguments))
            start += count
        }
    }

    /// Records page `number` and the network's cursor after it; the cursor is encoded here,
    /// inside the page's transaction, after its rows.
    private static func insertPage(
        _ number: Int64, of page: Page<[Item], Cursor>, after position: Int64, list: String, _ db: Database
    ) throws {
        let next = try page.next.map { try JSONEncoder().encode($0) }
        try db.cachedStatement(
            sql: """
                INSERT INTO \(IntegrationSchema.feedPages) (list, page, rowCount, lastPosition, next)
                VALUES (?, ?, ?, ?, ?)
                """
        ).execute(arguments: [list, number, page.rows.count, position + Int64(page.rows.count), next])
    }
}
