/// What a ``ContentStore`` tells a list's row bound to an item's key (``ItemRowObserver``).
@MainActor
@usableFromInline
protocol StoreItemObserver: AnyObject {
    /// The item's value changed (written, fetched, a write's layer applied or removed).
    func storeItemDidChange()
    /// An optimistic write on the item failed: its change is gone.
    func storeItemWriteDidFail(_ failure: WriteFailure)
}

/// A list's row bound to a store's key, held weakly: the store never keeps a list alive.
@usableFromInline
struct WeakStoreItemObserver {
    /// The row's binding; `nil` once its list released it.
    @usableFromInline weak var observer: (any StoreItemObserver)?
}

/// Not `Sendable`: the store's rows are read and changed on the main actor only.
@available(*, unavailable)
extension WeakStoreItemObserver: Sendable {}
