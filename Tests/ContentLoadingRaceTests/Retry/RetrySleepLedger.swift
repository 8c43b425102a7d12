import Foundation  // NSLock: a lock ThreadSanitizer understands.

/// Every sleep on a ``RetryRaceClock`` in progress, with the load whose task sleeps and its
/// deadline, so a sleep that outlives its load is seen and named.
final class RetrySleepLedger: @unchecked Sendable {
    // @unchecked: `sleeping` and `nextID` are only touched while holding `lock`.
    private let lock = NSLock()
    private var sleeping: [UInt64: (load: Int?, deadline: Duration)] = [:]
    private var nextID: UInt64 = 0

    /// A sleep began; returns its identity for ``ended(_:)``.
    func began(load: Int?, deadline: Duration) -> UInt64 {
        lock.withLock {
            nextID += 1
            sleeping[nextID] = (load, deadline)
            return nextID
        }
    }

    /// The sleep `id` returned or threw.
    func ended(_ id: UInt64) {
        _ = lock.withLock { sleeping.removeValue(forKey: id) }
    }

    /// The sleeps in progress, by load number (a sleep outside any load, such as the wrapper's,
    /// has none and comes first).
    var entries: [(load: Int?, deadline: Duration)] {
        lock.withLock { Array(sleeping.values) }.sorted { ($0.load ?? 0, $0.deadline) < ($1.load ?? 0, $1.deadline) }
    }
}
