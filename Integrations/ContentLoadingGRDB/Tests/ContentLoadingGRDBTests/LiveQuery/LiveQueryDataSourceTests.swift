import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import GRDB
import Testing

/// A live query as content: stored rows on the first frame, a loading screen only while the
/// first refresh runs on an empty database, and content or empty as rows change underneath.
/// Deliveries are awaited by comparing rows, never by counting them.
@MainActor
@Suite("Live query data source", .timeLimit(.minutes(1)), .hangLimit)
struct LiveQueryDataSourceTests {
    let folder: TemporaryFolder
    let database: DatabasePool
    let writer: RefreshWriter
    let fetcher = GatedFetcher<[String]>()

    init() throws {
        folder = try TemporaryFolder()
        database = try ItemsDatabase.openPool(folder.path("app.sqlite"))
        writer = try RefreshWriter(database: database, list: "items")
    }

    func makeDataSource(refreshing: Bool = true) -> LiveQueryDataSource<[String]> {
        let fetcher = self.fetcher
        let refresh = DatabaseRefresh(writer: writer) {
            let names = try await fetcher.fetch()
            return { db in try ItemsDatabase.replace(db, with: names) }
        }
        return LiveQueryDataSource(database: database, refresh: refreshing ? refresh : nil, fetch: ItemsDatabase.names)
        {
            $0.isEmpty
        }
    }

    /// Writes `names` as another writer of the app would (not through a refresh).
    func write(_ names: [String]) async throws {
        try await database.write { db in try ItemsDatabase.replace(db, with: names) }
    }

    // MARK: - First frame

    @Test func storedRowsAreTheFirstFrameWithNoLoadingScreen() async throws {
        try await write(["a", "b"])
        let dataSource = makeDataSource()
        #expect(dataSource.rows == ["a", "b"])
        let screen = RecordingScreen(dataSource)
        #expect(screen.drawn == ["content.show(content)"])
    }

    @Test func anEmptyDatabaseWithoutARefreshIsTheEmptyScreenAtOnce() {
        let dataSource = makeDataSource(refreshing: false)
        let screen = RecordingScreen(dataSource)
        #expect(screen.shown == .empty)
        #expect(!screen.drawn.contains { $0.hasPrefix("loading") })
    }

    @Test func anEmptyDatabaseShowsLoadingOnlyWhileTheFirstRefreshRuns() async throws {
        let dataSource = makeDataSource()
        let screen = RecordingScreen(dataSource)
        #expect(dataSource.contentState == .initial, "no empty screen before the first refresh")
        let reload = Task { await dataSource.reload(ownedBy: .caller) }
        await eventually { fetcher.count == 1 }
        #expect(screen.shown == .loading)
        fetcher.gate(0).open(returning: ["a", "b"])
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(dataSource.rows == ["a", "b"], "the refresh's rows, when its load ends")
        #expect(screen.shown == .content)
        #expect(!screen.drawn.contains { $0.hasPrefix("empty") }, "never the empty screen on the way")
    }

    @Test func storedRowsRevalidateAsARefreshThatKeepsThem() async throws {
        try await write(["old"])
        let dataSource = makeDataSource()
        let screen = RecordingScreen(dataSource)
        let reload = Task { await dataSource.reload(ownedBy: .caller) }
        await eventually { fetcher.count == 1 }
        #expect(dataSource.contentState == .refreshing)
        fetcher.gate(0).open(returning: ["new"])
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(dataSource.rows == ["new"])
        #expect(!screen.drawn.contains { $0.hasPrefix("loading") })
    }

    @Test func aFailedRefreshKeepsTheStoredRowsWithTheFailureBeside() async throws {
        try await write(["old"])
        let dataSource = makeDataSource()
        let screen = RecordingScreen(dataSource)
        let reload = Task { await dataSource.reload(ownedBy: .caller) }
        await eventually { fetcher.count == 1 }
        fetcher.gate(0).open(throwing: TestError(1))
        #expect(await reload.boundedValue() == .failed(TestError(1)))
        #expect(screen.shown == .content)
        #expect(dataSource.rows == ["old"])
        #expect(try await database.read(ItemsDatabase.names) == ["old"])
    }

    // MARK: - Rows changing underneath

    @Test func rowsFromAnyWriterMoveTheScreenBetweenContentAndEmpty() async throws {
        try await write(["a"])
        let dataSource = makeDataSource(refreshing: false)
        let screen = RecordingScreen(dataSource)
        try await write([])
        await eventually { dataSource.rows == [] }
        #expect(screen.shown == .empty)
        try await write(["b", "c"])
        await eventually { dataSource.rows == ["b", "c"] }
        #expect(screen.shown == .content)
        // Several commits in a row: GRDB may merge them; the screen ends on the newest rows.
        for round in 0..<20 { try await write(["r\(round)"]) }
        try await write(["last"])
        await eventually { dataSource.rows == ["last"] }
        #expect(screen.shown == .content)
        // Each delivery of new rows redraws the content; merged commits redraw once. So the
        // screens drawn, with repeated redraws of the content taken as one, are one per change
        // of state, whatever the number of deliveries.
        let screens = screen.drawn.enumerated().filter { $0.offset == 0 || screen.drawn[$0.offset - 1] != $0.element }
        #expect(
            screens.map(\.element) == [
                "content.show(content)", "content.hide", "empty.show(empty)", "empty.hide", "content.show(content)",
            ])
        #expect(!screen.drawn.contains { $0.hasPrefix("loading") || $0.contains("refreshing") })
    }

    @Test func rowsWrittenBeforeTheFirstRefreshWasAskedForAreShown() async throws {
        let dataSource = makeDataSource()
        let screen = RecordingScreen(dataSource)
        try await write(["a"])
        await eventually { dataSource.rows == ["a"] }
        #expect(screen.shown == .content)
    }

    @Test func aWriteThatLeavesTheRowsAsTheyWereChangesNothingShown() async throws {
        try await write(["a"])
        let dataSource = makeDataSource(refreshing: false)
        let screen = RecordingScreen(dataSource)
        try await write(["a"])  // a commit that leaves the query's rows equal
        try await write(["a", "b"])
        await eventually { dataSource.rows == ["a", "b"] }
        #expect(
            screen.drawn == ["content.show(content)", "content.show(content)"],
            "the equal rows draw nothing, the new rows one redraw, merged or not")
    }

    @Test func aRowInsertedUnderneathRedrawsTheContent() async throws {
        try await write(["a"])
        let dataSource = makeDataSource(refreshing: false)
        let screen = RecordingScreen(dataSource)
        #expect(screen.drawn == ["content.show(content)"])
        try await database.write { db in try ItemsDatabase.append(db, ["b"]) }
        await eventually { dataSource.rows == ["a", "b"] }
        #expect(
            screen.drawn == ["content.show(content)", "content.show(content)"],
            "the content renderer is asked to draw the new rows as they are taken")
        #expect(screen.shown == .content)
    }

    @Test func aScreenModelHearsRowsChangedUnderneath() async throws {
        try await write(["a"])
        let dataSource = makeDataSource(refreshing: false)
        let model = ScreenModel()
        let screen = ModelScreen(dataSource, model: model)
        #expect(model.state == .content)
        let heard = ObservedReads({ _ = model.screen }, recording: { dataSource.rows })
        try await database.write { db in try ItemsDatabase.append(db, ["b"]) }
        await eventually { dataSource.rows == ["a", "b"] }
        #expect(heard.heard.last == ["a", "b"], "the model is written when the new rows are drawn")
        #expect(model.state == .content)
        withExtendedLifetime(screen) {}
    }

    @Test func rowsAreObservable() async throws {
        try await write(["a"])
        let dataSource = makeDataSource(refreshing: false)
        let screen = RecordingScreen(dataSource)
        let heard = ObservedReads({ _ = dataSource.rows }, recording: { (dataSource.rows, dataSource.contentState) })
        try await write([])
        await eventually { dataSource.rows == [] }
        try await database.write { db in try ItemsDatabase.append(db, ["b"]) }
        await eventually { dataSource.rows == ["b"] }
        #expect(heard.heard.last?.0 == ["b"], "an observer of rows hears the newest rows")
        #expect(heard.heard.last?.1 == .content, "once they are drawn: the state is theirs")
        #expect(heard.heard.contains { $0.0 == [] && $0.1 == .empty }, "and the empty rows before them")
        withExtendedLifetime(screen) {}
    }

    // MARK: - Refreshes racing

    @Test func aSupersededRefreshWritesNothingAndTheNewerOneIsShown() async throws {
        try await write(["stored"])
        let dataSource = makeDataSource()
        let screen = RecordingScreen(dataSource)
        dataSource.loadContent()
        await eventually { fetcher.count == 1 }
        let newer = Task { await dataSource.reload(ownedBy: .caller) }
        await eventually { fetcher.count == 2 }
        fetcher.gate(1).open(returning: ["newer"])
        #expect(await newer.boundedValue() == .committed(hasContent: true))
        fetcher.gate(0).open(returning: ["older"])  // the superseded response arrives late
        // It writes nothing: a later write through the same database shows no trace of it.
        try await database.write { db in try ItemsDatabase.append(db, ["marker"]) }
        await eventually { dataSource.rows == ["newer", "marker"] }
        #expect(try await database.read(ItemsDatabase.names) == ["newer", "marker"])
        #expect(screen.shown == .content)
    }
}
