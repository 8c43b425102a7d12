/// What a ``ContentStore`` tells the data sources bound to a key; ``StoreDataSource`` is one.
@MainActor
protocol StoreObserver: AnyObject {
    /// The key's value changed (written, or landed by a fetch): show the store's value.
    func storeValueDidChange()
    /// The key was invalidated: revalidate it.
    func storeDidInvalidate()
}

/// A weak reference to a bound data source: the store never keeps a screen alive.
struct WeakStoreObserver {
    weak var observer: (any StoreObserver)?
    let id: ObjectIdentifier
}
