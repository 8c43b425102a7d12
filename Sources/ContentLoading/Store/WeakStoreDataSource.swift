/// A data source bound to a store's key, held weakly: the store never keeps a screen alive.
@usableFromInline
struct WeakStoreDataSource<Key: Hashable & Sendable, Value: Sendable> {
    /// The data source; `nil` once it is released.
    @usableFromInline weak var dataSource: StoreDataSource<Key, Value>?

    @inlinable
    init(_ dataSource: StoreDataSource<Key, Value>) {
        self.dataSource = dataSource
    }
}

/// Not `Sendable`: the store's bindings are read and changed on the main actor only.
@available(*, unavailable)
extension WeakStoreDataSource: Sendable {}
