/// What a store's writes cancel themselves through (``StoreWrite/cancel()``): one per store,
/// kept by its write lane, and held weakly by each write, so a pending write does not keep its
/// store alive and answers that it is gone.
///
/// Made by the store's inlinable write path in the app's module: ``cancel`` runs the store's
/// code specialized for its key and value, which a protocol conformance would not.
@MainActor
@usableFromInline
final class StoreWriteCanceller {
    /// Cancels pending write `id` in the store; `false` when it is no longer pending or the
    /// store is gone.
    @usableFromInline let cancel: @MainActor (UInt64) -> Bool

    @inlinable
    init(cancel: @escaping @MainActor (UInt64) -> Bool) {
        self.cancel = cancel
    }
}
