/// A data source that shows a list of shared items: ``ListDataSource`` and
/// ``PagedListDataSource``.
///
/// Their rows are a ``SharedItemRows``, which lands a response's items through the store's
/// generation check, binds each row to its item's key and draws the snapshot and its difference,
/// as it does for a data source of the app's own. What the two lists add is written once, on
/// this protocol: a response landed under the list's edits (ListDataSource.swift), and editing
/// the rows as optimistic writes (ListDataSource+Editing.swift). Each list holds the state below
/// and says when it loads.
@MainActor
protocol ItemList: DataSource {
    /// The items the rows show.
    associatedtype Item: Identifiable & Sendable & Equatable where Item.ID: Sendable
    /// The ids of the rows.
    typealias ID = Item.ID

    /// The rows, owned by the list: their snapshot, items, bindings and drawing.
    var itemRows: SharedItemRows<Item> { get }
    /// The store the items are held in, by id: the rows'.
    var store: ContentStore<Item.ID, Item> { get }
    /// The key path of the list's ``ListDataSource/snapshot``, which its observers read (a key
    /// path through this protocol is another key path, which they would not hear).
    static var snapshotKey: KeyPath<Self, ListSnapshot<Item.ID>> { get }
    /// The ids the last response named more than once.
    var duplicates: [Item.ID] { get set }
    /// The server's order as last landed, with the list's pending edits on top.
    var edits: ListEdits<Item.ID> { get set }
    /// What waits for a pending insert's server id, by the row's temporary id.
    var waitingForServerID: [Item.ID: [@MainActor (Result<Item.ID, any Error>) -> Void]] { get set }

    /// The last pending edit settled, and no insert waits for its server id.
    func editsDidSettle()
    /// Draws an edit of the rows with `draw` (its list renderer's apply), and the content or
    /// empty screen it leads to.
    func redrawRows(_ draw: () -> Void)
}

extension ItemList {
    /// The ids of the rows, as last drawn.
    var shown: ListSnapshot<Item.ID> { itemRows.snapshot }
}
