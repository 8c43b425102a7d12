import Foundation  // NSLock: a lock ThreadSanitizer understands.

/// The far end of async work under test: the work awaits ``wait()`` until the test opens the
/// gate, so the test decides when, and with what, the work returns.
///
/// ```swift
/// let gate = AsyncGate<[String]>()
/// coordinator.load { _ in try await gate.wait() } commit: { items = $0 }
/// gate.open(returning: ["red"])       // the work returns now
/// ```
///
/// A gate that observes cancellation throws `CancellationError` the moment its waiting task is
/// cancelled; one that ignores cancellation keeps waiting and returns whatever it is later
/// given, like work that never checks `Task.isCancelled`. Opening before anyone waits is fine:
/// the next ``wait()`` returns at once.
public final class AsyncGate<Value: Sendable>: @unchecked Sendable {
    // @unchecked: every mutable property is only touched while holding `lock`, an NSLock.
    // Continuations are resumed after the lock is released.

    /// Whether cancelling the waiting task opens the gate with `CancellationError`.
    public let observesCancellation: Bool
    private let lock = NSLock()
    private var waiter: CheckedContinuation<Value, any Error>?
    private var pending: Result<Value, any Error>?
    private var isOpen = false
    private var cancellationSeen = false

    /// Creates a closed gate.
    public init(observesCancellation: Bool = false) {
        self.observesCancellation = observesCancellation
    }

    /// Whether the waiting task was cancelled while it waited (or before).
    public var sawCancellation: Bool { lock.withLock { cancellationSeen } }

    /// Suspends until the gate opens; returns or throws what it was opened with.
    public func wait() async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let ready: Result<Value, any Error>? = lock.withLock {
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
    public func open(with result: Result<Value, any Error>) -> Bool {
        let (opened, waiter): (Bool, CheckedContinuation<Value, any Error>?) = lock.withLock {
            guard !isOpen else { return (false, nil) }
            isOpen = true
            defer { self.waiter = nil }
            if self.waiter == nil { pending = result }
            return (true, self.waiter)
        }
        waiter?.resume(with: result)
        return opened
    }

    /// Opens the gate so that the work returns `value`.
    @discardableResult
    public func open(returning value: Value) -> Bool { open(with: .success(value)) }

    /// Opens the gate so that the work throws `error`.
    @discardableResult
    public func open(throwing error: any Error) -> Bool { open(with: .failure(error)) }
}
