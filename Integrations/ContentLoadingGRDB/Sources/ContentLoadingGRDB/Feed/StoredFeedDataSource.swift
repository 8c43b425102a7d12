public import ContentLoading
import GRDB
import Observation

/// A paged list whose items and cursors live in the database: the first frame is the first
/// screenful stored, scrolling reads the stored pages before it asks the network, and every
/// network page is written to the database, in one checked transaction, before it shows.
///
/// ```swift
/// let feed = try StoredFeed<Article, String>(recordsIn: database, list: "articles")
/// let dataSource = StoredFeedDataSource(feed: feed, store: articles, screenful: 30) { cursor in
///     try await api.articles(after: cursor)      // nil: the first page
/// }
/// dataSource.delegate = self      // stored items are the first frame: no spinner
/// dataSource.loadContent()        // refreshes the stored list from the network
/// ```
///
/// It is a `PagedDataSource` whose cursor is a stored position (`Int64`): the lanes, their
/// tokens, load more, the footer and the awaited outcomes are the core's, unchanged. What it
/// adds is where a page comes from and where it goes:
///
/// - **First frame.** Made, it reads the first `screenful` stored items at once (on the main
///   actor, one indexed read with a `LIMIT`: its cost does not grow with the stored list) and
///   settles on them, with no loading screen. A list never fetched waits for
///   ``loadContent()``, whose fetch shows the loading screen.
/// - **Refresh.** ``loadContent()`` fetches the network's first page and replaces the stored
///   list with it in one transaction (``StoredFeed/writeRefresh(_:ticket:token:)``): a refresh
///   superseded by a newer one writes nothing, and a page begun before the refresh writes
///   nothing either. A failed refresh shows beside the stored items.
/// - **Load more.** `loadMore()` reads the next `screenful` stored items; once
///   the stored pages are all shown, it fetches the network's page after them and appends it to
///   the stored list in one transaction (``StoredFeed/writePage(_:after:extending:token:)``),
///   then shows it.
/// - **The database drives the list.** A GRDB `ValueObservation` reads the stored rows shown
///   again after every commit that changes the feed's rows through the database's queue or pool
///   (a refresh or page of any screen, ``StoredFeed/update(_:)``, a sync's own SQL);
///   ``rereadStoredRows()`` reads them after another connection's or process's write. Each delivery is drawn as one `ListDifference` (rows updated,
///   removed, inserted), however many commits GRDB merged into it, and a delivery equal to the
///   rows shown draws nothing. Rows never go back to an older state: a delivery read before
///   the list was refreshed, or before a page landed, is dropped, and the observation reads the
///   rows again after each landing.
/// - **Shared items.** The items are held by id in ``store`` (a `ContentStore`, the core's
///   lists of shared items): a write on an item there (`store.perform`, or a
///   `PersistentWriteQueue`'s) shows on its row at once, and on a `StoreDataSource` of the item.
///   A page or a delivery lands its items through the store's check: an item written there
///   since the page's request began keeps its newer value, which is then written over the
///   stored item (``StoredFeed/update(_:)``: its row in the app's table, in a record feed), so
///   that a relaunch shows it too.
/// - **Offline.** Every stored page shows. The page after them fails with ``StoredPagesEnded``:
///   the footer (`AppendState.failed(_:)`) says where the stored pages end and offers Retry,
///   while the content stays on screen.
/// - **A file that cannot be written.** A write that fails keeps the page in memory: it shows,
///   ``onFailure`` hears the error (kept in ``lastFailure``), and the data source keeps its list
///   in memory from then on (``isMemoryOnly``), fetching every later page from the network.
///   Nothing already stored is removed.
/// - **A first read that fails** (a damaged row, an unreadable file): ``onFailure`` hears it,
///   and the list waits for ``loadContent()``, whose refresh replaces the stored list (or, if the
///   file cannot be written either, keeps it in memory).
///
/// ``items`` is observable; ``ids`` lists the items' identities in order, and ``snapshot`` the
/// same as a `ListSnapshot`, each identity once, for a diffable list. A `ListRenderer` given as
/// the wrapper's content renderer is handed each change as the snapshot and its difference; one
/// set after the first frame is handed the whole snapshot at the observation's first delivery.
@MainActor
public final class StoredFeedDataSource<
    Item: Codable & Sendable & Identifiable & Equatable, Cursor: Codable & Sendable
>: PagedDataSource<Int64> where Item.ID: Sendable {
    /// Fetches the network's page at a cursor (`nil`: the first page), off the main actor.
    public typealias Fetch = @Sendable (Cursor?) async throws -> Page<[Item], Cursor>

    /// The stored list this data source shows.
    public let feed: StoredFeed<Item, Cursor>
    /// The store the items are held in, by id, shared with the screens of one item.
    public let store: ContentStore<Item.ID, Item>
    /// How many stored items the first frame and each stored page read.
    public let screenful: Int
    /// The items shown, in order, as drawn: the store's values, pending writes' changes
    /// included. Observable.
    public var items: [Item] {
        registrar.access(self, keyPath: \.items)
        return order.compactMap { rows.item($0) }
    }
    /// The identities of the items shown, in order.
    public var ids: [Item.ID] { items.map(\.id) }
    /// Whether the list is kept in memory only, after a write to the database failed.
    public private(set) var isMemoryOnly = false
    /// The last database failure heard: the one that made the list memory only, or a first
    /// read's.
    public private(set) var lastFailure: (any Error)?
    /// Hears each database failure that keeps a page in memory only: tell the user that the
    /// list is not being saved.
    public var onFailure: (@MainActor (any Error) -> Void)?

    /// The rows shown, bound to their items in the store.
    private let rows: SharedItemRows<Item>
    /// The ids of the items shown, in order, as the stored rows (or the network) repeat them.
    private var order: [Item.ID] = []
    private let registrar = ObservationRegistrar()
    private let fetch: Fetch
    /// The stored list's generation the items shown were read at.
    private var generation: Int64 = 0
    /// The position of the last stored item shown: the observation reads the rows up to it.
    private var shownThrough: Int64 = 0
    /// The network's cursor after the items shown, while the list is memory only.
    private var memoryNext: Cursor?
    /// The observation of the stored rows shown, and its number: a delivery of an earlier one
    /// (read before the latest landing) is dropped.
    private var observation: AnyDatabaseCancellable?
    private var observationNumber = 0
    /// The store's mark the next delivery lands since, opened as the one before it landed.
    private var deliveryMark: UInt64?
    /// The values the stored rows shown hold, by id, as last read or written.
    private var storedValues: [Item.ID: Item] = [:]
    /// The writes of newer items over the stored rows that no delivery has read yet, by number:
    /// the mark each keeps deliveries landing since, and the feed's update count once it
    /// committed (a delivery that read that count or more saw it). Each holds a mark open.
    private var unreadWrites: [Int: (mark: UInt64, updateCount: Int64?)] = [:]
    private var writeNumber = 0

    /// Makes a data source of `feed`, and shows its first stored screenful at once.
    ///
    /// - Parameters:
    ///   - feed: The stored list, shared with every screen of it.
    ///   - store: The store to hold the items in, by id, shared with the screens of one item
    ///     (a `StoreDataSource` on an item's id, a `PersistentWriteQueue`'s writes); by default
    ///     one of the data source's own.
    ///   - screenful: How many stored items the first frame and each stored page read.
    ///   - onFailure: Hears each database failure that keeps a page in memory only.
    ///   - fetch: Fetches the network's page at a cursor (`nil`: the first page).
    public init(
        feed: StoredFeed<Item, Cursor>, store: ContentStore<Item.ID, Item>? = nil, screenful: Int = 50,
        onFailure: (@MainActor (any Error) -> Void)? = nil, fetch: @escaping Fetch
    ) {
        precondition(screenful > 0, "a screenful holds at least one item")
        self.feed = feed
        // A store of the list's own: its items come from the feed, never from a fetch by id.
        let store = store ?? ContentStore { _ in throw CancellationError() }
        self.store = store
        rows = SharedItemRows(store: store)
        self.screenful = screenful
        self.onFailure = onFailure
        self.fetch = fetch
        super.init()
        rows.owner = self
        rows.onChange = { [weak self] in self?.itemsDidChange() }
        rows.onStoreChange = { [weak self] id in self?.itemDidChangeInStore(id) }
        showFirstFrame()
    }

    deinit {
        // The delivery's mark is the store's: closed on the main actor, where the store lives.
        let openMarks = (deliveryMark == nil ? 0 : 1) + unreadWrites.count
        if openMarks > 0 {
            let rows = self.rows
            Task { @MainActor in
                for _ in 0..<openMarks { rows.closeMark() }
            }
        }
    }

    /// Whether items are shown.
    public override var hasContent: Bool { !rows.snapshot.isEmpty }

    /// Fetches the network's first page and replaces the stored list with it, then shows it.
    public override func loadContent() {
        let feed = self.feed
        let fetch = self.fetch
        let ticket = isMemoryOnly ? nil : feed.writer.beginRefresh()
        let rows = self.rows
        let mark = rows.openMark()
        let task = loadFirstPage(keepingContent: true) { state in
            let page = try await fetch(nil)
            guard let ticket else { return Self.inMemory(page, after: 0, failure: nil) }
            do {
                guard let written = try await feed.writeRefresh(page, ticket: ticket, token: state) else {
                    throw CancellationError()  // superseded: nothing was written
                }
                return Page(.stored(written), next: page.next == nil ? nil : written.lastPosition)
            } catch let error as CancellationError {
                throw error
            } catch {
                return Self.inMemory(page, after: 0, failure: error)
            }
        } commit: { dataSource, landing in
            dataSource.take(landing, replacing: true, since: mark)
        }
        // The mark stays open until the load is over, whichever way it ends.
        Task {
            _ = await task.value
            rows.closeMark()
        }
    }

    /// Loads the page after the item at `position`: stored items first, then the network's.
    public override func loadPage(after position: Int64, _ state: LoadingState) {
        let feed = self.feed
        let fetch = self.fetch
        let screenful = self.screenful
        let generation = self.generation
        let memoryOnly = isMemoryOnly
        let memoryNext = self.memoryNext
        let rows = self.rows
        let mark = rows.openMark()
        let task = appendPage(state) { state in
            if memoryOnly {
                return Self.inMemory(try await fetch(memoryNext), after: position, failure: nil)
            }
            return try await Self.storedPage(
                after: position, of: feed, generation: generation, screenful: screenful, fetch: fetch, token: state)
        } commit: { dataSource, landing in
            dataSource.take(landing, replacing: false, since: mark)
        }
        Task {
            _ = await task.value
            rows.closeMark()
        }
    }

    // MARK: - Reading and writing

    /// Reads the first screenful and settles on it; a list never fetched waits for a refresh.
    private func showFirstFrame() {
        let feed = self.feed
        let screenful = self.screenful
        let first: StoredFeedRead<Item, Cursor>
        do {
            first = try feed.database.read { db in try feed.read(db, after: 0, limit: screenful) }
        } catch {
            // The refresh replaces what could not be read; its write says whether the file works.
            lastFailure = error
            onFailure?(error)
            return
        }
        generation = first.generation
        shownThrough = first.lastPosition
        if case .neverFetched = first.afterStoredPages, first.items.isEmpty { return }
        loadingCoordinator.loadContent(keepingContent: true) { state in
            finishFirstPage(state, next: Self.next(after: first)) {
                order = first.items.map(\.id)
                noteStored(first.items, replacing: true)
                rows.show(first.items, landingSince: nil)
            }
        }
        // Starting a GRDB observation costs about a read of the rows: it starts on the main
        // actor's next turn, after the first frame, and its first delivery reads them again.
        Task { @MainActor [weak self] in
            guard let self, observation == nil else { return }
            observeStoredRows()
        }
    }

    /// The page after `position`: the stored items there, or else the network's page after the
    /// stored ones, written to the database before it shows.
    private nonisolated static func storedPage(
        after position: Int64, of feed: StoredFeed<Item, Cursor>, generation: Int64, screenful: Int,
        fetch: Fetch, token: LoadingState
    ) async throws -> Page<StoredFeedLanding<Item, Cursor>, Int64> {
        let stored = try await feed.database.read { db in try feed.read(db, after: position, limit: screenful) }
        // The items shown are of a list a refresh (another screen's) has since replaced.
        guard stored.generation == generation else { throw StoredFeedListReplaced() }
        if !stored.items.isEmpty { return Page(.stored(stored), next: next(after: stored)) }
        let cursor: Cursor
        switch stored.afterStoredPages {
        case .complete: return Page(.stored(stored), next: nil)
        case .neverFetched: throw StoredFeedListReplaced()
        case .more(let next): cursor = next
        }
        let page: Page<[Item], Cursor>
        do {
            page = try await fetch(cursor)
        } catch let error as CancellationError {
            throw error
        } catch {
            throw StoredPagesEnded(error)
        }
        // After the last stored row: a record feed's rows of items the app deleted are skipped.
        let last = stored.lastPosition
        do {
            if let written = try await feed.writePage(page, after: last, extending: generation, token: token) {
                return Page(.stored(written), next: page.next == nil ? nil : written.lastPosition)
            }
        } catch {
            return inMemory(page, after: last, failure: error)
        }
        // Nothing written: the load ended, a refresh replaced the list, or another screen of
        // the list stored a page after these items first, which is then the page.
        guard token.isValid else { throw CancellationError() }
        let again = try await feed.database.read { db in try feed.read(db, after: last, limit: screenful) }
        guard again.generation == generation, !again.items.isEmpty else { throw StoredFeedListReplaced() }
        return Page(.stored(again), next: next(after: again))
    }

    /// The position the page after `read` follows, or `nil` when `read` ends the whole list.
    private nonisolated static func next(after read: StoredFeedRead<Item, Cursor>) -> Int64? {
        if read.lastPosition >= read.lastStoredPosition, case .complete = read.afterStoredPages { return nil }
        return read.lastPosition
    }

    /// A page kept in memory only, after the item at `position`.
    private nonisolated static func inMemory(
        _ page: Page<[Item], Cursor>, after position: Int64, failure: (any Error)?
    ) -> Page<StoredFeedLanding<Item, Cursor>, Int64> {
        Page(
            .memoryOnly(page.rows, next: page.next, failure: failure),
            next: page.next == nil ? nil : position + Int64(page.rows.count))
    }

    /// Shows a page that landed, after the items shown or in their place.
    private func take(_ landing: StoredFeedLanding<Item, Cursor>, replacing: Bool, since mark: UInt64) {
        switch landing {
        case .stored(let read):
            generation = read.generation
            shownThrough = read.lastPosition
            show(read.items, replacing: replacing, since: mark)
            // The page landed through its own mark: the next delivery's mark opens after it, so
            // the page's items are not changes that a row written since the landing must yield to.
            if deliveryMark != nil {
                deliveryMark = nil
                rows.closeMark()
            }
            // Read from here on: a delivery read before this page is dropped.
            observeStoredRows()
        case .memoryOnly(let items, let next, let failure):
            memoryNext = next
            show(items, replacing: replacing, since: mark)
            if let failure { keepInMemory(after: failure) }
        }
    }

    /// Shows `items` after the items shown or in their place, landed in the store since `mark`,
    /// and writes over the stored rows the items the store holds newer.
    private func show(_ items: [Item], replacing: Bool, since mark: UInt64?) {
        let ids = items.map(\.id)
        order = replacing ? ids : order + ids
        noteStored(items, replacing: replacing)
        if replacing {
            rows.show(items, landingSince: mark)
        } else {
            rows.append(items, landingSince: mark)
        }
        writeNewer(than: items, since: mark)
    }

    /// Notes the values the stored rows hold now: `items`, just read or written.
    private func noteStored(_ items: [Item], replacing: Bool) {
        guard !isMemoryOnly else { return }
        if replacing { storedValues = [:] }
        for item in items { storedValues[item.id] = item }
    }

    /// Writes over the stored rows the items of `landed` the store kept a newer value of (an
    /// optimistic write that committed since `mark`, their request's): the database never keeps
    /// a value older than the one shown.
    private func writeNewer(than landed: [Item], since mark: UInt64?) {
        guard !isMemoryOnly, let mark else { return }
        var newer: [Item] = []
        for item in landed {
            if let kept = store.committedValue(for: item.id), kept != item { newer.append(kept) }
        }
        writeOver(newer, keepingSince: mark)
    }

    /// A shown item's value changed in the store (a write committed, a fetch landed): written
    /// over its stored rows when it differs from theirs, so that a relaunch shows it.
    private func itemDidChangeInStore(_ id: Item.ID) {
        guard !isMemoryOnly, let stored = storedValues[id], let committed = store.committedValue(for: id),
            committed != stored
        else { return }
        writeOver([committed], keepingSince: deliveryMark ?? rows.openMark())
        if deliveryMark == nil { rows.closeMark() }
    }

    /// Writes `items` over their stored rows. Until a delivery reads the rows that write left,
    /// deliveries land since `mark` too, so that one read before it does not undo the newer
    /// values (the observation may deliver such a read after the write committed).
    private func writeOver(_ items: [Item], keepingSince mark: UInt64) {
        guard !items.isEmpty else { return }
        for item in items { storedValues[item.id] = item }
        let feed = self.feed
        // An open mark keeps the store's record of changes, which `mark` is compared with.
        _ = rows.openMark()
        writeNumber += 1
        let number = writeNumber
        unreadWrites[number] = (mark, nil)
        Task { @MainActor [weak self] in
            do {
                let count = try await feed.writeOver(items).updateCount
                self?.unreadWrites[number]?.updateCount = count
            } catch {
                self?.lastFailure = error
                self?.onFailure?(error)
                self?.forgetWrite(number)
            }
        }
    }

    /// Forgets a write over the stored rows (read by a delivery, failed, or never to be read),
    /// and closes the mark it held open.
    private func forgetWrite(_ number: Int) {
        guard unreadWrites.removeValue(forKey: number) != nil else { return }
        rows.closeMark()
    }

    /// The items drawn changed: their observers hear of it.
    private func itemsDidChange() {
        registrar.withMutation(of: self, keyPath: \.items) {}
    }

    /// From now on the list lives in memory only; the app hears why.
    private func keepInMemory(after failure: any Error) {
        isMemoryOnly = true
        observation = nil
        // No delivery will read the writes in flight.
        for number in unreadWrites.keys { forgetWrite(number) }
        lastFailure = failure
        onFailure?(failure)
    }

    // MARK: - The database drives the list

    /// Reads the stored rows shown again, and draws what changed as one difference.
    ///
    /// A GRDB observation hears the commits of its own database queue or pool, whichever screen
    /// or sync made them; call this when another connection or process wrote the feed's rows
    /// (an app extension, say).
    public func rereadStoredRows() {
        observeStoredRows()
    }

    /// Observes the stored rows shown, from now on: each commit that changes them is delivered
    /// once read; a delivery of an observation started before is dropped.
    private func observeStoredRows() {
        guard !isMemoryOnly else { return }
        observationNumber += 1
        let number = observationNumber
        let feed = self.feed
        let through = shownThrough
        if deliveryMark == nil { deliveryMark = rows.openMark() }
        // The update count, read in the same access, says which of this list's writes the
        // rows include.
        let observation = ValueObservation.tracking { db in
            (rows: try feed.read(db, through: through), updateCount: try feed.updateCount(db))
        }
        self.observation = observation.start(in: feed.database, scheduling: .mainActor) { _ in
            // A failed read of the rows leaves them on screen; the next landing observes again.
        } onChange: { [weak self] read in
            guard let self, number == observationNumber else { return }
            storedRowsDidChange(read.rows, updateCount: read.updateCount)
        }
    }

    /// Draws the stored rows a delivery read, as one difference, unless a refresh replaced the
    /// list shown since (the refresh's landing shows it) or they were read before it.
    private func storedRowsDidChange(_ read: StoredFeedRead<Item, Cursor>, updateCount: Int64) {
        // The writes over the stored rows that this read includes are done with.
        for (number, write) in unreadWrites {
            if let committed = write.updateCount, committed <= updateCount { forgetWrite(number) }
        }
        guard !isMemoryOnly, read.generation == generation else { return }
        // The store's changes since the delivery before landed keep their values over this
        // one's, and so do those of the writes over the stored rows this read does not include.
        let previous = deliveryMark
        defer {
            // Opened once this delivery landed: its own writes are not changes the next one keeps.
            deliveryMark = rows.openMark()
            if previous != nil { rows.closeMark() }
        }
        let mark = ([previous] + unreadWrites.values.map(\.mark)).compactMap(\.self).min()
        let hadContent = hasContent
        let ids = read.items.map(\.id)
        let reordered = ids != order
        order = ids
        noteStored(read.items, replacing: true)
        let changed = rows.show(read.items, landingSince: mark) || reordered
        writeNewer(than: read.items, since: mark)
        guard changed else { return }
        // A list renderer was handed the difference; the screen moves between content and empty.
        if rows.drawsRowByRow, hadContent == hasContent { return }
        redrawContent {}
    }
}
