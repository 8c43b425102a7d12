import Foundation  // NSLock: a lock ThreadSanitizer understands.

/// The far end of a `load { }` work closure: the work waits on the gate until the test opens
/// it with a result, so the test decides when, and with what, the work returns.
///
/// A gate that observes cancellation opens with `CancellationError` the moment its task is
/// cancelled; one that ignores cancellation keeps waiting and returns whatever it is later
/// given, like work that never checks `Task.isCancelled`.
final class Gate: @unchecked Sendable {
    // @unchecked: every mutable property is only touched while holding `lock`, an NSLock.
    // Continuations are resumed after the lock is released.

    let observesCancellation: Bool
    private let lock = NSLock()
    private var waiter: CheckedContinuation<[String], any Error>?
    private var pending: Result<[String], any Error>?
    private var isOpen = false
    private var cancellationSeen = false

    init(observesCancellation: Bool) {
        self.observesCancellation = observesCancellation
    }

    /// Whether the waiting task was cancelled while it waited (or before).
    var sawCancellation: Bool { lock.withLock { cancellationSeen } }

    /// Suspends until the gate opens; returns or throws what it was opened with.
    func wait() async throws -> [String] {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[String], any Error>) in
                let ready: Result<[String], any Error>? = lock.withLock {
                    if let pending { return pending }
                    waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            lock.withLock { cancellationSeen = true }
            if observesCancellation { open(with: .failure(CancellationError())) }
        }
    }

    /// Opens the gate with `result`; `false` if it was already open (the first result stands).
    @discardableResult
    func open(with result: Result<[String], any Error>) -> Bool {
        let (opened, waiter): (Bool, CheckedContinuation<[String], any Error>?) = lock.withLock {
            guard !isOpen else { return (false, nil) }
            isOpen = true
            defer { self.waiter = nil }
            if self.waiter == nil { pending = result }
            return (true, self.waiter)
        }
        waiter?.resume(with: result)
        return opened
    }
}
