// The integration measured side by side with GRDB alone, in one run, interleaved so that a
// noisy machine slows both sides alike:
//
// - the first frame of a 10,000-row table: `LiveQueryDataSource`'s init (its synchronous read,
//   its first settle, starting its observation) against GRDB's own `fetchAll` of the same rows;
// - a refresh writing 1,000 rows: `RefreshWriter.writeRefresh` (the ticket and token checked at
//   the commit, the generation moved) against a bare GRDB write transaction inserting them.
//
// Prints the medians and their ratios; exits 1 if a ratio is above its bar (1.2).
//
//     swift run -c release GRDBBenchmarks [rounds]
import ContentLoading
import ContentLoadingGRDB
import Foundation
import GRDB

/// An item as the app's table holds it.
struct Item: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
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

let rows: [(name: String, ours: Double, bare: Double)] = [
    ("first frame, 10,000 rows", median(ourFrames), median(bareFrames)),
    ("refresh writing 1,000 rows", median(ourRefreshes), median(bareRefreshes)),
]
print("| measured (median of \(rounds)) | ContentLoadingGRDB | GRDB alone | ratio | bar |")
print("|---|---|---|---|---|")
var failed = false
for row in rows {
    let ratio = row.ours / row.bare
    failed = failed || ratio > 1.2
    print(
        "| \(row.name) | \(milliseconds(row.ours)) | \(milliseconds(row.bare)) | \(String(format: "%.2f", ratio)) | 1.2 |"
    )
}
if failed { exit(1) }
