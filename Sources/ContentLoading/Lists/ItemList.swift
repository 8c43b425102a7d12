/// A data source that shows a list of shared items: ``ListDataSource`` and
/// ``PagedListDataSource``.
///
/// What the two share is written once, on this protocol: landing a response's items through the
/// store's generation check (ListDataSource.swift), binding each row to its item's key, drawing
/// the snapshot and its difference, and editing the rows as optimistic writes
/// (ListDataSource+Editing.swift). Each list holds the state below and says when it loads.
@MainActor
protocol ItemList: DataSource {
    /// The items the rows show.
    associatedtype Item: Identifiable & Sendable & Equatable where Item.ID: Sendable
    /// The ids of the rows.
    typealias ID = Item.ID

    /// The store the items are held in, by id.
    var store: ContentStore<Item.ID, Item> { get }
    /// The key path of the list's ``ListDataSource/snapshot``, which its observers read (a key
    /// path through this protocol is another key path, which they would not hear).
    static var snapshotKey: KeyPath<Self, ListSnapshot<Item.ID>> { get }
    /// What ``snapshot`` returns.
    var shown: ListSnapshot<Item.ID> { get set }
    /// The ids the last response named more than once.
    var duplicates: [Item.ID] { get set }
    /// The last optimistic write on a shown item that failed.
    var writeFailure: WriteFailure? { get set }
    /// The item of each row, as last drawn.
    var drawn: [Item.ID: Item] { get set }
    /// The observable rows asked for, by id, while their ids are shown.
    var rows: [Item.ID: ListRow<Item>] { get set }
    /// The binding of each row's id in the store.
    var bindings: [Item.ID: ListItemObserver<Self>] { get set }
    /// Whether a response is landing: the rows' changes meanwhile are drawn with it, once.
    var isLanding: Bool { get set }
    /// The rows whose items another list's landing changed, drawn once it is done.
    var landedMeanwhile: Set<Item.ID> { get set }
    /// The list renderer last handed a snapshot; `nil` when none was.
    var renderedBy: ObjectIdentifier? { get set }
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
