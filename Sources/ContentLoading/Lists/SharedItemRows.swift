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
@MainActor
public final class SharedItemRows<Item: Identifiable & Sendable & Equatable> where Item.ID: Sendable {
    /// The ids of the rows.
    public typealias ID = Item.ID

    /// The store the items are held in, by id.
    public let store: ContentStore<ID, Item>
    /// The ids of the rows, in order, as last drawn.
    public private(set) var snapshot = ListSnapshot<ID>()
    /// The last optimistic write on a shown item that failed (its change is already rolled back).
    public private(set) var writeFailure: WriteFailure?
    /// Hears each change of the rows drawn: the snapshot or a shown item.
    public var onChange: (@MainActor () -> Void)?
    /// Hears each change of a shown item's key in the store that a landing of these rows did not
    /// make (a write, a commit, a rollback, a fetch), drawn or not: the id, before it is drawn.
    public var onStoreChange: (@MainActor (ID) -> Void)?

    /// The data source that shows the rows, whose wrapper they are drawn in; set it once made.
    public weak var owner: DataSource?
    /// The item of each row, as last drawn.
    private var drawn: [ID: Item] = [:]
    /// The binding of each row's id in the store.
    private var bindings: [ID: SharedItemRowObserver<Item>] = [:]
    /// Whether ``show(_:landingSince:)`` is landing: the rows' changes are drawn with it.
    private var isLanding = false
    /// The rows whose items another list's landing changed, drawn once it is done.
    private var landedMeanwhile = Set<ID>()
    /// The list renderer last handed a snapshot; `nil` when none was.
    private var renderedBy: ObjectIdentifier?

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
    public var drawsRowByRow: Bool {
        guard let owner else { return false }
        return listRenderer(of: owner.delegate, owner) != nil
    }

    /// Lands `items` in the store and shows them, in this order, each id once.
    ///
    /// - Parameters:
    ///   - items: The list's items, in order; a repeated id shows once, with its first copy.
    ///   - mark: The ``openMark()`` taken as the items' request began: an item changed in the
    ///     store since keeps its newer value. `nil`: every item is stored.
    /// - Returns: Whether the snapshot or a shown item changed.
    @discardableResult
    public func show(_ items: [Item], landingSince mark: UInt64?) -> Bool {
        let response = land(items, since: mark)
        return show(response.ids, landed: response)
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
        let response = land(items, since: mark)
        return show(snapshot.ids + response.ids, landed: response)
    }

    /// Binds and lands `items` (each id's first copy); returns their ids.
    private func land(_ items: [Item], since mark: UInt64?) -> ListSnapshot<ID> {
        let response = ListSnapshot(items.lazy.map(\.id))
        var answered: [ID: Item] = [:]
        answered.reserveCapacity(response.count)
        for item in items where answered[item.id] == nil { answered[item.id] = item }
        isLanding = true
        store.holdingSweeps {
            // Bound first: an item landed is never evicted before its row holds it.
            for id in response.ids where bindings[id] == nil { bind(id) }
            // An item the store holds already, equal, is not written again.
            let changed = response.ids.filter { store.committedValue(for: $0) != answered[$0] }
            store.land(changed.lazy.map { ($0, answered[$0]!) }, since: mark ?? .max)
        }
        isLanding = false
        return response
    }

    /// Shows the ids of `order` whose items the store holds, and unbinds the rows that leave.
    private func show(_ order: [ID], landed: ListSnapshot<ID>) -> Bool {
        var values: [ID: Item] = [:]
        values.reserveCapacity(order.count)
        var ids: [ID] = []
        ids.reserveCapacity(order.count)
        for id in order where values[id] == nil {
            guard let value = store.value(for: id) else { continue }
            values[id] = value
            ids.append(id)
        }
        let next = ListSnapshot(ids)
        var updated = Set<ID>()
        for id in next.ids {
            if let before = drawn[id], before != values[id] { updated.insert(id) }
        }
        let previous = snapshot
        snapshot = next
        drawn = values
        store.holdingSweeps {
            for id in previous.ids where !next.contains(id) { unbind(id) }
            for id in landed.ids where !next.contains(id) { unbind(id) }
        }
        let changed = next != previous || !updated.isEmpty
        draw(from: previous, updated: updated)
        if changed { onChange?() }
        return changed
    }

    /// Clears ``writeFailure``: the user has seen it.
    public func dismissWriteFailure() {
        writeFailure = nil
    }

    // MARK: - Binding

    private func bind(_ id: ID) {
        let binding = SharedItemRowObserver(id: id, rows: self)
        bindings[id] = binding
        store.bind(binding, to: id, now: store.clock.now())
    }

    private func unbind(_ id: ID) {
        guard let binding = bindings.removeValue(forKey: id) else { return }
        store.unbind(binding, from: id)
    }

    // MARK: - Drawing

    private func listRenderer(of delegate: (any DataSourceDelegate)?, _ owner: DataSource) -> (any ListRenderer<ID>)? {
        delegate?.contentWrapper(for: owner).contentRenderer as? any ListRenderer<ID>
    }

    /// Hands the list renderer ``snapshot``, made of `previous` by the rows' moves and `updated`
    /// items; a renderer that was not handed `previous` gets it from none.
    private func draw(from previous: ListSnapshot<ID>, updated: Set<ID>) {
        guard let owner, let renderer = listRenderer(of: owner.delegate, owner) else {
            renderedBy = nil
            return
        }
        let identity = ObjectIdentifier(renderer)
        let before = renderedBy == identity ? previous : ListSnapshot()
        renderedBy = identity
        let difference = ListDifference(from: before, to: snapshot, updated: updated)
        guard !difference.isEmpty else { return }
        renderer.apply(snapshot, difference: difference)
    }

    // MARK: - What the rows' bindings tell

    /// The item of row `id` changed in the store: drawn now, unless it equals the one drawn; while
    /// a list lands its items, drawn with the other rows it changes once it is done.
    func itemDidChange(_ id: ID) {
        guard !isLanding, drawn[id] != nil else { return }
        onStoreChange?(id)
        if store.isLandingItems {
            if landedMeanwhile.isEmpty {
                _ = store.deferUntilLanded { [weak self] in self?.drawLandedMeanwhile() }
            }
            landedMeanwhile.insert(id)
            return
        }
        guard let value = store.value(for: id), value != drawn[id] else { return }
        drawn[id] = value
        drawChanged([id])
    }

    private func drawLandedMeanwhile() {
        let ids = landedMeanwhile
        landedMeanwhile = []
        var changed: [ID] = []
        for id in ids where drawn[id] != nil {
            guard let value = store.value(for: id), value != drawn[id] else { continue }
            drawn[id] = value
            changed.append(id)
        }
        guard !changed.isEmpty else { return }
        changed.sort { snapshot.offset(of: $0)! < snapshot.offset(of: $1)! }
        drawChanged(changed)
    }

    /// Draws the rows of `ids`, whose items changed, in the snapshot's order.
    private func drawChanged(_ ids: [ID]) {
        onChange?()
        guard let owner else { return }
        if let renderer = listRenderer(of: owner.delegate, owner) {
            if renderedBy == ObjectIdentifier(renderer) {
                renderer.apply(snapshot, difference: ListDifference(updating: ids))
            } else {
                draw(from: ListSnapshot(), updated: [])
            }
        } else if owner.loadingCoordinator.isLoading {
            owner.loadingCoordinator.redrawDuringLoad(of: owner, draws: true) { true }
        } else {
            owner.redrawContent {}
        }
    }

    /// An optimistic write on a shown item failed: kept, and announced.
    func itemWriteDidFail(_ failure: WriteFailure) {
        writeFailure = failure
        guard let owner else { return }
        owner.delegate?.contentWrapper(for: owner).announce(failure)
    }
}
