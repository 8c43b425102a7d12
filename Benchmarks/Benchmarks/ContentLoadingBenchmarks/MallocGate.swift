import Benchmark

/// How strictly a benchmark's malloc count is held to its stored threshold by
/// `swift package benchmark thresholds check`.
enum MallocGate {
    /// Any change fails: for ContentLoading's synchronous paths, whose counts are exact.
    case exact
    /// A change beyond this many percent fails: for paths that start tasks, where the
    /// scheduler adds a few allocations now and then. One malloc more per load is still caught.
    case withinPercent(Double)
    /// Recorded for the results page, never failed: peers and floors are not ours to gate.
    case recordedOnly

    var thresholds: BenchmarkThresholds {
        switch self {
        case .exact: .strict
        case .withinPercent(let percent): BenchmarkThresholds(relative: [.p90: percent])
        case .recordedOnly: .none
        }
    }
}
