import Foundation  // NSLock: a lock ThreadSanitizer understands, on every platform.

/// A registration made by ``Connectivity/observe(_:)``: the observer is called until this is
/// cancelled or released.
public final class ConnectivityObservation: @unchecked Sendable {
    // @unchecked: `stop` is only read and written while holding `lock`, an NSLock, and it is
    // called after the lock is released.
    private let lock = NSLock()
    private var stop: (@Sendable () -> Void)?

    init(stop: @escaping @Sendable () -> Void) {
        self.stop = stop
    }

    deinit { cancel() }

    /// Stops the observer; calling it again does nothing.
    public func cancel() {
        let stop = lock.withLock {
            let stop = self.stop
            self.stop = nil
            return stop
        }
        stop?()
    }
}
