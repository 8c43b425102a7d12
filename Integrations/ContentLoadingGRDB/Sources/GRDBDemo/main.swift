// An offline-capable demo of ContentLoadingGRDB over a database file:
//
//     grdb-demo --database PATH [--offline] [--latency MS]
//
// The first run fetches the colours and a message from a simulated network and stores them;
// the next run draws the stored ones on its first frame, then revalidates them. With
// `--offline` the network fails: stored rows stay on screen with the failure beside them, and a
// first run shows the error screen. Exit status: 0, or 64 on a usage error, 1 if the database
// cannot be opened.
import ContentLoading
import ContentLoadingGRDB
import Foundation
import GRDB

/// The demo's options, from its arguments.
struct Options {
    var path: String
    var isOffline = false
    var latency: Duration = .milliseconds(300)

    /// Parses `arguments`, or `nil` on a usage error.
    init?(_ arguments: [String]) {
        var path: String?
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--database" where index + 1 < arguments.count:
                path = arguments[index + 1]
                index += 1
            case "--offline":
                isOffline = true
            case "--latency" where index + 1 < arguments.count:
                guard let milliseconds = Int(arguments[index + 1]), milliseconds >= 0 else { return nil }
                latency = .milliseconds(milliseconds)
                index += 1
            default:
                return nil
            }
            index += 1
        }
        guard let path else { return nil }
        self.path = path
    }
}

/// A screen: a wrapper whose renderers print.
@MainActor
final class PrintedScreen: DataSourceDelegate {
    let wrapper: ContentWrapper

    init(_ dataSource: DataSource, describeContent: @escaping @MainActor () -> String) {
        let others = PrintingRenderer()
        wrapper = ContentWrapper(
            content: PrintingRenderer(describeContent: describeContent), loading: others, empty: others,
            error: others, policy: .immediate)
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}

guard let options = Options(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data("usage: grdb-demo --database PATH [--offline] [--latency MS]\n".utf8))
    exit(64)
}
let server = DemoServer(isOffline: options.isOffline, latency: options.latency)

let database: DatabasePool
let writer: RefreshWriter
let persistence: SQLitePersistence<String, String>
do {
    database = try DatabasePool(path: options.path)
    var migrator = DatabaseMigrator()
    migrator.registerMigration("demo.v1.color") { db in
        try db.create(table: "color") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("name", .text).notNull()
        }
    }
    try migrator.migrate(database)
    writer = try RefreshWriter(database: database, list: "colors")
    persistence = try SQLitePersistence(database: database, name: "messages", formatVersion: 1)
} catch {
    FileHandle.standardError.write(Data("grdb-demo: cannot use \(options.path): \(error)\n".utf8))
    exit(1)
}
persistence.onFailure = { print("  notice: not saved (\($0)); kept in memory for this run") }

print("colours (a live query of the color table, refreshed from the network):")
let refresh = DatabaseRefresh(writer: writer) {
    let colors = try await server.colors()
    return { db in
        try db.execute(sql: "DELETE FROM color")
        for name in colors { try db.execute(sql: "INSERT INTO color (name) VALUES (?)", arguments: [name]) }
    }
}
let colors = LiveQueryDataSource(database: database, refresh: refresh) { db in
    try String.fetchAll(db, sql: "SELECT name FROM color ORDER BY id")
} isEmpty: {
    $0.isEmpty
}
print(colors.hasContent ? "  first frame: the stored rows" : "  first frame: nothing stored yet")
let colorsScreen = PrintedScreen(colors) { colors.rows?.joined(separator: ", ") ?? "" }
let colorsOutcome = await colors.reload(ownedBy: .caller)
print("  refresh: \(colorsOutcome)")

print("message of the day (a ContentStore kept in SQLite, fresh for 10 s):")
let messages = ContentStore<String, String>(staleAfter: .after(.seconds(10)), persistence: persistence) { _ in
    try await server.messageOfTheDay()
}
let message = StoreDataSource(store: messages, key: "today")
print(message.hasContent ? "  first frame: the stored message" : "  first frame: nothing stored yet")
let messageScreen = PrintedScreen(message) { message.value ?? "" }
print(messages.isStale("today") ? "  stale or missing: revalidating" : "  fresh: not fetched")
let messageOutcome = await message.reload(ownedBy: .caller)
print("  load: \(messageOutcome)")
