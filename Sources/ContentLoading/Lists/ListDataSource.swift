/// A data source for a list of shared items: it loads the items, holds each once by id in a
/// ``ContentStore``, and shows their ids in order, so that a change to an item shows on every
/// list and detail that shows it, as a change of that row.
///
/// ```swift
/// let articles = ContentStore { (id: Article.ID) in try await api.article(id) }
/// let feed = ListDataSource(store: articles) { try await api.feed() }
/// let detail = StoreDataSource(store: articles, key: articleID)
/// articles.perform("Star", on: articleID) { $0.isStarred = true } request: { try await api.star(articleID) }
/// ```
///
/// - A response lands its items in the store through the check a fetch goes through: an item
///   written, committed, removed or invalidated, fetched, or given an optimistic write since the
///   request began keeps its newer value, and a pending optimistic write's change stays on top.
/// - Every row shown is bound to its item's key: never evicted while it is shown, and each
///   change of the item (a write on any screen, a rollback, a fetch) is drawn in the same
///   main-actor turn. A change that leaves the item equal to the one drawn draws nothing;
///   another list's response that changes several of its items is drawn as one difference.
/// - Each change reaches a ``ListRenderer`` (the wrapper's content renderer) as the snapshot and
///   the difference from the snapshot it applied before, before the wrapper shows the content or
///   empty screen: ``hasContent`` is whether the snapshot has ids. A plain ``ContentRenderer`` is
///   shown the content again instead.
/// - A response that names an id more than once shows it once, with the first copy's value; the
///   later copies are reported in ``duplicates``. An id whose item the store has no value for
///   (removed since the request began) is left out.
///
/// Rows are edited as optimistic writes (``insert(_:item:at:retrying:request:)``, ``remove(_:id:retrying:request:)``,
/// ``move(_:id:to:retrying:request:)``, ``perform(_:on:retrying:change:request:)``): each shows at once and stays
/// over every response that lands while it is pending; a row inserted under a temporary id is
/// re-keyed to the server's id in one draw, and a detail opened on it (a ``StoreDataSource`` on
/// the temporary id) is bound to the server's id in the same turn.
///
/// An item invalidated in the store is not reloaded by the list: a data source bound to the item
/// alone revalidates it. See <doc:ListsOfSharedItems>.
@MainActor
public final class ListDataSource<Item: Identifiable & Sendable & Equatable>: DataSource where Item.ID: Sendable {
    /// The ids of the rows.
    public typealias ID = Item.ID

    /// The store the items are held in, by id.
    public var store: ContentStore<ID, Item> { itemRows.store }
    /// When a load's failed request is tried again (see <doc:RetryingLoads>); by default never.
    public let retryPolicy: RetryPolicy
    /// Fetches the list's items, in order, off the main actor.
    private let fetch: @Sendable () async throws -> [Item]
    /// The rows: their snapshot, items, bindings to the store and drawing.
    let itemRows: SharedItemRows<Item>

    /// The ids of the rows, in order, as last drawn.
    ///
    /// Observable: a view that reads it hears when the ids or their order change, not when an
    /// item does (a row hears that, through ``row(_:)``).
    public var snapshot: ListSnapshot<ID> {
        observationAccess(.listSnapshot, self, \ListDataSource.snapshot)
        return itemRows.snapshot
    }
    /// The ids the last response named more than once: one entry for each copy left out.
    public internal(set) var duplicates: [ID] = []
    /// The last optimistic write on a shown item that failed (its change is already rolled
    /// back); `nil` when none, or once ``dismissWriteFailure()`` cleared it.
    public var writeFailure: WriteFailure? { itemRows.writeFailure }
    /// The server's order as last landed, with the list's pending edits on top.
    var edits = ListEdits<ID>()
    /// What waits for a pending insert's server id, by the row's temporary id: handed the
    /// server's id once the insert commits, or the error it failed with.
    var waitingForServerID: [ID: [@MainActor (Result<ID, any Error>) -> Void]] = [:]

    /// Creates a list with no rows, which loads its items with `fetch`.
    ///
    /// - Parameters:
    ///   - store: The store to hold the items in, by id; a detail screen binds a
    ///     ``StoreDataSource`` to an item's id in it.
    ///   - policy: When a load's failed request is tried again; by default never.
    ///   - fetch: Fetches the list's items, in order, off the main actor.
    public init(
        store: ContentStore<ID, Item>, retrying policy: RetryPolicy = .never,
        fetch: @escaping @Sendable () async throws -> [Item]
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

    /// The items of the rows, in order, as drawn. Observable as ``snapshot`` is: read each row's
    /// item through ``row(_:)`` to hear of its changes.
    public var items: [Item] {
        observationAccess(.listSnapshot, self, \ListDataSource.snapshot)
        return itemRows.items
    }

    /// The observable row of `id`, whose item a row's view reads; `nil` when the list does not show it.
    public func row(_ id: ID) -> ListRow<Item>? { itemRows.observableRow(id) }

    /// Loads the list (a refresh when it has rows), and lands its items in the store.
    public override func loadContent() {
        let store = self.store
        let mark = store.openItemsMark()
        let editsMark = edits.mark
        let task = load(keepingContent: true, retrying: retryPolicy) { [fetch] _ in
            try await fetch()
        } commit: { list, items in
            list.commit(items, since: mark, editsSince: editsMark)
        }
        // The mark stays open until the load is over, whichever way it ends.
        Task {
            _ = await task.value
            store.closeItemsMark()
        }
    }

    /// Clears ``writeFailure``: the user has seen it.
    public func dismissWriteFailure() { itemRows.dismissWriteFailure() }
}

/// A list of shared items, loaded in one request.
extension ListDataSource: ItemList {
    /// The key path its snapshot's observers read.
    static var snapshotKey: KeyPath<ListDataSource, ListSnapshot<ID>> { \.snapshot }

    /// The last pending edit settled: the list reloads, to end on the server's order.
    func editsDidSettle() {
        loadContent()
    }

    /// Draws an edit of the rows with `draw`, and the content or empty screen it leads to: under
    /// the refresh in flight, or at once.
    func redrawRows(_ draw: () -> Void) {
        if loadingCoordinator.isLoading {
            loadingCoordinator.redrawDuringLoad(of: self, draws: false) {
                draw()
                return true
            }
        } else {
            redrawContent(draw)
        }
    }
}

/// What both lists of shared items do: land a response under their edits.
extension ItemList {
    /// Lands `items`, the response of a request that took `mark` (and `editsMark` of the
    /// list's edits), and draws the rows they make, with the list's edits on top.
    func commit(_ items: [Item], since mark: UInt64, editsSince editsMark: UInt64) {
        let (response, answered) = SharedItemRows.answers(items)
        duplicates = response.duplicates
        itemRows.land(response.ids, from: answered, since: mark, writingEqual: true)
        edits.land(response.ids, since: editsMark)
        let order = edits.isEdited ? edits.ids : response.ids
        // A row a pending edit hides stays bound: it comes back if the edit fails.
        let (previous, _) = itemRows.show(
            order, landed: response.ids, reusing: edits.isEdited ? nil : response, keeping: { edits.isPending($0) })
        if itemRows.snapshot != previous { observedPropertyDidChange(.listSnapshot, self, Self.snapshotKey) }
    }
}
