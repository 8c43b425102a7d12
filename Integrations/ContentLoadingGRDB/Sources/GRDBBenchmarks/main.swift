// The integration measured side by side with GRDB alone, in one run, interleaved so that a
// noisy machine slows both sides alike:
//
// - the first frame of a 10,000-row table: `LiveQueryDataSource`'s init (its synchronous read,
//   its first settle, starting its observation) against GRDB's own `fetchAll` of the same rows;
// - a refresh writing 1,000 rows: `RefreshWriter.writeRefresh` (the ticket and token checked at
//   the commit, the generation moved) against a bare GRDB write transaction inserting them;
// - a record feed's (its items in the app's table) first frame (`StoredFeedDataSource`'s init,
//   a screenful of 50) from a 100,000-row list against a 100-row one;
// - a page of 50 read through the record feed's `StoredFeed.read` against GRDB's own `fetchAll`
//   of the same 50 records;
// - a network page of 50 written by the record feed's `StoredFeed.writePage` (checked at its
//   commit, its items upserted into the app's table) against a bare GRDB write transaction
//   inserting 50 items into the app's table;
// - for reference, not held to a bar: the same page read through a feed keeping its items as
//   JSON in its own rows.
//
// Prints the medians and the median of the rounds' ratios; exits 1 if a ratio is above its bar
// (1.2), 0 otherwise.
//
//     swift run -c release GRDBBenchmarks [rounds]
import ContentLoading
import ContentLoadingGRDB
import Foundation
import GRDB

/// An item as the app's table holds it.
struct Item: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable, Identifiable {
    var id: Int64
    var name: String
    var position: Int
}

@Sendable func fetchItems(_ db: Database) throws -> [Item] {
    try Item.order(Column("position")).fetchAll(db)
}

@Sendable func insert(_ count: Int, round: Int, into db: Database) throws {
    try db.execute(sql: "DELETE FROM item")
    for index in 0..<count {
        try Item(id: Int64(index + 1), name: "item \(round)-\(index)", position: index).insert(db)
    }
}

/// Seconds taken by `body`.
func time(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Seconds taken by `body`, which awaits.
@MainActor func timeAwaiting(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// The median of the rounds' ratios, `ours[i] / bare[i]`: each round times both sides side by
/// side, so a round slowed by the machine slows both.
func medianRatio(_ ours: [Double], _ bare: [Double]) -> Double {
    median(zip(ours, bare).map { $0 / $1 })
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func milliseconds(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }

let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 61 : 61
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("GRDBBenchmarks-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

let database = try DatabasePool(path: folder.appendingPathComponent("bench.sqlite").path)
try database.write { db in
    try db.create(table: "item") { table in
        table.primaryKey("id", .integer)
        table.column("name", .text).notNull()
        table.column("position", .integer).notNull()
    }
}
let writer = try RefreshWriter(database: database, list: "items")

// MARK: - The first frame of a 10,000-row table

try database.write { db in try insert(10_000, round: 0, into: db) }
var bareFrames: [Double] = []
var ourFrames: [Double] = []
for round in 0..<(rounds + 2) {
    var shown: [Item] = []
    var dataSource: LiveQueryDataSource<[Item]>?
    func measureBare() throws -> Double { try time { shown = try database.read(fetchItems) } }
    func measureOurs() -> Double {
        time { dataSource = LiveQueryDataSource(database: database, fetch: fetchItems) { $0.isEmpty } }
    }
    // Alternate which side goes first, so that neither always follows the other's leftovers.
    let (bare, ours) = round.isMultiple(of: 2) ? (try measureBare(), measureOurs()) : (measureOurs(), try measureBare())
    precondition(dataSource?.rows == shown && dataSource?.contentState == .content)
    dataSource = nil
    // The released observation's first fetch (off the main actor, after the first frame) ends
    // before the next round measures: a barrier waits for every access in progress.
    try database.barrierWriteWithoutTransaction { _ in }
    if round >= 2 {  // two rounds warm the caches
        bareFrames.append(bare)
        ourFrames.append(ours)
    }
}

// MARK: - A refresh writing 1,000 rows

let loads = DataSource()
var bareRefreshes: [Double] = []
var ourRefreshes: [Double] = []
for round in 0..<(rounds + 2) {
    func measureBare() async throws -> Double {
        try await timeAwaiting {
            try await database.write { db in try insert(1_000, round: round, into: db) }
        }
    }
    func measureOurs() async throws -> Double {
        let ticket = writer.beginRefresh()
        let token = loads.loadingCoordinator.loadContent { _ in }
        return try await timeAwaiting {
            let written = try await writer.writeRefresh(ticket, token: token) { db in
                try insert(1_000, round: round, into: db)
            }
            precondition(written != nil)
        }
    }
    var bare = 0.0
    var ours = 0.0
    if round.isMultiple(of: 2) {
        bare = try await measureBare()
        ours = try await measureOurs()
    } else {
        ours = try await measureOurs()
        bare = try await measureBare()
    }
    loads.loadingCoordinator.cancel()
    if round >= 2 {
        bareRefreshes.append(bare)
        ourRefreshes.append(ours)
    }
}

// MARK: - A stored feed: its first frame, a page read, a page written

let feedLoads = DataSource()

/// Items `first+1...first+count`, at the positions the feed gives them.
func items(from first: Int, count: Int) -> [Item] {
    (first..<first + count).map { Item(id: Int64($0 + 1), name: "item \($0)", position: $0 + 1) }
}

/// Runs `write` with a load's valid token, then ends the load.
@MainActor func withToken<T>(_ write: (LoadingState) async throws -> T) async rethrows -> T {
    let token = feedLoads.loadingCoordinator.loadContent { _ in }
    defer { feedLoads.loadingCoordinator.cancel() }
    return try await write(token)
}

/// A feed `list` of `count` items, stored in pages of up to 1,000, its items in the app's table
/// (or, with `json`, as JSON in its rows); returns it and its last read.
@MainActor func storedFeed(_ list: String, count: Int, json: Bool = false) async throws -> (
    StoredFeed<Item, Int>, StoredFeedRead<Item, Int>
) {
    let feed =
        json
        ? try StoredFeed<Item, Int>(database: database, list: list)
        : try StoredFeed<Item, Int>(recordsIn: database, list: list)
    let size = min(count, 1_000)
    func page(_ number: Int) -> Page<[Item], Int> {
        Page(items(from: number * size, count: size), next: (number + 1) * size < count ? number + 1 : nil)
    }
    let ticket = feed.writer.beginRefresh()
    var last = try await withToken { try await feed.writeRefresh(page(0), ticket: ticket, token: $0) }!
    var number = 1
    while number * size < count {
        let stored = last
        last = try await withToken {
            try await feed.writePage(page(number), after: stored.lastPosition, extending: stored.generation, token: $0)
        }!
        number += 1
    }
    return (feed, last)
}

let (bigFeed, _) = try await storedFeed("big", count: 100_000)
let (smallFeed, _) = try await storedFeed("small", count: 100)
var bigFrames: [Double] = []
var smallFrames: [Double] = []
for round in 0..<(rounds + 2) {
    var big: StoredFeedDataSource<Item, Int>?
    var small: StoredFeedDataSource<Item, Int>?
    func measureBig() -> Double {
        time { big = StoredFeedDataSource(feed: bigFeed, screenful: 50) { _ in throw CancellationError() } }
    }
    func measureSmall() -> Double {
        time { small = StoredFeedDataSource(feed: smallFeed, screenful: 50) { _ in throw CancellationError() } }
    }
    let (ours, bare) = round.isMultiple(of: 2) ? (measureBig(), measureSmall()) : (measureSmall(), measureBig())
    precondition(big?.items.count == 50 && small?.items == big?.items)
    if round >= 2 {
        bigFrames.append(ours)
        smallFrames.append(bare)
    }
}

// The app's own table holds the big feed's 100,000 items, for GRDB alone to fetch; the same
// items as JSON in a feed's rows, for reference.
let (jsonFeed, _) = try await storedFeed("json", count: 100_000, json: true)
var feedReads: [Double] = []
var recordReads: [Double] = []
var rowReads: [Double] = []
var jsonReads: [Double] = []
for round in 0..<(rounds + 2) {
    let after = 40_000 + 50 * round
    var ours: [Item] = []
    var records: [Item] = []
    var rows: [Item] = []
    var json: [Item] = []
    let readOurs = try time {
        ours = try database.read { db in try bigFeed.read(db, after: Int64(after), limit: 50).items }
    }
    let readRecords = try time {
        records = try database.read { db in
            try Item.filter(Column("id") > after).order(Column("id")).limit(50).fetchAll(db)
        }
    }
    let readJSON = try time {
        json = try database.read { db in try jsonFeed.read(db, after: Int64(after), limit: 50).items }
    }
    let readRows = try time {
        rows = try database.read { db in
            let decoder = JSONDecoder()
            return try Row.fetchAll(
                db,
                sql: "SELECT item FROM contentLoadingFeedRow WHERE list = ? AND position > ? ORDER BY position LIMIT ?",
                arguments: ["json", after, 50]
            ).map { try decoder.decode(Item.self, from: $0[0] as Data) }
        }
    }
    precondition(ours.count == 50 && ours == records && ours == rows && ours == json)
    if round >= 2 {
        jsonReads.append(readJSON)
        feedReads.append(readOurs)
        recordReads.append(readRecords)
        rowReads.append(readRows)
    }
}

let (written, firstWritten) = try await storedFeed("written", count: 50)
var writtenEnd = firstWritten
var pageWrites: [Double] = []
var bareInserts: [Double] = []
for round in 0..<(rounds + 2) {
    // Items new to the app's table, as the bare side's are.
    let page = Page(items(from: 300_000 + Int(writtenEnd.lastPosition), count: 50), next: Int?.some(round))
    let inserted = items(from: 200_000 + 50 * round, count: 50)
    func measureOurs() async throws -> Double {
        let stored = writtenEnd
        // The page's load is under way before its write, as in a data source: its token is
        // made outside the timing.
        let token = feedLoads.loadingCoordinator.loadContent { _ in }
        defer { feedLoads.loadingCoordinator.cancel() }
        return try await timeAwaiting {
            writtenEnd = try await written.writePage(
                page, after: stored.lastPosition, extending: stored.generation, token: token)!
        }
    }
    func measureBare() async throws -> Double {
        try await timeAwaiting {
            try await database.write { db in for item in inserted { try item.insert(db) } }
        }
    }
    var ours = 0.0
    var bare = 0.0
    if round.isMultiple(of: 2) {
        ours = try await measureOurs()
        bare = try await measureBare()
    } else {
        bare = try await measureBare()
        ours = try await measureOurs()
    }
    if round >= 2 {
        pageWrites.append(ours)
        bareInserts.append(bare)
    }
}
/// A row of the table: both sides' medians, and the median of their rounds' ratios.
func row(_ name: String, _ ours: [Double], _ bare: [Double], bar: Double?) -> (
    name: String, ours: Double, bare: Double, ratio: Double, bar: Double?
) {
    (name, median(ours), median(bare), medianRatio(ours, bare), bar)
}

let rows = [
    row("first frame, 10,000 rows", ourFrames, bareFrames, bar: 1.2),
    row("refresh writing 1,000 rows", ourRefreshes, bareRefreshes, bar: 1.2),
    row("record feed's first frame, 100,000 rows (bare: 100 rows)", bigFrames, smallFrames, bar: 1.2),
    row("a page of 50 read from a record feed (bare: `fetchAll` of the records)", feedReads, recordReads, bar: 1.2),
    row("a network page of 50 written to a record feed", pageWrites, bareInserts, bar: 1.2),
    row("JSON feed: a page of 50 read (bare: `fetchAll` of the records)", jsonReads, recordReads, bar: nil),
    row("JSON feed: a page of 50 read (bare: its rows, JSON decoded)", jsonReads, rowReads, bar: nil),
]
print("| measured (median of \(rounds)) | ContentLoadingGRDB | GRDB alone | ratio | bar |")
print("|---|---|---|---|---|")
var failed = false
for row in rows {
    let ratio = row.ratio
    if let bar = row.bar, ratio > bar { failed = true }
    let bar = row.bar.map { String(format: "%.1f", $0) } ?? "none"
    print(
        "| \(row.name) | \(milliseconds(row.ours)) | \(milliseconds(row.bare)) | \(String(format: "%.2f", ratio)) | \(bar) |"
    )
}
if failed { exit(1) }
