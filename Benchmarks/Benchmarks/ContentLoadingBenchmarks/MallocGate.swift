import Benchmark

/// How a benchmark's allocations are held to its stored threshold (`Benchmarks/Thresholds/`)
/// by `swift package benchmark thresholds check`, which compares the p90 of the per-sample
/// counts (`mallocCountTotal`, `mallocBytesCount`) with the stored value.
///
/// The check fails on any deviation beyond the tolerance, an improvement as well as a
/// regression; `allocation-gate.sh` tells the two apart and fails only on a regression (see
/// docs/Benchmarks.md).
enum MallocGate {
    /// Must equal the stored counts: ContentLoading's synchronous paths (zero) and memory.
    case exact
    /// The count must equal the stored one, the bytes may differ by up to `bytesPercent`:
    /// for totals in the megabytes, whose p90 the tool's histogram does not keep to the byte.
    case exactCount(bytesPercent: Double)
    /// The count may differ from the stored one by up to `perSample` allocations per sample
    /// of ``Configurations/loadsPerSample`` operations, and the bytes by up to 10%: for
    /// paths that start a task per operation, where the scheduler adds an allocation now and
    /// then. A tolerance under one allocation per operation still catches one more.
    case within(perSample: Int)
    /// Not gated, and no threshold is stored: peers and floors are not ours to gate.
    case recordedOnly

    /// The tolerances for the malloc count and, if `bytes`, the bytes allocated.
    func thresholds(bytes: Bool) -> [BenchmarkMetric: BenchmarkThresholds] {
        switch self {
        case .exact:
            let exact = BenchmarkThresholds(absolute: [.p90: 0])
            return bytes ? [.mallocCountTotal: exact, .mallocBytesCount: exact] : [.mallocCountTotal: exact]
        case .exactCount(let bytesPercent):
            let count = BenchmarkThresholds(absolute: [.p90: 0])
            return bytes
                ? [.mallocCountTotal: count, .mallocBytesCount: BenchmarkThresholds(relative: [.p90: bytesPercent])]
                : [.mallocCountTotal: count]
        case .within(let perSample):
            let count = BenchmarkThresholds(absolute: [.p90: perSample])
            return bytes
                ? [.mallocCountTotal: count, .mallocBytesCount: BenchmarkThresholds(relative: [.p90: 10])]
                : [.mallocCountTotal: count]
        case .recordedOnly:
            return [:]
        }
    }
}
