public import ContentLoading
public import Foundation
public import GRDB

/// Writes a list's network refreshes and pages into the database, each in one transaction whose
/// load is checked inside it: a refresh a newer one superseded writes nothing, and so does a
/// page of a list a refresh has replaced.
///
/// ```swift
/// let writer = try RefreshWriter(database: database, list: "items")
///
/// let ticket = writer.beginRefresh()              // on the main actor, as the load begins
/// dataSource.loadingCoordinator.load { state in
///     let items = try await api.items()           // the network
///     try await writer.writeRefresh(ticket, token: state) { db in
///         try Item.deleteAll(db)
///         for item in items { try item.insert(db) }
///     }
/// } commit: { _ in }
/// ```
///
/// A refresh's rows are committed only if, at the commit, its ticket is the newest refresh
/// begun and its load's `LoadingState` is still valid (not superseded,
/// cancelled, or its data source released). The check and SQLite's `COMMIT` happen under one
/// lock that ``beginRefresh()`` takes too, so a refresh that begins while an older one writes
/// either makes the older one write nothing, or begins after its commit: a response that
/// arrives between an early check and its write can never land, and the database never holds
/// an older refresh's rows after a newer one's. A refresh that writes nothing rolls back all
/// its rows; one that fails rolls back too and throws.
///
/// Each list has a generation, stored in the integration's table
/// (`contentLoadingRefreshedList`) in the same transaction as the rows, which every refresh
/// moves on. A page records the generation it extends (``generation(_:)``, read with the rows
/// it was loaded after) and ``writePage(extending:token:_:)`` writes it only if the list is
/// still that generation: a page of a list a refresh has since replaced is not written.
public final class RefreshWriter: Sendable {
    /// The database the list lives in.
    public let database: any DatabaseWriter
    /// The list's name in the integration's table: one writer per list.
    public let list: String
    private let fence = RefreshFence()
    private let now: @Sendable () -> Date

    /// Makes the writer of `list` in `database`, creating or updating the integration's tables.
    ///
    /// - Parameters:
    ///   - database: The app's database queue or pool.
    ///   - list: The list's name; make one writer per list, shared by every screen of it.
    ///   - now: The wall clock a refresh is dated by.
    /// - Throws: The file's error when it cannot be migrated.
    public init(database: any DatabaseWriter, list: String, now: @escaping @Sendable () -> Date = Date.init) throws {
        try IntegrationSchema.migrate(database)
        self.database = database
        self.list = list
        self.now = now
    }

    /// Begins a refresh: every refresh begun before it stops being allowed to write. Call it
    /// when its load begins, before the load's work starts.
    ///
    /// Waits, at most for one SQLite `COMMIT`, if an older refresh is committing at that moment.
    public func beginRefresh() -> RefreshTicket {
        RefreshTicket(number: fence.begin(), writer: ObjectIdentifier(self))
    }

    /// Whether `ticket` is the newest refresh begun.
    public func isCurrent(_ ticket: RefreshTicket) -> Bool {
        ticket.writer == ObjectIdentifier(self) && fence.isCurrent(ticket.number)
    }

    /// Writes a refresh's rows in one transaction, committed only if `ticket` is the newest
    /// refresh and `token` is still valid at the commit.
    ///
    /// - Parameters:
    ///   - ticket: The refresh's ticket, from ``beginRefresh()``.
    ///   - token: The refresh's load.
    ///   - write: Replaces the list's rows, and answers whatever the caller wants read in the
    ///     same transaction (the rows as written, say). It runs inside the transaction, so the
    ///     app's other readers never see half of it.
    /// - Returns: The list's new generation and what `write` answered, or `nil` when the
    ///   refresh was superseded (or its load ended) and nothing was written.
    /// - Throws: The error of `write` or of the database (nothing written), or
    ///   `CancellationError` when the calling task was cancelled before the write began.
    @discardableResult
    public func writeRefresh<Written: Sendable>(
        _ ticket: RefreshTicket, token: LoadingState, _ write: @escaping @Sendable (Database) throws -> Written
    ) async throws -> (generation: Int64, written: Written)? {
        guard isCurrent(ticket), token.isValid else { return nil }
        return try await database.writeWithoutTransaction { db in
            try self.transaction(db, ticket: ticket.number, token: token) { db in
                let written = try write(db)
                let generation = try self.generation(db) + 1
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO \(IntegrationSchema.refreshedLists) (list, generation, refreshedAt)
                        VALUES (?, ?, ?)
                        """,
                    arguments: [self.list, generation, self.now().timeIntervalSince1970])
                return (generation, written)
            }
        }
    }

    /// Writes a page that extends the list of `generation`, in one transaction, committed only
    /// if the list is still that generation (no refresh replaced it) and `token` is still valid.
    ///
    /// - Returns: Whether the page was written.
    /// - Throws: The error of `write` or of the database (nothing written).
    @discardableResult
    public func writePage(
        extending generation: Int64, token: LoadingState, _ write: @escaping @Sendable (Database) throws -> Void
    ) async throws -> Bool {
        guard token.isValid else { return false }
        let written = try await database.writeWithoutTransaction { db in
            try self.transaction(db, ticket: nil, token: token) { db -> Bool? in
                guard try self.generation(db) == generation else { return nil }
                try write(db)
                return true
            }
        }
        return written ?? false
    }

    /// The list's generation in `db`: 0 before its first refresh, then moved on by each.
    ///
    /// Read it in the same access as the rows a page is loaded after, and pass it to
    /// ``writePage(extending:token:_:)``.
    public func generation(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT generation FROM \(IntegrationSchema.refreshedLists) WHERE list = ?"),
            arguments: [list]) ?? 0
    }

    /// When the list was last refreshed, on the wall clock, or `nil` if never.
    public func refreshedAt(_ db: Database) throws -> Date? {
        try Double.fetchOne(
            db, sql: "SELECT refreshedAt FROM \(IntegrationSchema.refreshedLists) WHERE list = ?", arguments: [list]
        ).map(Date.init(timeIntervalSince1970:))
    }

    /// Runs `body` in a transaction and commits it if `body` answers a result and, at the
    /// commit, `ticket` (if any) is the newest refresh and `token` is valid; otherwise rolls
    /// everything back and answers `nil`.
    private func transaction<T>(
        _ db: Database, ticket: UInt64?, token: LoadingState, _ body: (Database) throws -> T?
    ) throws -> T? {
        try db.beginTransaction(.immediate)
        do {
            guard let result = try body(db),
                try fence.commit(ifCurrent: ticket, { token.isValid }, { try db.commit() })
            else {
                try db.rollback()
                return nil
            }
            return result
        } catch {
            // A failed statement, or a failed `COMMIT` (which may leave the transaction open).
            if db.isInsideTransaction { try? db.rollback() }
            throw error
        }
    }
}
