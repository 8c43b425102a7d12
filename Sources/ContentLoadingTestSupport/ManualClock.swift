import Foundation  // NSLock: a lock ThreadSanitizer understands, on every platform.

/// A clock that moves only when a test advances it, for driving a `ContentWrapper`'s
/// `PresentationPolicy` without real waits.
///
/// ```swift
/// let clock = ManualClock()
/// let wrapper = ContentWrapper(content: c, loading: l, empty: e, error: x, clock: clock)
/// dataSource.loadContent()
/// clock.advance(by: .milliseconds(500))   // the loading delay runs out
/// ```
///
/// Sleepers whose deadline has passed wake at once; the rest wake when ``advance(by:)``
/// reaches their deadline. A cancelled sleeper throws `CancellationError`.
public final class ManualClock: Clock, @unchecked Sendable {
    // @unchecked: `current`, `sleepers` and `nextID` are only touched while holding `lock`,
    // an NSLock, which ThreadSanitizer understands.

    /// A point on a manual clock: the time advanced since it was created.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The time since the clock was created.
        public var offset: Duration

        /// Creates an instant `offset` after the clock's start.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

        /// The offset, for logs.
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var nextID: UInt64 = 0

    /// Creates a clock at offset zero.
    public init() {}

    /// The current instant: the sum of every ``advance(by:)`` so far.
    public var now: Instant { lock.withLock { current } }

    /// Zero: the clock moves only in the steps a test gives it.
    public var minimumResolution: Duration { .zero }

    /// The number of sleepers waiting for a later instant.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// Suspends until ``advance(by:)`` reaches `deadline`; throws `CancellationError` if cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let wakeNow: Bool = lock.withLock {
                    if deadline <= current || Task.isCancelled { return true }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if wakeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper: Sleeper? = lock.withLock {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    /// Moves time forward and wakes every sleeper whose deadline it reaches.
    public func advance(by duration: Duration) {
        let due: [Sleeper] = lock.withLock {
            current = current.advanced(by: duration)
            let due = sleepers.filter { $0.deadline <= current }
            sleepers.removeAll { $0.deadline <= current }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
