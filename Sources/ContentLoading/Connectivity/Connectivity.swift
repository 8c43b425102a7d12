import Foundation  // NSLock: a lock ThreadSanitizer understands, on every platform.

/// What the app says about the network: online or offline. Work that should not run offline
/// (a retry, a write) waits on it until the app says it is back.
///
/// ```swift
/// let connectivity = Connectivity()
///
/// // Wherever the app learns of the network (NWPathMonitor, say), on any thread:
/// connectivity.isOnline = (path.status == .satisfied)
///
/// // Work that must not run offline:
/// try await connectivity.waitUntilOnline()
/// try await api.send(change)
/// ```
///
/// ContentLoading never looks at the network itself: this is the app's word, set from any
/// thread. It starts online unless told otherwise, so an app that never sets it waits for
/// nothing.
///
/// ``waitUntilOnline()`` returns at once while online; while offline it suspends until the app
/// sets ``isOnline`` to `true`, or until the waiting task is cancelled, which ends it at once
/// with a `CancellationError`. Going offline never interrupts work that is already running.
/// ``observe(_:)`` hears each change.
public final class Connectivity: @unchecked Sendable {
    // @unchecked: `machine` is only read and written while holding `lock`, an NSLock.
    // Continuations are resumed, and observers called or released, after the lock is released,
    // so no code of the app's runs while it is held.
    private typealias Waiter = CheckedContinuation<Void, any Error>
    private typealias Observer = @Sendable (Bool) -> Void

    private let lock = NSLock()
    private var machine: ConnectivityStateMachine<Waiter, Observer>

    /// Creates the app's word on the network, online unless told otherwise.
    public init(isOnline: Bool = true) {
        machine = ConnectivityStateMachine(isOnline: isOnline)
    }

    /// Whether the app says it is online; set it from any thread.
    ///
    /// Setting `true` while offline resumes every ``waitUntilOnline()``; setting the value it
    /// already has does nothing. Observers (``observe(_:)``) hear each change, on the thread
    /// that set it.
    public var isOnline: Bool {
        get { lock.withLock { machine.isOnline } }
        set {
            let change = lock.withLock { machine.setOnline(newValue) }
            for waiter in change.resumed { waiter.resume() }
            for observer in change.observers { observer(newValue) }
        }
    }

    /// How many tasks wait for the app to be online (for tests and logs).
    public var waiterCount: Int { lock.withLock { machine.waiterCount } }

    /// Returns once the app says it is online: at once if it is.
    ///
    /// - Throws: `CancellationError` when the waiting task is cancelled, before or while it
    ///   waits; nothing else.
    public func waitUntilOnline() async throws {
        try Task.checkCancellation()
        let id: UInt64? = lock.withLock { machine.isOnline ? nil : machine.announceWait() }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Waiter) in
                switch lock.withLock({ machine.wait(id, continuation) }) {
                case .proceed: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .suspended: break
                }
            }
        } onCancel: {
            let waiter = lock.withLock { machine.cancel(id) }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Calls `onChange` with the new value each time ``isOnline`` changes, on the thread that
    /// changed it, until the returned observation is cancelled or released.
    public func observe(_ onChange: @escaping @Sendable (_ isOnline: Bool) -> Void) -> ConnectivityObservation {
        let id = lock.withLock { machine.addObserver(onChange) }
        return ConnectivityObservation { [weak self] in self?.removeObserver(id) }
    }

    /// How many observers are registered (for tests).
    var observerCount: Int { lock.withLock { machine.observerCount } }

    private func removeObserver(_ id: UInt64) {
        let removed = lock.withLock { machine.removeObserver(id) }
        // Released here, after the lock: the closure may hold the app's objects.
        _ = removed
    }
}
