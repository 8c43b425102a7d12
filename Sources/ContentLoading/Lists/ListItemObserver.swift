/// Binds one row of a ``ListDataSource`` to its item's key in the store: the key is never
/// evicted while the row is shown, and the list hears each change of the item.
@MainActor
final class ListItemObserver<Item: Identifiable & Sendable & Equatable>: StoreObserver where Item.ID: Sendable {
    /// The item's id, its key in the store.
    let id: Item.ID
    /// The list that shows the row; it holds this observer.
    private weak var list: ListDataSource<Item>?

    init(id: Item.ID, list: ListDataSource<Item>) {
        self.id = id
        self.list = list
    }

    func storeValueDidChange() { list?.itemDidChange(id) }

    func storeFetchDidLand() { list?.itemDidChange(id) }

    /// The list shows what it has until it reloads; a data source bound to the item alone (a
    /// detail screen's) revalidates it.
    func storeDidInvalidate() {}

    /// As ``storeDidInvalidate()``.
    func storeShouldRevalidate() {}

    func storeWriteDidFail(_ failure: WriteFailure) { list?.itemWriteDidFail(failure) }
}
