import Synchronization

/// The floor for a lock-free check: one atomic counter.
final class AtomicCounter: Sendable {
    private let value = Atomic<Int>(0)

    /// Adds one and returns the new count.
    func increment() -> Int {
        value.add(1, ordering: .relaxed).newValue
    }
}
