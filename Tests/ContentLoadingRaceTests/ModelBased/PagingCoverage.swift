/// Counts, over many sequences, how many reached each ``PagingEvent``: the proof that the
/// generator makes every paging situation the model knows, not just the easy ones.
@MainActor
final class PagingCoverage {
    private(set) var counts: [PagingEvent: Int] = [:]

    /// Adds what one sequence reached.
    func add(_ reached: Set<PagingEvent>) {
        for event in reached { counts[event, default: 0] += 1 }
    }

    /// The events no sequence reached.
    var missing: [PagingEvent] { PagingEvent.allCases.filter { counts[$0] == nil } }

    /// Each event and how many sequences reached it.
    var summary: String {
        PagingEvent.allCases.map { "\($0.rawValue) \(counts[$0] ?? 0)" }.joined(separator: ", ")
    }
}
