import Dispatch
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
///
/// No gate waits forever: one still closed after its time limit (``WaitLimit/standard``
/// unless told otherwise) opens itself with ``WaitLimit/Exceeded``, which ``wait()`` records as
/// an issue of the running test, at the line that made the gate, and then throws. A regression
/// that never opens a gate (say, a superseded load's task no longer cancelled) so fails the test
/// that waited, in bounded time, instead of hanging the suite.
public final class AsyncGate<Value: Sendable>: @unchecked Sendable {
    // @unchecked: every mutable property is only touched while holding `lock`, an NSLock.
    // Continuations are resumed, and timers cancelled, after the lock is released.

    /// Whether cancelling the waiting task opens the gate with `CancellationError`.
    public let observesCancellation: Bool
    /// How long a waiter waits before the gate gives up on being opened.
    public let timeLimit: Duration
    /// What the time-limit issue says was waited for, and where it points.
    private let subject: String
    private let origin: (fileID: String, filePath: String, line: Int, column: Int)
    private let lock = NSLock()
    private var waiter: CheckedContinuation<Value, any Error>?
    private var pending: Result<Value, any Error>?
    private var isOpen = false
    private var cancellationSeen = false
    private var timer: (any DispatchSourceTimer)?

    /// Creates a closed gate.
    ///
    /// - Parameters:
    ///   - observesCancellation: Whether cancelling the waiting task opens the gate with
    ///     `CancellationError`.
    ///   - timeLimit: How long a waiter waits before the gate gives up (see ``WaitLimit``).
    public convenience init(
        observesCancellation: Bool = false, timeLimit: Duration = WaitLimit.standard,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.init(
            observesCancellation: observesCancellation, timeLimit: timeLimit,
            subject: "the AsyncGate made at \(fileID):\(line)", origin: (fileID, filePath, line, column))
    }

    /// Creates a closed gate whose time-limit issue names `subject` and points at `origin`.
    init(
        observesCancellation: Bool, timeLimit: Duration, subject: String,
        origin: (fileID: String, filePath: String, line: Int, column: Int)
    ) {
        self.observesCancellation = observesCancellation
        self.timeLimit = timeLimit
        self.subject = subject
        self.origin = origin
    }

    /// Whether the waiting task was cancelled while it waited (or before).
    public var sawCancellation: Bool { lock.withLock { cancellationSeen } }

    /// Suspends until the gate opens; returns or throws what it was opened with.
    ///
    /// Throws ``WaitLimit/Exceeded``, after recording it as an issue, if nobody opened the
    /// gate within its ``timeLimit``.
    public func wait() async throws -> Value {
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                    let ready: Result<Value, any Error>? = lock.withLock {
                        if let pending { return pending }
                        waiter = continuation
                        // Only a wait that suspends needs a deadline.
                        timer = WaitLimit.timer(after: timeLimit) { [weak self] in self?.expire() }
                        return nil
                    }
                    if let ready { continuation.resume(with: ready) }
                }
            } onCancel: {
                lock.withLock { cancellationSeen = true }
                if observesCancellation { open(with: .failure(CancellationError())) }
            }
        } catch let exceeded as WaitLimit.Exceeded {
            WaitLimit.record(
                exceeded, fileID: origin.fileID, filePath: origin.filePath, line: origin.line, column: origin.column)
            throw exceeded
        }
    }

    /// Opens the gate with `result`; `false` if it was already open (the first result stands).
    @discardableResult
    public func open(with result: Result<Value, any Error>) -> Bool {
        let (opened, waiter, timer): (Bool, CheckedContinuation<Value, any Error>?, (any DispatchSourceTimer)?) =
            lock.withLock {
                guard !isOpen else { return (false, nil, nil) }
                isOpen = true
                defer {
                    self.waiter = nil
                    self.timer = nil
                }
                if self.waiter == nil { pending = result }
                return (true, self.waiter, self.timer)
            }
        timer?.cancel()
        waiter?.resume(with: result)
        return opened
    }

    /// Opens the gate so that the work returns `value`.
    @discardableResult
    public func open(returning value: Value) -> Bool { open(with: .success(value)) }

    /// Opens the gate so that the work throws `error`.
    @discardableResult
    public func open(throwing error: any Error) -> Bool { open(with: .failure(error)) }

    /// The time limit ran out: the waiter gives up, unless the gate opened meanwhile.
    private func expire() {
        let exceeded = WaitLimit.Exceeded(description: "\(subject): nothing came within \(timeLimit); gave up waiting")
        open(with: .failure(exceeded))
    }
}
