import Synchronization

/// The generation of the load a coordinator has in flight, readable from any thread.
///
/// One instance per coordinator, shared by every ``LoadingState`` it hands out, so a token
/// is a reference plus a number and a new load allocates nothing. Only the main actor writes
/// (through ``LoadingCoordinator``); any thread may read. `Atomic` keeps the read lock-free
/// and ThreadSanitizer understands it (CONTRIBUTING.md's lock rule).
final class ActiveLoad: Sendable {
    /// The generation that is valid now; 0 when no load is in flight.
    private let generation = Atomic<UInt64>(0)

    /// Whether `candidate` is the load in flight.
    func isActive(_ candidate: UInt64) -> Bool {
        candidate != 0 && generation.load(ordering: .acquiring) == candidate
    }

    /// Publishes the load in flight (0: none).
    func publish(_ active: UInt64) {
        generation.store(active, ordering: .releasing)
    }
}
