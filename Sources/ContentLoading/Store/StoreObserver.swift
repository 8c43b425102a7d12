/// What a ``ContentStore`` tells the data sources bound to a key; ``StoreDataSource`` is one.
@MainActor
protocol StoreObserver: AnyObject {
    /// The key's value changed (written, or a write's layer applied or removed): show the store's value.
    func storeValueDidChange()
    /// The key's fetch landed its value: show it (a load waiting for the fetch draws it as it commits).
    func storeFetchDidLand()
    /// The key was invalidated: revalidate it.
    func storeDidInvalidate()
    /// An app's signal found the key stale: revalidate it, unless a load is in flight.
    func storeShouldRevalidate()
    /// An optimistic write on the key failed: its change is gone; show the failure beside the content.
    func storeWriteDidFail(_ failure: WriteFailure)
}
