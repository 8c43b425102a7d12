import Foundation  // NSLock

/// Holds the only reference to an object until ``release()`` drops it, on whichever thread calls it.
final class ReleaseHolder: @unchecked Sendable {
    // @unchecked: `object` is only touched while holding `lock`, an NSLock; the object itself is
    // never used through the holder, only released.
    private let lock = NSLock()
    private var object: AnyObject?

    init(_ object: AnyObject) { self.object = object }

    /// Drops the reference, outside the lock: the object's deinit runs on this thread.
    func release() {
        let object = lock.withLock { self.object.take() }
        withExtendedLifetime(object) {}
    }
}
