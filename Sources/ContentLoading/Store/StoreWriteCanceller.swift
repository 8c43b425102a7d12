/// What a store's writes reach their store through: one per store, kept by its write lane and
/// by each of its writes. It holds the store weakly, so a pending write does not keep its store
/// alive and can tell that it is gone.
///
/// Made by the store's inlinable write path in the app's module: ``cancel`` runs the store's
/// code specialized for its key and value, which a protocol conformance would not
/// (Writes.ContentLoading.RoundTrip.Ratio).
@MainActor
@usableFromInline
final class StoreWriteCanceller {
    /// The store, for its identity: `nil` once it is gone.
    @usableFromInline weak var store: AnyObject?
    /// Cancels pending write `id` in the store; `false` when it is no longer pending or the
    /// store is gone.
    @usableFromInline let cancel: @MainActor (UInt64) -> Bool

    @inlinable
    init(store: AnyObject, cancel: @escaping @MainActor (UInt64) -> Bool) {
        self.store = store
        self.cancel = cancel
    }
}
