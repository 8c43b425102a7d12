/// The rows of a list of shared items that a data source of the app's own shows: each item held
/// once by id in a ``ContentStore``, each row bound to its item's key, each change handed to the
/// wrapper's ``ListRenderer`` as a ``ListDifference``, as ``ListDataSource`` does for its rows.
///
/// ```swift
/// final class FeedDataSource: DataSource {
///     let rows: SharedItemRows<Article>
///     init(articles: ContentStore<Article.ID, Article>) {
///         rows = SharedItemRows(store: articles)
///         super.init()
///         rows.owner = self
///     }
///     override var hasContent: Bool { !rows.snapshot.isEmpty }
///
///     func pageDidLand(_ items: [Article], since mark: UInt64) {
///         rows.append(items, landingSince: mark)   // the renderer hears the insertions
///     }
/// }
/// ```
///
/// - ``show(_:landingSince:)`` and ``append(_:landingSince:)`` land the items in the store
///   through the check a fetch goes through (an item changed in the store since the request's
///   ``openMark()`` keeps its newer value, and a pending optimistic write's change stays on top),
///   show them in order, and hand the list renderer the snapshot and its difference. The owner
///   moves its screen itself (it is in a load's commit, or calls `redrawContent(_:)`).
/// - A change of a shown item in the store (a write on a detail, a rollback, another list's
///   landing) is drawn in the same main-actor turn, as an update of its row; an equal value
///   draws nothing.
/// - A list renderer that was not handed the snapshot before (the owner's delegate is new) is
///   handed it whole, as the difference from none, at the next ``show(_:landingSince:)`` or
///   ``append(_:landingSince:)``.
///
/// ``ListDataSource`` and ``PagedListDataSource`` keep their rows in one of these, with
/// themselves as the owner: what lands, binds and draws rows is written once, here
/// (SharedItemRows+Drawing.swift).
@MainActor
public final class SharedItemRows<Item: Identifiable & Sendable & Equatable> where Item.ID: Sendable {
    /// The ids of the rows.
    public typealias ID = Item.ID

    /// The store the items are held in, by id.
    public let store: ContentStore<ID, Item>
    /// The ids of the rows, in order, as last drawn.
    public internal(set) var snapshot = ListSnapshot<ID>()
    /// The last optimistic write on a shown item that failed (its change is already rolled back).
    public internal(set) var writeFailure: WriteFailure?
    /// Hears each change of the rows drawn: the snapshot or a shown item.
    public var onChange: (@MainActor () -> Void)?
    /// Hears each change of a shown item's key in the store that a landing of these rows did not
    /// make (a write, a commit, a rollback, a fetch), drawn or not: the id, before it is drawn.
    public var onStoreChange: (@MainActor (ID) -> Void)?

    /// The data source that shows the rows, whose wrapper they are drawn in; set it once made.
    public weak var owner: DataSource?
    /// The item of each row, as last drawn.
    var drawn: [ID: Item] = [:]
    /// The observable rows a list's views asked for (``ListDataSource/row(_:)``), by id, while
    /// their ids are shown.
    var observableRows: [ID: ListRow<Item>] = [:]
    /// The binding of each row's id in the store.
    var bindings: [ID: ItemRowObserver<Item>] = [:]
    /// Whether a response is landing: the rows' changes meanwhile are drawn with it, once.
    var isLanding = false
    /// The rows whose items another list's landing changed, drawn once it is done.
    var landedMeanwhile = Set<ID>()
    /// The list renderer last handed a snapshot; `nil` when none was.
    var renderedBy: ObjectIdentifier?

    /// Rows of `store`'s items, with no rows; set ``owner`` to the data source that shows them.
    public init(store: ContentStore<ID, Item>) {
        self.store = store
    }

    /// The items of the rows, in order, as drawn.
    public var items: [Item] { snapshot.ids.compactMap { drawn[$0] } }

    /// The item of the row `id`, as drawn; `nil` when no row shows it.
    public func item(_ id: ID) -> Item? { drawn[id] }

    /// Opens a mark as a request for items begins; close it with ``closeMark()`` once its items
    /// landed or were dropped.
    public func openMark() -> UInt64 { store.openItemsMark() }

    /// Closes a mark ``openMark()`` opened.
    public func closeMark() { store.closeItemsMark() }

    /// Whether the owner's wrapper draws with a ``ListRenderer`` of these rows: then each change
    /// is handed to it as a difference, and the owner redraws only to move between content and
    /// empty.
    public var drawsRowByRow: Bool { listRenderer() != nil }

    /// Lands `items` in the store and shows them, in this order, each id once.
    ///
    /// - Parameters:
    ///   - items: The list's items, in order; a repeated id shows once, with its first copy.
    ///   - mark: The ``openMark()`` taken as the items' request began: an item changed in the
    ///     store since keeps its newer value. `nil`: every item is stored.
    /// - Returns: Whether the snapshot or a shown item changed.
    @discardableResult
    public func show(_ items: [Item], landingSince mark: UInt64?) -> Bool {
        let (response, answered) = Self.answers(items)
        land(response.ids, from: answered, since: mark ?? .max, writingEqual: false)
        let (previous, updated) = show(response.ids, landed: response.ids, reusing: response)
        let changed = snapshot != previous || !updated.isEmpty
        if changed { onChange?() }
        return changed
    }

    /// Lands `items` in the store and shows them after the rows shown; an id shown already keeps
    /// its place.
    ///
    /// - Parameters:
    ///   - items: The items to append, in order.
    ///   - mark: The ``openMark()`` taken as the items' request began (see ``show(_:landingSince:)``).
    /// - Returns: Whether the snapshot or a shown item changed.
    @discardableResult
    public func append(_ items: [Item], landingSince mark: UInt64?) -> Bool {
        let (response, answered) = Self.answers(items)
        land(response.ids, from: answered, since: mark ?? .max, writingEqual: false)
        let (previous, updated) = show(snapshot.ids + response.ids, landed: response.ids, reusing: nil)
        let changed = snapshot != previous || !updated.isEmpty
        if changed { onChange?() }
        return changed
    }

    /// Clears ``writeFailure``: the user has seen it.
    public func dismissWriteFailure() {
        writeFailure = nil
    }

    // MARK: - Landing and showing, for these rows and for the lists'

    /// The ids of `items` in order, each once, and each id's first copy.
    static func answers(_ items: [Item]) -> (ListSnapshot<ID>, [ID: Item]) {
        let response = ListSnapshot(items.lazy.map(\.id))
        var answered: [ID: Item] = [:]
        answered.reserveCapacity(response.count)
        for item in items where answered[item.id] == nil { answered[item.id] = item }
        return (response, answered)
    }

    /// Binds the rows of `ids` and lands their items of `answered` in the store, through its
    /// check since `mark`; unless `writingEqual`, an item the store holds already, equal, is not
    /// written again. The rows' changes meanwhile are not drawn: the caller draws them.
    func land(_ ids: [ID], from answered: [ID: Item], since mark: UInt64, writingEqual: Bool) {
        isLanding = true
        store.holdingSweeps {
            // Bound first: an item landed is never evicted before its row holds it.
            for id in ids where bindings[id] == nil { bind(id) }
            if writingEqual {
                store.land(ids.lazy.map { ($0, answered[$0]!) }, since: mark)
            } else {
                let changed = ids.filter { store.committedValue(for: $0) != answered[$0] }
                store.land(changed.lazy.map { ($0, answered[$0]!) }, since: mark)
            }
        }
        isLanding = false
    }

    /// Shows the ids of `order` whose items the store holds, each once, with the store's values
    /// (`reusing` as the snapshot when it has them all), binds those that are not, and unbinds
    /// the rows that leave and the `landed` ids not shown, but those `keeps` holds. Draws the
    /// difference; returns the snapshot before and the rows whose items changed.
    func show(
        _ order: [ID], landed: [ID], reusing response: ListSnapshot<ID>?, keeping keeps: (ID) -> Bool = { _ in false }
    ) -> (previous: ListSnapshot<ID>, updated: Set<ID>) {
        // What each row shows is the store's value now: a newer one kept, a write's change on top.
        var values: [ID: Item] = [:]
        values.reserveCapacity(order.count)
        var ids: [ID] = []
        ids.reserveCapacity(order.count)
        for id in order where values[id] == nil {
            guard let value = store.value(for: id) else { continue }
            // A row an edit brings in (an insert committed after the request began) stays bound.
            if bindings[id] == nil { bind(id) }
            values[id] = value
            ids.append(id)
        }
        let next = response.flatMap { ids.count == $0.count ? $0 : nil } ?? ListSnapshot(ids)
        var updated = Set<ID>()
        for id in next.ids {
            if let before = drawn[id], before != values[id] { updated.insert(id) }
        }
        let previous = snapshot
        snapshot = next
        drawn = values
        store.holdingSweeps {
            for id in previous.ids where !next.contains(id) && !keeps(id) { unbind(id) }
            for id in landed where !next.contains(id) && !keeps(id) { unbind(id) }
        }
        if !observableRows.isEmpty {
            for id in previous.ids where !next.contains(id) { observableRows[id] = nil }
        }
        draw(from: previous, updated: updated)
        // As drawn now: the renderer's apply may have changed an item, and drawn it, since.
        for id in updated { if let item = drawn[id] { observableRows[id]?.update(item) } }
        return (previous, updated)
    }

    /// The observable row of `id`, made on first asking; `nil` when no row shows it.
    func observableRow(_ id: ID) -> ListRow<Item>? {
        if let row = observableRows[id] { return row }
        guard let item = drawn[id] else { return nil }
        let row = ListRow(item)
        observableRows[id] = row
        return row
    }
}
