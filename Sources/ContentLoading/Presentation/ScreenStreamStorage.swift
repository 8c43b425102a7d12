import Foundation  // NSLock: a lock ThreadSanitizer understands, on every platform.

/// The buffer shared by a wrapper's screen streams: the wrapper sends each screen it draws (on
/// the main actor), and consumers take them from any task.
///
/// Consumers run anywhere, and the wrapper may be released on any thread, so the state is
/// guarded by a lock rather than by the main actor: a consumer need not hop to the main actor
/// for each screen, and the streams end at once when the wrapper goes. Decisions are
/// ``ScreenStreamStateMachine``'s; this class only locks, and resumes what it hands back after
/// unlocking.
final class ScreenStreamStorage: @unchecked Sendable {
    // @unchecked: `machine` is only read and written while holding `lock`, an NSLock.
    // Continuations are resumed, and a replaced screen is released, after the lock is released,
    // so no task, executor or deinitializer of the app's runs while it is held.
    private let lock = NSLock()
    private var machine: ScreenStreamStateMachine

    /// Creates the buffer; a consumer that starts now starts with `latest`.
    init(latest: Screen) {
        machine = ScreenStreamStateMachine(latest: latest)
    }

    /// How many consumers are registered (for tests).
    var consumerCount: Int { lock.withLock { machine.consumerCount } }

    /// How many consumers wait for a screen (for tests).
    var waitingConsumerCount: Int { lock.withLock { machine.waitingConsumerCount } }

    /// A new consumer, starting with the screen drawn now; returns its identity.
    func subscribe() -> UInt64 {
        lock.withLock { machine.subscribe() }
    }

    /// Forgets consumer `id`.
    func unsubscribe(_ id: UInt64) {
        lock.withLock { machine.unsubscribe(id) }
    }

    /// The wrapper drew `screen`.
    func send(_ screen: Screen) {
        var previous = screen
        lock.lock()
        let resumptions = machine.send(&previous)
        lock.unlock()
        // `previous` is released here, after the lock.
        if resumptions.first != nil { resume(resumptions, returning: screen) }
    }

    /// The wrapper is gone: every stream ends once its consumer has taken the screen it holds.
    func finish() {
        let resumptions = lock.withLock { machine.finish() }
        resume(resumptions, returning: nil)
    }

    /// Consumer `id`'s next screen: the newest it has not taken, or the next drawn; `nil` once
    /// the wrapper is gone or the consumer's task is cancelled.
    func next(_ id: UInt64, isolation: isolated (any Actor)?) async -> Screen? {
        if Task.isCancelled {
            cancel(id)
            return nil
        }
        switch lock.withLock({ machine.next(id) }) {
        case .screen(let screen): return screen
        case .end: return nil
        case .wait: break
        }
        // A checked continuation, as every other wait in the library: an unsafe one's `resume`
        // is inlined into this module. When a screen resumes the consumer before its task has
        // suspended, the runtime hands over through atomics ThreadSanitizer does not see, the
        // task reuses the continuation's memory for its next wait, and ThreadSanitizer reports
        // that write against the earlier `resume`'s read, a race that is not one
        // (swiftlang/swift#57803; seen once here, in a test of a slow consumer). A checked
        // continuation's `resume` runs in the uninstrumented runtime. It allocates once per
        // wait, never per screen drawn.
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: ScreenStreamStateMachine.Continuation) in
                if let (continuation, screen) = lock.withLock({ machine.wait(id, continuation) }) {
                    continuation.resume(returning: screen)
                }
            }
        } onCancel: {
            cancel(id)
        }
    }

    private func cancel(_ id: UInt64) {
        let waiting = lock.withLock { machine.cancel(id) }
        waiting?.resume(returning: nil)
    }

    private func resume(_ resumptions: ScreenStreamStateMachine.Resumptions, returning screen: Screen?) {
        resumptions.first?.resume(returning: screen)
        for continuation in resumptions.rest {
            continuation.resume(returning: screen)
        }
    }
}
