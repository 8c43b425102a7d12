import ContentLoading
import ContentLoadingGRDB
import Foundation
import GRDB

/// One run of `grdb-demo feed`: a paged feed kept in the database, and the stars made on its
/// articles, kept until the server has them.
enum FeedRun {
    /// Runs the feed with `options`; returns the exit status.
    @MainActor
    static func run(_ options: Options) async -> Int32 {
        let server = FeedServer(
            isOffline: options.isOffline, latency: options.latency, starsFile: options.path + ".server-stars")
        let database: DatabasePool
        let feed: StoredFeed<Article, Int>
        let persistence: SQLitePersistence<String, [Int]>
        do {
            database = try DatabasePool(path: options.path)
            try Article.migrator.migrate(database)
            feed = try StoredFeed(recordsIn: database, list: "articles")
            persistence = try SQLitePersistence(database: database, name: "stars", formatVersion: 1)
        } catch {
            FileHandle.standardError.write(Data("grdb-demo: cannot use \(options.path): \(error)\n".utf8))
            return 1
        }
        persistence.onFailure = { print("  notice: stars not saved (\($0)); kept in memory for this run") }
        await showFeed(database: database, feed: feed, persistence: persistence, server: server, options: options)
        // As in the colours' run: let GRDB finish removing the observations, then close the file.
        try? await database.barrierWriteWithoutTransaction { _ in }
        try? database.close()
        return 0
    }

    /// The feed: its stored pages at once, the network's pages stored before they show, and
    /// the stars drawn beside the articles.
    @MainActor
    static func showFeed(
        database: DatabasePool, feed: StoredFeed<Article, Int>, persistence: SQLitePersistence<String, [Int]>,
        server: FeedServer, options: Options
    ) async {
        print("feed (pages kept in SQLite; a star kept until the server has it):")
        // As in the message's run: the queue hears the network's state, the store does not.
        let connectivity = Connectivity(isOnline: !options.isOffline)
        let stars = ContentStore<String, [Int]>(staleAfter: .after(.seconds(10)), persistence: persistence) { _ in
            try await server.stars()
        }
        let queue: PersistentWriteQueue<String, [Int], Int>
        do {
            queue = try PersistentWriteQueue(
                store: stars, database: database, name: "stars", formatVersion: 1, connectivity: connectivity
            ) { id, starred in
                if !starred.contains(id) { starred.append(id) }
            } send: { write in
                try await server.star(write.operation)
            }
        } catch {
            print("  notice: stars cannot be kept (\(error))")
            return
        }
        queue.onFailure = { print("  notice: star not saved (\($0)); kept in memory for this run") }
        var writes = queue.restore()
        if !writes.isEmpty { print("  restored \(writes.count) pending write(s) from an earlier run") }
        let starred = StoreDataSource(store: stars, key: "starred")
        let articles = StoredFeedDataSource(feed: feed, screenful: FeedServer.pageSize) { cursor in
            try await server.page(at: cursor)
        }
        articles.onFailure = { print("  notice: pages not saved (\($0)); kept in memory for this run") }
        let describe = { @MainActor in
            let ids = starred.value ?? []
            return articles.items.map { ids.contains($0.id) ? "\($0.id)★" : "\($0.id)" }.joined(separator: ", ")
        }
        print(
            articles.hasContent
                ? "  first frame: \(articles.items.count) stored article(s): \(describe())"
                : "  first frame: nothing stored yet")
        // Each change of the rows is printed as the difference a diffable data source applies.
        let screen = PrintedScreen(articles, content: PrintingListRenderer<Int>(describeContent: describe))

        if options.isOffline {
            // Scrolling reads the stored pages; the page after them says where they end.
            while true {
                let outcome = await articles.loadMore(ownedBy: .caller)
                print("  load more: \(outcome)")
                if case .committed = outcome { print("  screen: page appended: \(describe())") }
                guard case .committed(hasMore: true) = outcome else { break }
            }
            if case .failed(let error) = articles.appendState {
                print("  footer: after article \(articles.items.last?.id ?? 0): \(error)")
            }
        } else {
            print("  stars: \(await starred.reload(ownedBy: .caller))")
            print("  refresh: \(await articles.reload(ownedBy: .caller))")
            // A reader who scrolls once: the second page is fetched and stored too.
            let outcome = await articles.loadMore(ownedBy: .caller)
            print("  load more: \(outcome)")
            if case .committed = outcome { print("  screen: page appended: \(describe())") }
        }
        if let id = options.star {
            writes.append(queue.perform("Star article \(id)", id, on: "starred"))
            print("  starred article \(id): shown at once: \(describe())")
        }
        if options.isOffline {
            if !writes.isEmpty { print("  offline: \(writes.count) write(s) pending, sent when the network returns") }
        } else {
            for write in writes {
                let outcome = await write.settled()
                print("  write \(write.description): \(outcome.map(String.init(describing:)) ?? "still pending")")
            }
        }
        print("  shown: \(describe())")
        let stored = try? await database.read { db in try feed.read(db, after: 0, limit: 1_000).items.count }
        print("  stored articles: \(stored.map(String.init) ?? "unknown")")
        print("  pending writes stored: \((try? queue.storedCount()).map(String.init) ?? "unknown")")
        withExtendedLifetime(screen) {}
    }
}
