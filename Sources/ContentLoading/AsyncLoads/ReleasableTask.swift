import Foundation  // NSLock: a lock ThreadSanitizer understands, on every platform.

/// The task of a coordinator's load in flight, kept again for the data source's `deinit`, which
/// may run on any thread: releasing the data source cancels the task even while something else
/// holds the coordinator.
///
/// The main actor writes it as loads begin and end; the release path takes it from any thread.
/// The lock is an `NSLock`, not `Synchronization.Mutex`, whose slow path ThreadSanitizer cannot
/// see on Linux (see CONTRIBUTING.md, "One rule for locks").
final class ReleasableTask: @unchecked Sendable {
    // @unchecked: `task` is only read and written while holding `lock`, and the task taken out
    // is cancelled after the lock is released, so no cancellation handler runs under it.
    private let lock = NSLock()
    private var task: Task<Bool, Never>?

    /// Keeps `task` (or none) as the load in flight's.
    func store(_ task: Task<Bool, Never>?) {
        lock.withLock { self.task = task }
    }

    /// Takes the task out, leaving none.
    func take() -> Task<Bool, Never>? {
        lock.withLock {
            defer { task = nil }
            return task
        }
    }
}
