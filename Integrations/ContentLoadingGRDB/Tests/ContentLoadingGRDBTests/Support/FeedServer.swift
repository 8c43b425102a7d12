import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation  // NSLock
import GRDB

/// An item of the feed tests; its JSON is the same as the `RefreshWriterChild`'s items'.
struct Article: Codable, Sendable, Identifiable, Equatable {
    let id: Int
    let title: String
    /// Whether the reader starred it; `nil` (not stored) until then.
    var isStarred: Bool? = nil
}

/// The error an offline fetch fails with.
struct Offline: Error, Equatable {}

/// The network of the feed tests: a list of `count` articles titled "`version`-`index`", served
/// in pages of `pageSize` whose cursor is the next article's index; offline, every fetch fails.
/// A fetch with a cursor in `gatedCursors` waits on a gate the test opens.
final class FeedServer: @unchecked Sendable {
    // @unchecked: every variable is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var _version = 1
    private var _count: Int
    private var _isOnline = true
    private var _fetched: [Int?] = []
    private let pageSize: Int
    private let gatedCursors: Set<Int>
    /// The gated fetches, in the order they began.
    let gated = GatedFetcher<Page<[Article], Int>>()

    init(count: Int, pageSize: Int, gatedCursors: Set<Int> = []) {
        _count = count
        self.pageSize = pageSize
        self.gatedCursors = gatedCursors
    }

    var version: Int {
        get { lock.withLock { _version } }
        set { lock.withLock { _version = newValue } }
    }
    var isOnline: Bool {
        get { lock.withLock { _isOnline } }
        set { lock.withLock { _isOnline = newValue } }
    }
    /// The cursors fetched, in order (`nil`: the first page).
    var fetched: [Int?] { lock.withLock { _fetched } }

    /// The articles `version` serves from `start` to `end`.
    static func articles(_ range: Range<Int>, version: Int = 1) -> [Article] {
        range.map { Article(id: $0, title: "\(version)-\($0)") }
    }

    /// The page at `cursor`.
    func page(after cursor: Int?) async throws -> Page<[Article], Int> {
        let (online, version, count) = lock.withLock {
            _fetched.append(cursor)
            return (_isOnline, _version, _count)
        }
        if let cursor, gatedCursors.contains(cursor) { return try await gated.fetch() }
        guard online else { throw Offline() }
        let start = cursor ?? 0
        let end = min(start + pageSize, count)
        return Page(Self.articles(start..<end, version: version), next: end < count ? end : nil)
    }
}

/// The feed's rows and pages as stored, read straight from the integration's tables.
enum StoredFeedTables {
    /// The stored titles of `list`, in order.
    static func titles(_ db: Database, list: String = "articles") throws -> [String] {
        let data = try Data.fetchAll(
            db, sql: "SELECT item FROM contentLoadingFeedRow WHERE list = ? ORDER BY position", arguments: [list])
        return try data.map { try JSONDecoder().decode(Article.self, from: $0).title }
    }

    /// Whether every stored page is whole: its rows are all there, at the positions it records,
    /// and no row lies outside a page.
    static func pagesAreWhole(_ db: Database, list: String = "articles") throws -> Bool {
        let pages = try Row.fetchAll(
            db, sql: "SELECT page, rowCount, lastPosition FROM contentLoadingFeedPage WHERE list = ? ORDER BY page",
            arguments: [list])
        var position: Int64 = 0
        for page in pages {
            let number: Int64 = page["page"]
            let rowCount: Int64 = page["rowCount"]
            let lastPosition: Int64 = page["lastPosition"]
            let positions = try Int64.fetchAll(
                db, sql: "SELECT position FROM contentLoadingFeedRow WHERE list = ? AND page = ? ORDER BY position",
                arguments: [list, number])
            guard positions == Array((position + 1)..<(position + 1 + rowCount)), lastPosition == position + rowCount
            else { return false }
            position = lastPosition
        }
        let rows = try Int64.fetchOne(
            db, sql: "SELECT COUNT(*) FROM contentLoadingFeedRow WHERE list = ?", arguments: [list])
        return rows == position
    }
}

extension StoredFeedTables {
    /// The stored titles of the record feed `list`, in order: its rows joined to the app's table.
    static func recordTitles(_ db: Database, list: String = "articles") throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT article.title FROM contentLoadingFeedRecordRow JOIN article ON article.id = itemID
                WHERE list = ? ORDER BY position
                """,
            arguments: [list])
    }

    /// Whether every page of the record feed `list` is whole: its rows are at the positions
    /// from 1 to the last page's last one, each page's positions following the page before.
    static func recordPagesAreWhole(_ db: Database, list: String = "articles") throws -> Bool {
        let pages = try Row.fetchAll(
            db, sql: "SELECT rowCount, lastPosition FROM contentLoadingFeedPage WHERE list = ? ORDER BY page",
            arguments: [list])
        var position: Int64 = 0
        for page in pages {
            let rowCount: Int64 = page["rowCount"]
            let lastPosition: Int64 = page["lastPosition"]
            guard lastPosition == position + rowCount else { return false }
            position = lastPosition
        }
        let positions = try Int64.fetchAll(
            db, sql: "SELECT position FROM contentLoadingFeedRecordRow WHERE list = ? ORDER BY position",
            arguments: [list])
        return positions == Array(stride(from: 1, through: position, by: 1))
    }
}

extension StoredFeed where Item == Article, Cursor == Int {
    /// Stores `pages` pages of `pageSize` articles of `version` as the network serves them, the
    /// last one followed by the cursor of the next, or by none when `complete`.
    @MainActor
    func seed(pages: Int, pageSize: Int, version: Int = 1, complete: Bool = false) async throws {
        let loads = DataSource()
        let token = loads.loadingCoordinator.loadContent { _ in }
        for page in 0..<pages {
            let start = page * pageSize
            let isLast = page == pages - 1
            let next = isLast && complete ? nil : start + pageSize
            let rows = Page(FeedServer.articles(start..<(start + pageSize), version: version), next: next)
            if page == 0 {
                _ = try await writeRefresh(rows, ticket: writer.beginRefresh(), token: token)
            } else {
                let generation = try await database.read(writer.generation)
                _ = try await writePage(rows, after: Int64(start), extending: generation, token: token)
            }
        }
    }
}
