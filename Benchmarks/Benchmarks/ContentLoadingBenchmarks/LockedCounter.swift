import Foundation

/// The floor for a locked check: a counter behind an uncontended `NSLock`.
///
/// `@unchecked Sendable` is safe: `count` is only read and written while holding `lock`.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Adds one under the lock and returns the new count.
    func increment() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
