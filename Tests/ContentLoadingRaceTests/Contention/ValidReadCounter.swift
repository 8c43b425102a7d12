import Synchronization

/// Counts, across threads, how many workers found their token still valid.
final class ValidReadCounter: Sendable {
    private let count = Atomic<Int>(0)

    func increment() { count.add(1, ordering: .relaxed) }

    var value: Int { count.load(ordering: .relaxed) }
}
