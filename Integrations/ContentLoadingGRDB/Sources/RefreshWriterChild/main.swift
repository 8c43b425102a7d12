// A process that writes refreshes into a database until it is killed, for the fault tests:
// they kill it with SIGKILL in the middle of a write and check that the
// file holds either the whole refresh or none of it.
//
//     RefreshWriterChild hold <path> <queue|pool> <rows>   one refresh, stopped inside its
//         transaction with every row written: prints "inside" and waits to be killed
//     RefreshWriterChild loop <path> <queue|pool> <rows>   refresh after refresh, each of
//         <rows> rows named "<refresh>-<row>": prints "committed <refresh>" after each
//     RefreshWriterChild write <path> <queue|pool> <suffix>   an optimistic write, offline,
//         through a PersistentWriteQueue: adds <suffix> to the store "colors"'s
//         value of "k" ("red" if it has none), prints "pending <shown value>" and waits to be killed
//     RefreshWriterChild commit <path> <queue|pool> <suffix> <nil|answer>   the same write, online:
//         its server answers `nil` (the change commits) or "<value> (server)"; once the store has
//         stored the committed value, prints "stored <value>" and waits to be killed, before
//         anything else runs on the main actor
//     RefreshWriterChild feed-hold <path> <queue|pool> <rows>   the stored feed "articles": a first
//         page of <rows>, then a page stopped inside its transaction with its rows written:
//         prints "committed 0", then "inside", and waits to be killed
//     RefreshWriterChild feed-hold-refresh <path> <queue|pool> <rows>   the stored feed "articles":
//         three pages of <rows>, then a refresh stopped inside its transaction with its rows
//         written: prints "committed 0" to "committed 2", then "inside", and waits to be killed
//     RefreshWriterChild feed-loop <path> <queue|pool> <rows>   the stored feed "articles", 12
//         pages of <rows>, one after the other: prints "committed <page>" after each, then waits
//         to be killed
//     (the feed commands take queue-records|pool-records too: a record feed, whose articles are
//     rows of the table "article", made by the same migration as the tests')
//
// Exits 64 on a usage error, 1 on a database error.
import ContentLoading
import ContentLoadingGRDB
import Foundation
import GRDB

let arguments = CommandLine.arguments
if arguments.count == 5, arguments[1] == "write", ["queue", "pool"].contains(arguments[3]) {
    await writeOfflineUntilKilled(path: arguments[2], pool: arguments[3] == "pool", suffix: arguments[4])
}
if arguments.count == 6, arguments[1] == "commit", ["queue", "pool"].contains(arguments[3]),
    ["nil", "answer"].contains(arguments[5])
{
    await commitUntilKilled(
        path: arguments[2], pool: arguments[3] == "pool", suffix: arguments[4], answers: arguments[5] == "answer")
}
if arguments.count == 5, ["feed-hold", "feed-hold-refresh", "feed-loop"].contains(arguments[1]),
    ["queue", "pool", "queue-records", "pool-records"].contains(arguments[3]),
    let rows = Int(arguments[4]), rows > 0
{
    await writeFeedPagesUntilKilled(
        path: arguments[2], pool: arguments[3].hasPrefix("pool"), records: arguments[3].hasSuffix("-records"),
        rows: rows,
        hold: ["feed-hold": "page", "feed-hold-refresh": "refresh"][arguments[1]] ?? "none")
}
guard arguments.count == 5, ["hold", "loop"].contains(arguments[1]), ["queue", "pool"].contains(arguments[3]),
    let rowCount = Int(arguments[4]), rowCount > 0
else {
    FileHandle.standardError.write(
        Data(
            ("usage: RefreshWriterChild hold|loop <path> queue|pool <rows> | write <path> queue|pool <suffix>"
                + " | commit <path> queue|pool <suffix> nil|answer | feed-hold|feed-hold-refresh|feed-loop <path> queue|pool <rows>\n")
                .utf8))
    exit(64)
}
let mode = arguments[1]
let path = arguments[2]

/// Writes one line to standard output at once (the test reads it while this process runs).
@Sendable func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Makes an optimistic write offline, keeps it pending, says so and waits to be killed.
@MainActor
func writeOfflineUntilKilled(path: String, pool: Bool, suffix: String) async -> Never {
    do {
        let database: any DatabaseWriter = pool ? try DatabasePool(path: path) : try DatabaseQueue(path: path)
        let persistence = try SQLitePersistence<String, String>(database: database, name: "colors", formatVersion: 1)
        let store = ContentStore<String, String>(persistence: persistence, connectivity: Connectivity(isOnline: false))
        {
            _ in "red"
        }
        if persistence.read("k") == nil { store.write("red", for: "k") }
        let queue = try PersistentWriteQueue<String, String, String>(
            store: store, database: database, name: "colors", formatVersion: 1
        ) { suffix, value in
            value += suffix
        } send: { _ in
            nil
        }
        queue.restore()
        let write = queue.perform("Add \(suffix)", suffix, on: "k")
        say("pending \(store.value(for: "k") ?? "")")
        // The write waits for the network, stored; wait here with it to be killed.
        while true {
            try await Task.sleep(for: .seconds(60))
            withExtendedLifetime((queue, write)) {}
        }
    } catch {
        FileHandle.standardError.write(Data("RefreshWriterChild: \(error)\n".utf8))
        exit(1)
    }
}

/// A persistence that, once armed, stops the process's main thread for good after the next
/// value it stores: what a kill just after the store stored a write's answer leaves in the file.
@MainActor
final class StallingPersistence: ContentStorePersistence {
    let stored: SQLitePersistence<String, String>
    var isArmed = false

    init(_ stored: SQLitePersistence<String, String>) { self.stored = stored }

    func read(_ key: String) -> String? { stored.read(key) }
    func readWithAge(_ key: String) -> (value: String, age: Duration?)? { stored.readWithAge(key) }
    func remove(_ key: String) { stored.remove(key) }

    func write(_ value: String, for key: String) {
        stored.write(value, for: key)
        guard isArmed else { return }
        say("stored \(value)")
        // Nothing more runs on the main actor: wait here to be killed.
        while true { Thread.sleep(forTimeInterval: 60) }
    }
}

/// Makes an optimistic write online, and stops once the store has stored its committed value.
@MainActor
func commitUntilKilled(path: String, pool: Bool, suffix: String, answers: Bool) async -> Never {
    do {
        let database: any DatabaseWriter = pool ? try DatabasePool(path: path) : try DatabaseQueue(path: path)
        let persistence = StallingPersistence(
            try SQLitePersistence<String, String>(database: database, name: "colors", formatVersion: 1))
        let store = ContentStore<String, String>(persistence: persistence) { _ in "red" }
        if persistence.read("k") == nil { store.write("red", for: "k") }
        let queue = try PersistentWriteQueue<String, String, String>(
            store: store, database: database, name: "colors", formatVersion: 1
        ) { suffix, value in
            value += suffix
        } send: { write in
            answers ? "red\(write.operation) (server)" : nil
        }
        queue.restore()
        persistence.isArmed = true
        let write = queue.perform("Add \(suffix)", suffix, on: "k")
        _ = await write.settled()
        FileHandle.standardError.write(Data("RefreshWriterChild: the write settled without being stored\n".utf8))
        exit(1)
    } catch {
        FileHandle.standardError.write(Data("RefreshWriterChild: \(error)\n".utf8))
        exit(1)
    }
}

do {
    let database: any DatabaseWriter =
        arguments[3] == "pool" ? try DatabasePool(path: path) : try DatabaseQueue(path: path)
    try database.write { db in
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    }
    let writer = try RefreshWriter(database: database, list: "items")
    let loads = DataSource()
    var refresh = 0
    while true {
        refresh += 1
        let ticket = writer.beginRefresh()
        let token = loads.loadingCoordinator.loadContent { _ in }
        let number = refresh
        let holds = mode == "hold"
        try await writer.writeRefresh(ticket, token: token) { db in
            try db.execute(sql: "DELETE FROM item")
            for row in 0..<rowCount {
                try db.execute(sql: "INSERT INTO item (name) VALUES (?)", arguments: ["\(number)-\(row)"])
            }
            if holds {
                say("inside")
                // Every row is written, nothing is committed: wait here to be killed.
                while true { Thread.sleep(forTimeInterval: 60) }
            }
        }
        say("committed \(number)")
    }
} catch {
    FileHandle.standardError.write(Data("RefreshWriterChild: \(error)\n".utf8))
    exit(1)
}
