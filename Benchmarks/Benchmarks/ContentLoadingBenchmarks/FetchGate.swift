import Foundation  // NSLock: a lock ThreadSanitizer understands.

/// Holds a store's fetch until the benchmark has every waiter in: ``pass()`` returns once
/// ``open()`` was called for it, before or after.
final class FetchGate: @unchecked Sendable {
    // @unchecked: `opened` and `waiter` are only touched while holding `lock`, an NSLock; the
    // waiter is resumed after the lock is released.
    private let lock = NSLock()
    private var opened = false
    private var waiter: CheckedContinuation<Void, Never>?

    /// Waits until the gate is opened, then closes it behind.
    func pass() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let passes = lock.withLock {
                if opened {
                    opened = false
                    return true
                }
                waiter = continuation
                return false
            }
            if passes { continuation.resume() }
        }
    }

    /// Lets the one fetch waiting (or the next to come) through.
    func open() {
        let waiting = lock.withLock {
            let waiting = waiter
            waiter = nil
            if waiting == nil { opened = true }
            return waiting
        }
        waiting?.resume()
    }
}
