/// Binds one row of a list of shared items (an ``ItemList``) to its item's key in the store: the
/// key is never evicted while the row is shown, and the list hears each change of the item.
@MainActor
final class ListItemObserver<List: ItemList>: StoreItemObserver {
    /// The item's id, its key in the store.
    let id: List.Item.ID
    /// The list that shows the row; it holds this observer.
    private weak var list: List?
    /// The store the row is bound in, told of the row's release.
    private let store: ContentStore<List.Item.ID, List.Item>

    init(id: List.Item.ID, list: List) {
        self.id = id
        self.list = list
        store = list.store
    }

    deinit {
        // On whichever thread released the list: the store unbinds the row at its next prune.
        store.itemObserverReleased()
    }

    func storeItemDidChange() { list?.itemDidChange(id) }

    func storeItemWriteDidFail(_ failure: WriteFailure) { list?.itemWriteDidFail(failure) }
}
