import Foundation

/// A PJFDataSource-style token: one object per load, its validity guarded by its own lock
/// (PJF's `@synchronized`), invalidated when a newer load begins.
///
/// `@unchecked Sendable` is safe: `valid` is only read and written while holding `lock`.
final class PJFLoadingState: @unchecked Sendable {
    private let lock = NSLock()
    private var valid = true

    /// Whether this load is still the current one.
    var isValid: Bool { lock.withLock { valid } }

    /// Marks this load as no longer current.
    func invalidate() { lock.withLock { valid = false } }
}
