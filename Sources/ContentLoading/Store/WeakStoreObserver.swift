/// A weak reference to a bound data source: the store never keeps a screen alive.
struct WeakStoreObserver {
    weak var observer: (any StoreObserver)?
}
