import ContentLoading
import ContentLoadingGRDB
import Foundation
import GRDB

/// An item of the feed "articles"; its JSON, and its row in the table "article", are the same
/// as the fault tests' items'.
struct ChildArticle: Codable, Sendable, Identifiable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "article"

    let id: Int
    let title: String

    /// The fault tests' migration of the table "article", under the same name.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("articles") { db in
            try db.create(table: databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("title", .text).notNull()
                table.column("isStarred", .boolean)
            }
        }
        return migrator
    }
}

/// The feed's network cursor: an index, stored as a JSON number. A negative one stops the
/// process when it is encoded, inside its page's transaction after the page's rows.
struct HoldingCursor: Codable, Sendable {
    let index: Int

    init(_ index: Int) { self.index = index }

    init(from decoder: any Decoder) throws {
        index = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        if index < 0 {
            say("inside")
            // The page's rows are written, nothing is committed: wait here to be killed.
            while true { Thread.sleep(forTimeInterval: 60) }
        }
        var container = encoder.singleValueContainer()
        try container.encode(index)
    }
}

/// How many pages `feed-loop` writes before it waits to be killed.
let feedLoopPages = 12

/// Stores the feed "articles" page by page: a first page of `rows` articles titled
/// "0-<index>", then pages of `rows` titled "<page>-<index>", each followed by the cursor of
/// the next, saying "committed <page>" after each. `hold` says where it stops inside a
/// transaction, says "inside" and waits to be killed: "page", in the second page; "refresh",
/// in a refresh of `rows` articles titled "r-<index>" after three pages; "none" (or anything
/// else), nowhere: it writes `feedLoopPages` pages and waits to be killed. With `records`, the
/// feed keeps its articles in the table "article".
@MainActor
func writeFeedPagesUntilKilled(path: String, pool: Bool, records: Bool, rows: Int, hold: String) async -> Never {
    do {
        let database: any DatabaseWriter = pool ? try DatabasePool(path: path) : try DatabaseQueue(path: path)
        let feed: StoredFeed<ChildArticle, HoldingCursor>
        if records {
            try ChildArticle.migrator.migrate(database)
            feed = try StoredFeed(recordsIn: database, list: "articles")
        } else {
            feed = try StoredFeed(database: database, list: "articles")
        }
        let loads = DataSource()
        let token = loads.loadingCoordinator.loadContent { _ in }
        var page = 0
        var position: Int64 = 0
        while true {
            if hold == "refresh", page == 3 {
                let fresh = (0..<rows).map { ChildArticle(id: $0, title: "r-\($0)") }
                _ = try await feed.writeRefresh(
                    Page(fresh, next: HoldingCursor(-1)), ticket: feed.writer.beginRefresh(), token: token)
            }
            let articles = (0..<rows).map { ChildArticle(id: page * rows + $0, title: "\(page)-\(page * rows + $0)") }
            let next = HoldingCursor(hold == "page" && page == 1 ? -1 : (page + 1) * rows)
            if page == 0 {
                _ = try await feed.writeRefresh(
                    Page(articles, next: next), ticket: feed.writer.beginRefresh(), token: token)
            } else {
                let generation = try await database.read(feed.writer.generation)
                guard
                    try await feed.writePage(
                        Page(articles, next: next), after: position, extending: generation, token: token) != nil
                else {
                    FileHandle.standardError.write(Data("RefreshWriterChild: a page was not written\n".utf8))
                    exit(1)
                }
            }
            say("committed \(page)")
            position += Int64(rows)
            page += 1
            // Enough pages for any kill the tests make: the relaunch reads them all.
            while page == feedLoopPages { try await Task.sleep(for: .seconds(60)) }
        }
    } catch {
        FileHandle.standardError.write(Data("RefreshWriterChild: \(error)\n".utf8))
        exit(1)
    }
}
