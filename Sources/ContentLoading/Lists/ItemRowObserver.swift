/// Binds one row of a list of shared items (``SharedItemRows``, which ``ListDataSource`` and
/// ``PagedListDataSource`` keep their rows in) to its item's key in the store: the key is never
/// evicted while the row is shown, and the rows hear each change of the item.
@MainActor
final class ItemRowObserver<Item: Identifiable & Sendable & Equatable>: StoreItemObserver where Item.ID: Sendable {
    /// The item's id, its key in the store.
    let id: Item.ID
    /// The rows that show it; they hold this observer.
    private weak var rows: SharedItemRows<Item>?
    /// The store the row is bound in, told of the row's release.
    private let store: ContentStore<Item.ID, Item>

    init(id: Item.ID, rows: SharedItemRows<Item>) {
        self.id = id
        self.rows = rows
        store = rows.store
    }

    deinit {
        // On whichever thread released the rows: the store unbinds the row at its next prune.
        store.itemObserverReleased()
    }

    func storeItemDidChange() { rows?.itemDidChange(id) }

    func storeItemWriteDidFail(_ failure: WriteFailure) { rows?.itemWriteDidFail(failure) }
}
