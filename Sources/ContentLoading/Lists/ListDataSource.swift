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
/// Rows are edited as optimistic writes (``insert(_:item:at:request:)``, ``remove(_:id:request:)``,
/// ``move(_:id:to:request:)``, ``perform(_:on:change:request:)``): each shows at once and stays
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
    public let store: ContentStore<ID, Item>
    /// When a load's failed request is tried again (see <doc:RetryingLoads>); by default never.
    public let retryPolicy: RetryPolicy
    /// Fetches the list's items, in order, off the main actor.
    private let fetch: @Sendable () async throws -> [Item]

    /// The ids of the rows, in order, as last drawn.
    ///
    /// Observable: a view that reads it hears when the ids or their order change, not when an
    /// item does (a row hears that, through ``row(_:)``).
    public var snapshot: ListSnapshot<ID> {
        observationAccess(.listSnapshot, self, \ListDataSource.snapshot)
        return shown
    }
    /// What ``snapshot`` returns.
    var shown = ListSnapshot<ID>()
    /// The ids the last response named more than once: one entry for each copy left out.
    public internal(set) var duplicates: [ID] = []
    /// The last optimistic write on a shown item that failed (its change is already rolled
    /// back); `nil` when none, or once ``dismissWriteFailure()`` cleared it.
    public internal(set) var writeFailure: WriteFailure?
    /// The item of each row, as last drawn: the store's value, pending writes' changes included.
    var drawn: [ID: Item] = [:]
    /// The observable rows asked for with ``row(_:)``, by id, while their ids are shown.
    var rows: [ID: ListRow<Item>] = [:]
    /// The binding of each row's id in the store.
    var bindings: [ID: ListItemObserver<ListDataSource>] = [:]
    /// Whether a response is landing: the rows' changes meanwhile are drawn with it, once.
    var isLanding = false
    /// The rows whose items another list's landing changed, drawn once it is done.
    var landedMeanwhile = Set<ID>()
    /// The list renderer last handed a snapshot, which ``snapshot`` is; `nil` when none was.
    var renderedBy: ObjectIdentifier?
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
        self.store = store
        self.fetch = fetch
        retryPolicy = policy
        super.init()
    }

    /// Supplies the content wrapper; a list renderer it draws with is handed the whole snapshot first.
    public override weak var delegate: (any DataSourceDelegate)? {
        willSet { handOver(to: newValue) }
    }

    /// Whether the snapshot has ids.
    public override var hasContent: Bool { !shown.isEmpty }

    /// The item of the row `id`, as drawn; `nil` when the list does not show it.
    public func item(_ id: ID) -> Item? { drawn[id] }

    /// The items of the rows, in order, as drawn. Observable as ``snapshot`` is: read each row's
    /// item through ``row(_:)`` to hear of its changes.
    public var items: [Item] { snapshot.ids.compactMap { drawn[$0] } }

    /// The observable row of `id`, whose item a row's view reads; `nil` when the list does not show it.
    public func row(_ id: ID) -> ListRow<Item>? {
        if let row = rows[id] { return row }
        guard let item = drawn[id] else { return nil }
        let row = ListRow(item)
        rows[id] = row
        return row
    }

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
    public func dismissWriteFailure() {
        writeFailure = nil
    }
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

/// What both lists of shared items do: land a response, bind its rows, draw them.
extension ItemList {
    // MARK: - Landing a response

    /// Lands `items`, the response of a request that took `mark` (and `editsMark` of the
    /// list's edits), and draws the rows they make, with the list's edits on top.
    func commit(_ items: [Item], since mark: UInt64, editsSince editsMark: UInt64) {
        let response = ListSnapshot(items.lazy.map(\.id))
        duplicates = response.duplicates
        var answered: [ID: Item] = [:]
        answered.reserveCapacity(response.count)
        for item in items where answered[item.id] == nil { answered[item.id] = item }
        isLanding = true
        store.holdingSweeps {
            // Bound first: an item landed is never evicted before its row holds it.
            for id in response.ids where bindings[id] == nil { bind(id) }
            store.land(response.ids.lazy.map { ($0, answered[$0]!) }, since: mark)
        }
        isLanding = false
        edits.land(response.ids, since: editsMark)
        let order = edits.isEdited ? edits.ids : response.ids
        // What each row shows is the store's value now: a newer one kept, a write's change on top.
        var values: [ID: Item] = [:]
        values.reserveCapacity(response.count)
        var ids: [ID] = []
        ids.reserveCapacity(order.count)
        for id in order {
            guard let value = store.value(for: id) else { continue }
            // A row an edit brings in (an insert committed after the request began) stays bound.
            if bindings[id] == nil { bind(id) }
            values[id] = value
            ids.append(id)
        }
        let next = !edits.isEdited && ids.count == response.count ? response : ListSnapshot(ids)
        var updated = Set<ID>()
        for id in next.ids {
            if let before = drawn[id], before != values[id] { updated.insert(id) }
        }
        let previous = shown
        shown = next
        drawn = values
        store.holdingSweeps {
            // A row a pending edit hides stays bound: it comes back if the edit fails.
            for id in previous.ids where !next.contains(id) && !edits.isPending(id) { unbind(id) }
            for id in response.ids where !next.contains(id) && !edits.isPending(id) { unbind(id) }
        }
        for id in previous.ids where !next.contains(id) { rows[id] = nil }
        draw(from: previous, updated: updated)
        // As drawn now: the renderer's apply may have changed an item, and drawn it, since.
        for id in updated { if let item = drawn[id] { rows[id]?.update(item) } }
        if next != previous { observedPropertyDidChange(.listSnapshot, self, Self.snapshotKey) }
    }

    /// Whether row `id` is bound to its item's key.
    func bindingExists(_ id: ID) -> Bool { bindings[id] != nil }

    func bind(_ id: ID) {
        let binding = ListItemObserver(id: id, list: self)
        bindings[id] = binding
        store.bind(binding, to: id, now: store.clock.now())
    }

    func unbind(_ id: ID) {
        guard let binding = bindings.removeValue(forKey: id) else { return }
        store.unbind(binding, from: id)
    }

    // MARK: - Drawing

    /// The wrapper's content renderer, if it draws this list row by row.
    func listRenderer(of delegate: (any DataSourceDelegate)?) -> (any ListRenderer<ID>)? {
        delegate?.contentWrapper(for: self).contentRenderer as? any ListRenderer<ID>
    }

    /// Hands the list renderer ``snapshot``, made of `previous` by the rows' moves and `updated`
    /// items; a renderer that was not handed `previous` gets it from none.
    func draw(from previous: ListSnapshot<ID>, updated: Set<ID>) {
        guard let renderer = listRenderer(of: delegate) else {
            renderedBy = nil
            return
        }
        let identity = ObjectIdentifier(renderer)
        let before = renderedBy == identity ? previous : ListSnapshot()
        renderedBy = identity
        let difference = ListDifference(from: before, to: shown, updated: updated)
        guard !difference.isEmpty else { return }
        renderer.apply(shown, difference: difference)
    }

    /// A new delegate's list renderer, if it was not handed ``snapshot``, is handed it from none.
    func handOver(to delegate: (any DataSourceDelegate)?) {
        guard let renderer = listRenderer(of: delegate) else {
            renderedBy = nil
            return
        }
        guard renderedBy != ObjectIdentifier(renderer) else { return }
        renderedBy = ObjectIdentifier(renderer)
        guard !shown.isEmpty else { return }
        renderer.apply(shown, difference: ListDifference(from: ListSnapshot(), to: shown))
    }

    // MARK: - What the rows' bindings tell

    /// The item of row `id` changed in the store: drawn now, unless it equals the one drawn; while
    /// another list lands its items, drawn with the other rows it changes once it is done.
    func itemDidChange(_ id: ID) {
        guard !isLanding, drawn[id] != nil else { return }
        if store.isLandingItems {
            if landedMeanwhile.isEmpty {
                _ = store.deferUntilLanded { [weak self] in self?.drawLandedMeanwhile() }
            }
            landedMeanwhile.insert(id)
            return
        }
        guard let value = store.value(for: id), value != drawn[id] else { return }
        drawn[id] = value
        rows[id]?.update(value)
        drawChanged([id])
    }

    /// Draws the rows whose items another list's landing changed, as one difference.
    private func drawLandedMeanwhile() {
        let ids = landedMeanwhile
        landedMeanwhile = []
        var changed: [ID] = []
        for id in ids where drawn[id] != nil {
            guard let value = store.value(for: id), value != drawn[id] else { continue }
            drawn[id] = value
            rows[id]?.update(value)
            changed.append(id)
        }
        guard !changed.isEmpty else { return }
        changed.sort { shown.offset(of: $0)! < shown.offset(of: $1)! }
        drawChanged(changed)
    }

    /// Draws the rows of `ids`, whose items changed, in the snapshot's order.
    private func drawChanged(_ ids: [ID]) {
        if let renderer = listRenderer(of: delegate) {
            if renderedBy == ObjectIdentifier(renderer) {
                renderer.apply(shown, difference: ListDifference(updating: ids))
            } else {
                draw(from: ListSnapshot(), updated: [])
            }
        } else if loadingCoordinator.isLoading {
            // A refresh on screen draws the item under its indicator.
            loadingCoordinator.redrawDuringLoad(of: self, draws: true) { true }
        } else {
            redrawContent {}
        }
    }

    /// An optimistic write on a shown item failed: shown beside the content, and announced.
    func itemWriteDidFail(_ failure: WriteFailure) {
        writeFailure = failure
        delegate?.contentWrapper(for: self).announce(failure)
    }
}
