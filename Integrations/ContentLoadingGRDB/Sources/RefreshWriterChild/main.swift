// A process that writes refreshes into a database until it is killed, for the fault tests
// (issue 26, item 5): they kill it with SIGKILL in the middle of a write and check that the
// file holds either the whole refresh or none of it.
//
//     RefreshWriterChild hold <path> <queue|pool> <rows>   one refresh, stopped inside its
//         transaction with every row written: prints "inside" and waits to be killed
//     RefreshWriterChild loop <path> <queue|pool> <rows>   refresh after refresh, each of
//         <rows> rows named "<refresh>-<row>": prints "committed <refresh>" after each
//
// Exits 64 on a usage error, 1 on a database error.
import ContentLoading
import ContentLoadingGRDB
import Foundation
import GRDB

let arguments = CommandLine.arguments
guard arguments.count == 5, ["hold", "loop"].contains(arguments[1]), ["queue", "pool"].contains(arguments[3]),
    let rowCount = Int(arguments[4]), rowCount > 0
else {
    FileHandle.standardError.write(Data("usage: RefreshWriterChild hold|loop <path> queue|pool <rows>\n".utf8))
    exit(64)
}
let mode = arguments[1]
let path = arguments[2]

/// Writes one line to standard output at once (the test reads it while this process runs).
@Sendable func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
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
