/// A data source for a paged list of shared items: a ``ListDataSource`` whose items come page by
/// page, the first page on the refresh lane and every later one on the append lane of a
/// ``PagedDataSource``.
///
/// ```swift
/// let articles = ContentStore { (id: Article.ID) in try await api.article(id) }
/// let feed = PagedListDataSource(store: articles) { (cursor: Int?) in
///     let response = try await api.feed(after: cursor)
///     return Page(response.articles, next: response.nextCursor)   // nil next: the last page
/// }
/// feed.loadMore()   // when the user nears the end of the list
/// ```
///
/// Everything a ``ListDataSource`` does it does, page by page:
/// - Each page lands its items in the store through the check the first page goes through: an
///   item written, committed, removed or invalidated since the page's request began keeps its
///   newer value, and a pending optimistic write's change stays on top.
/// - A page's rows join the end of the list, drawn as their insertions alone, at the cost of the
///   page, not of the list.
/// - Edits made while a page or a refresh is in flight are kept when it lands: a row removed
///   meanwhile does not come back, even when the page names it; an inserted or moved row stays
///   where the edit put it.
/// - No row shows twice: a page that names an id the list holds already (a later page repeating
///   a row, as a feed does when rows are added ahead of the cursor) leaves the copy out, and
///   reports it in ``duplicates``. The cursor is the page's own, so no row is skipped.
/// - A refresh replaces the list and drops the page in flight; ``PagedDataSource/loadMore()``,
///   ``PagedDataSource/appendState``, the footer and ``PagedDataSource/cancelLoadMore()`` are the
///   paged data source's.
///
/// Once its last pending edit settles, a paged list does not reload, as a ``ListDataSource``
/// does: a reload would drop every page after the first. Its order is the server's with the
/// committed edits applied, until the next refresh. It keeps every page
/// (``PagedDataSource/maxPages`` does not apply). See <doc:ListsOfSharedItems>.
@MainActor
public final class PagedListDataSource<Item: Identifiable & Sendable & Equatable, Cursor: Sendable>:
    PagedDataSource<Cursor>
where Item.ID: Sendable {
    /// The ids of the rows.
    public typealias ID = Item.ID

    /// The store the items are held in, by id.
    public var store: ContentStore<ID, Item> { itemRows.store }
    /// When a page's failed request is tried again, the first's or a later one's (see
    /// <doc:RetryingLoads>); by default never.
    public let retryPolicy: RetryPolicy
    /// Fetches the page at a cursor (`nil`: the first page), off the main actor.
    private let fetch: @Sendable (Cursor?) async throws -> Page<[Item], Cursor>
    /// The rows: their snapshot, items, bindings to the store and drawing.
    let itemRows: SharedItemRows<Item>

    /// The ids of the rows, in order, as last drawn. Observable, as ``ListDataSource/snapshot``.
    public var snapshot: ListSnapshot<ID> {
        observationAccess(.listSnapshot, self, \PagedListDataSource.snapshot)
        return itemRows.snapshot
    }
    /// The ids the last page named more than once, or that the list held already: one entry for
    /// each copy left out.
    public internal(set) var duplicates: [ID] = []
    /// The last optimistic write on a shown item that failed (its change is already rolled
    /// back); `nil` when none, or once ``dismissWriteFailure()`` cleared it.
    public var writeFailure: WriteFailure? { itemRows.writeFailure }
    /// The server's order as the pages landed it, with the list's pending edits on top.
    var edits = ListEdits<ID>()
    /// What waits for a pending insert's server id, by the row's temporary id.
    var waitingForServerID: [ID: [@MainActor (Result<ID, any Error>) -> Void]] = [:]

    /// Creates a list with no rows, which loads its pages with `fetch`.
    ///
    /// - Parameters:
    ///   - store: The store to hold the items in, by id.
    ///   - policy: When a page's failed request is tried again; by default never.
    ///   - fetch: Fetches the page at a cursor, off the main actor: `nil` for the first page;
    ///     the page's ``Page/next`` is the cursor of the one after it, `nil` after the last.
    public init(
        store: ContentStore<ID, Item>, retrying policy: RetryPolicy = .never,
        fetch: @escaping @Sendable (Cursor?) async throws -> Page<[Item], Cursor>
    ) {
        itemRows = SharedItemRows(store: store)
        self.fetch = fetch
        retryPolicy = policy
        super.init()
        itemRows.owner = self
    }

    /// Supplies the content wrapper; a list renderer it draws with is handed the whole snapshot first.
    public override weak var delegate: (any DataSourceDelegate)? {
        willSet { itemRows.handOver(to: newValue) }
    }

    /// Whether the snapshot has ids.
    public override var hasContent: Bool { !itemRows.snapshot.isEmpty }

    /// The item of the row `id`, as drawn; `nil` when the list does not show it.
    public func item(_ id: ID) -> Item? { itemRows.item(id) }

    /// The items of the rows, in order, as drawn. Observable as ``snapshot`` is.
    public var items: [Item] {
        observationAccess(.listSnapshot, self, \PagedListDataSource.snapshot)
        return itemRows.items
    }

    /// The observable row of `id`, whose item a row's view reads; `nil` when the list does not show it.
    public func row(_ id: ID) -> ListRow<Item>? { itemRows.observableRow(id) }

    /// Clears ``writeFailure``: the user has seen it.
    public func dismissWriteFailure() { itemRows.dismissWriteFailure() }

    /// Loads the first page (a refresh when the list has rows), which replaces the rows, and lands
    /// its items in the store.
    public override func loadContent() {
        let store = self.store
        let mark = store.openItemsMark()
        let editsMark = edits.mark
        let task = loadFirstPage(keepingContent: true, retrying: retryPolicy) { [fetch] _ in
            try await fetch(nil)
        } commit: { list, items in
            list.commit(items, since: mark, editsSince: editsMark)
            list.makeRoom(forPageOf: items.count)
        }
        // The mark stays open until the load is over, whichever way it ends.
        Task {
            _ = await task.value
            store.closeItemsMark()
        }
    }

    /// Loads the page at `cursor`, whose rows join the end of the list.
    /// ``PagedDataSource/loadMore()`` calls it.
    public override func loadPage(after cursor: Cursor, _ state: LoadingState) {
        let store = self.store
        let mark = store.openItemsMark()
        let editsMark = edits.mark
        let task = appendPage(state, retrying: retryPolicy) { [fetch] _ in
            try await fetch(cursor)
        } commit: { list, items in
            list.commitPage(items, since: mark, editsSince: editsMark)
        }
        Task {
            _ = await task.value
            store.closeItemsMark()
        }
    }

    // MARK: - Landing a page

    /// Makes room, as the first page lands, for a page of `count` rows after it: the snapshot's
    /// ids are the first page's order's until then, so the page after it would copy them both,
    /// O(rows); the refresh copies them instead, in its own O(rows).
    private func makeRoom(forPageOf count: Int) {
        itemRows.snapshot.reserveCapacity(itemRows.snapshot.count + count)
        edits.reserveCapacity(edits.base.count + count)
    }

    /// Lands `items`, a page whose request took `mark` (and `editsMark` of the list's edits), at
    /// the end of the list, and draws the rows it adds, with the list's edits on top.
    private func commitPage(_ items: [Item], since mark: UInt64, editsSince editsMark: UInt64) {
        let isEdited = edits.isEdited
        // What the list holds: the rows shown, and while it is edited, those its edits hide.
        let held: Set<ID>? = isEdited ? Set(edits.base).union(edits.ids) : nil
        var page: [ID] = []
        var repeated: [ID] = []
        var answered: [ID: Item] = [:]
        page.reserveCapacity(items.count)
        answered.reserveCapacity(items.count)
        for item in items {
            let id = item.id
            if answered[id] != nil || (held?.contains(id) ?? itemRows.snapshot.contains(id)) {
                repeated.append(id)
            } else {
                answered[id] = item
                page.append(id)
            }
        }
        duplicates = repeated
        itemRows.land(page, from: answered, since: mark, writingEqual: true)
        edits.append(page, since: editsMark)
        if isEdited {
            showEdits()
        } else {
            appendRows(page)
        }
        // A row the page brought that is not shown is let go of, unless a pending edit hides it.
        store.holdingSweeps {
            for id in page where !shown.contains(id) && !edits.isPending(id) && waitingForServerID[id] == nil {
                itemRows.unbind(id)
            }
        }
    }

    /// Shows `page`'s rows after the others, with the store's values, in one draw of their
    /// insertions: the list has no edits, so its order is the server's.
    private func appendRows(_ page: [ID]) {
        let count = itemRows.snapshot.count
        var joined: [ID] = []
        joined.reserveCapacity(page.count)
        for id in page {
            // An id whose item the store has no value for (removed since the request began) is left out.
            guard let value = store.value(for: id) else { continue }
            itemRows.drawn[id] = value
            joined.append(id)
        }
        guard !joined.isEmpty else { return }
        itemRows.snapshot.append(contentsOf: joined)
        redrawRows { itemRows.drawAppended(joined, after: count) }
        observedPropertyDidChange(.listSnapshot, self, Self.snapshotKey)
    }
}

/// A list of shared items, loaded page by page.
extension PagedListDataSource: ItemList {
    /// The key path its snapshot's observers read.
    static var snapshotKey: KeyPath<PagedListDataSource, ListSnapshot<ID>> { \.snapshot }

    /// The last pending edit settled: the list keeps its pages (a reload would drop all but the
    /// first), and ends on the server's order at its next refresh.
    func editsDidSettle() {}

    /// Draws a page or an edit of the rows with `draw`, and the content or empty screen it leads
    /// to. A redraw of the content is a new list, which stops the page in flight (``LaneRules``),
    /// so the rows are drawn on their own while the screen stays as it is: a list renderer is
    /// handed them, and a plain content renderer's view hears of them through ``snapshot``. Only
    /// a change between content and empty redraws the screen.
    func redrawRows(_ draw: () -> Void) {
        if loadingCoordinator.isLoading {
            loadingCoordinator.redrawDuringLoad(of: self, draws: false) {
                draw()
                return true
            }
        } else if presentation.state == (hasContent ? .content : .empty) {
            draw()
        } else {
            redrawContent(draw)
        }
    }
}
