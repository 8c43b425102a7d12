import Foundation  // NSLock, DispatchSemaphore
import GRDB

/// An article record whose reads and writes a test can hold at one point each: a read held as
/// it decodes the article of `heldID`, until the test lets it go, and an update of an article,
/// once the table holds the article of `heldID`, held until such a read is under way. So a test
/// makes a read whose snapshot comes before a write, and delivers it after that write committed.
struct HeldArticle: Codable, Sendable, Identifiable, Equatable, FetchableRecord, PersistableRecord {
    let id: Int
    let title: String
    var isStarred: Bool? = nil

    static let databaseTableName = "heldArticle"

    /// The article whose decoding holds the first read after ``Hold/arm()``.
    static let heldID = 5
    /// The one hold of this record type (one test uses it).
    static let hold = Hold()

    /// The app's migration: the articles' table.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("heldArticles") { db in
            try db.create(table: databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("title", .text).notNull()
                table.column("isStarred", .boolean)
            }
        }
        return migrator
    }

    init(id: Int, title: String, isStarred: Bool? = nil) {
        self.id = id
        self.title = title
        self.isStarred = isStarred
    }

    init(row: Row) throws {
        id = row["id"]
        title = row["title"]
        isStarred = row["isStarred"]
        if id == Self.heldID { Self.hold.holdRead() }
    }

    func willUpdate(_ db: Database, columns: Set<String>) throws {
        let holdsHeldArticle = try Self.exists(db, id: Self.heldID)
        if holdsHeldArticle { Self.hold.holdWrite() }
    }

    /// Where the reads and writes of held articles wait. Each wait is bounded (ten seconds), so a
    /// test whose order breaks fails rather than hangs.
    final class Hold: @unchecked Sendable {
        // @unchecked: `isArmed` and `readWasHeld` are only touched while holding `lock`, an
        // NSLock; the semaphores are thread-safe.
        private let lock = NSLock()
        private var isArmed = false
        private var readWasHeld = false
        private let readEntered = DispatchSemaphore(value: 0)
        private let readReleased = DispatchSemaphore(value: 0)

        /// From now on, the first read of the held article waits, and each update waits until
        /// it is under way.
        func arm() {
            lock.withLock {
                isArmed = true
                readWasHeld = false
            }
        }

        /// Lets the held read go on.
        func releaseRead() { readReleased.signal() }

        /// Whether a read was held.
        var heldARead: Bool { lock.withLock { readWasHeld } }

        fileprivate func holdRead() {
            let holds = lock.withLock {
                guard isArmed, !readWasHeld else { return false }
                readWasHeld = true
                return true
            }
            guard holds else { return }
            readEntered.signal()
            _ = readReleased.wait(timeout: .now() + 10)
        }

        fileprivate func holdWrite() {
            guard lock.withLock({ isArmed }) else { return }
            // Passed on, so that every update after the read goes on too.
            if readEntered.wait(timeout: .now() + 10) == .success { readEntered.signal() }
        }
    }
}
