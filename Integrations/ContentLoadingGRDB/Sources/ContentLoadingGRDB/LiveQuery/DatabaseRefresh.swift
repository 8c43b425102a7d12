public import GRDB

/// How a ``LiveQueryDataSource`` refreshes its rows from the network: fetch, then write the
/// response through the list's ``RefreshWriter``.
///
/// ```swift
/// let refresh = DatabaseRefresh(writer: itemsWriter) {
///     let items = try await api.items()           // off the main actor
///     return { db in                               // inside the refresh's transaction
///         try Item.deleteAll(db)
///         for item in items { try item.insert(db) }
///     }
/// }
/// ```
public struct DatabaseRefresh: Sendable {
    /// Writes the refreshes of the list, checking each load inside its transaction.
    public let writer: RefreshWriter
    /// Fetches a response off the main actor and answers how to write it into the database.
    public let fetch: @Sendable () async throws -> @Sendable (Database) throws -> Void

    /// Makes a refresh that writes through `writer` what `fetch` answers.
    public init(
        writer: RefreshWriter, fetch: @escaping @Sendable () async throws -> @Sendable (Database) throws -> Void
    ) {
        self.writer = writer
        self.fetch = fetch
    }
}
