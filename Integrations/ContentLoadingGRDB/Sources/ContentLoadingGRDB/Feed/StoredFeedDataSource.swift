public import ContentLoading
import GRDB
import Observation

/// A paged list whose items and cursors live in the database: the first frame is the first
/// screenful stored, scrolling reads the stored pages before it asks the network, and every
/// network page is written to the database, in one checked transaction, before it shows.
///
/// ```swift
/// let feed = try StoredFeed<Article, String>(database: database, list: "articles")
/// let dataSource = StoredFeedDataSource(feed: feed, screenful: 30) { cursor in
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
/// same as a `ListSnapshot`, each identity once, for a diffable list.
@MainActor
public final class StoredFeedDataSource<Item: Codable & Sendable & Identifiable, Cursor: Codable & Sendable>:
    PagedDataSource<Int64>
{
    /// Fetches the network's page at a cursor (`nil`: the first page), off the main actor.
    public typealias Fetch = @Sendable (Cursor?) async throws -> Page<[Item], Cursor>

    /// The stored list this data source shows.
    public let feed: StoredFeed<Item, Cursor>
    /// How many stored items the first frame and each stored page read.
    public let screenful: Int
    /// The items shown, in order. Observable.
    public var items: [Item] {
        registrar.access(self, keyPath: \.items)
        return shownItems
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

    private var shownItems: [Item] = []
    private let registrar = ObservationRegistrar()
    private let fetch: Fetch
    /// The stored list's generation the items shown were read at.
    private var generation: Int64 = 0
    /// The network's cursor after the items shown, while the list is memory only.
    private var memoryNext: Cursor?

    /// Makes a data source of `feed`, and shows its first stored screenful at once.
    ///
    /// - Parameters:
    ///   - feed: The stored list, shared with every screen of it.
    ///   - screenful: How many stored items the first frame and each stored page read.
    ///   - onFailure: Hears each database failure that keeps a page in memory only.
    ///   - fetch: Fetches the network's page at a cursor (`nil`: the first page).
    public init(
        feed: StoredFeed<Item, Cursor>, screenful: Int = 50, onFailure: (@MainActor (any Error) -> Void)? = nil,
        fetch: @escaping Fetch
    ) {
        precondition(screenful > 0, "a screenful holds at least one item")
        self.feed = feed
        self.screenful = screenful
        self.onFailure = onFailure
        self.fetch = fetch
        super.init()
        showFirstFrame()
    }

    /// Whether items are shown.
    public override var hasContent: Bool { !shownItems.isEmpty }

    /// Fetches the network's first page and replaces the stored list with it, then shows it.
    public override func loadContent() {
        let feed = self.feed
        let fetch = self.fetch
        let ticket = isMemoryOnly ? nil : feed.writer.beginRefresh()
        loadFirstPage(keepingContent: true) { state in
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
            dataSource.take(landing, replacing: true)
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
        appendPage(state) { state in
            if memoryOnly {
                return Self.inMemory(try await fetch(memoryNext), after: position, failure: nil)
            }
            return try await Self.storedPage(
                after: position, of: feed, generation: generation, screenful: screenful, fetch: fetch, token: state)
        } commit: { dataSource, landing in
            dataSource.take(landing, replacing: false)
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
        if case .neverFetched = first.afterStoredPages, first.items.isEmpty { return }
        loadingCoordinator.loadContent(keepingContent: true) { state in
            finishFirstPage(state, next: Self.next(after: first)) { show(first.items) }
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
        do {
            if let written = try await feed.writePage(page, after: position, extending: generation, token: token) {
                return Page(.stored(written), next: page.next == nil ? nil : written.lastPosition)
            }
        } catch {
            return inMemory(page, after: position, failure: error)
        }
        // Nothing written: the load ended, a refresh replaced the list, or another screen of
        // the list stored a page after these items first, which is then the page.
        guard token.isValid else { throw CancellationError() }
        let again = try await feed.database.read { db in try feed.read(db, after: position, limit: screenful) }
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
    private func take(_ landing: StoredFeedLanding<Item, Cursor>, replacing: Bool) {
        switch landing {
        case .stored(let read):
            generation = read.generation
            show(replacing ? read.items : shownItems + read.items)
        case .memoryOnly(let items, let next, let failure):
            memoryNext = next
            show(replacing ? items : shownItems + items)
            if let failure { keepInMemory(after: failure) }
        }
    }

    private func show(_ items: [Item]) {
        registrar.withMutation(of: self, keyPath: \.items) { shownItems = items }
    }

    /// From now on the list lives in memory only; the app hears why.
    private func keepInMemory(after failure: any Error) {
        isMemoryOnly = true
        lastFailure = failure
        onFailure?(failure)
    }
}
