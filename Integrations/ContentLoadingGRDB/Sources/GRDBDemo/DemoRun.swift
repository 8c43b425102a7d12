import ContentLoading
import ContentLoadingGRDB
import Foundation
import GRDB

/// One run of the demo: the colours' live query and the message's store, over the database file.
enum DemoRun {
    /// Runs the demo with `options`; returns the exit status.
    @MainActor
    static func run(_ options: Options) async -> Int32 {
        let server = DemoServer(
            isOffline: options.isOffline, latency: options.latency, messageFile: options.path + ".server-message")

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
            return 1
        }
        persistence.onFailure = { print("  notice: not saved (\($0)); kept in memory for this run") }

        await showColors(database: database, writer: writer, server: server)
        await showMessage(database: database, persistence: persistence, server: server, options: options)
        // The screens are gone, and their observations with them: let GRDB finish removing
        // them, then close the file, so that the process ends with nothing left behind.
        try? await database.barrierWriteWithoutTransaction { _ in }
        try? database.close()
        return 0
    }

    /// The colours: a live query of the color table, refreshed from the network.
    @MainActor
    static func showColors(database: DatabasePool, writer: RefreshWriter, server: DemoServer) async {
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
        let screen = PrintedScreen(colors) { colors.rows?.joined(separator: ", ") ?? "" }
        let outcome = await colors.reload(ownedBy: .caller)
        print("  refresh: \(outcome)")
        // The screen (the data source's delegate, held weakly) lasted the whole load.
        withExtendedLifetime(screen) {}
    }

    /// The message of the day: a store's value kept in SQLite, and its writes kept until sent.
    @MainActor
    static func showMessage(
        database: DatabasePool, persistence: SQLitePersistence<String, String>, server: DemoServer, options: Options
    ) async {
        print("message of the day (a ContentStore kept in SQLite, fresh for 10 s; its writes kept until sent):")
        // The demo's word on the network: offline, a write waits, its change on screen. Given to
        // the write queue, not to the store: a run never comes back online, so the store has no
        // `.reachable` signal to hear, and its observation of the connectivity (a weak reference
        // released as the process ends) is left out of a run that must end with nothing left.
        let connectivity = Connectivity(isOnline: !options.isOffline)
        let messages = ContentStore<String, String>(staleAfter: .after(.seconds(10)), persistence: persistence) { _ in
            try await server.messageOfTheDay()
        }
        let queue: PersistentWriteQueue<String, String, String>
        do {
            queue = try PersistentWriteQueue(
                store: messages, database: database, name: "messages", formatVersion: 1, connectivity: connectivity
            ) { text, message in
                message = text
            } send: { write in
                try await server.post(message: write.operation)
            }
        } catch {
            print("  notice: writes cannot be kept (\(error))")
            return
        }
        queue.onFailure = { print("  notice: write not saved (\($0)); kept in memory for this run") }
        // Before the screen: the writes an earlier run left pending are on its first frame.
        var writes = queue.restore()
        if !writes.isEmpty { print("  restored \(writes.count) pending write(s) from an earlier run") }
        let message = StoreDataSource(store: messages, key: "today")
        print(message.hasContent ? "  first frame: the stored message" : "  first frame: nothing stored yet")
        let screen = PrintedScreen(message) { message.value ?? "" }
        print("  shown: \(message.value ?? "nothing")")
        if let text = options.write {
            writes.append(queue.perform("Post \"\(text)\"", text, on: "today"))
            print("  wrote \"\(text)\": shown at once, stored until sent: \(message.value ?? "nothing to change yet")")
        }
        if options.isOffline {
            if !writes.isEmpty { print("  offline: \(writes.count) write(s) pending, sent when the network returns") }
        } else {
            for write in writes {
                let outcome = await write.settled()
                print("  write \(write.description): \(outcome.map(String.init(describing:)) ?? "still pending")")
            }
        }
        print(messages.isStale("today") ? "  stale or missing: revalidating" : "  fresh: not fetched")
        let outcome = await message.reload(ownedBy: .caller)
        print("  load: \(outcome)")
        print("  pending writes stored: \((try? queue.storedCount()).map(String.init) ?? "unknown")")
        withExtendedLifetime(screen) {}
    }
}
