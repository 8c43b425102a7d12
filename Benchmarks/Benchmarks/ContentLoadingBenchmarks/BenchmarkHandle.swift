import Benchmark

/// Carries the runner's `Benchmark` onto the main actor, where ContentLoading's types live.
///
/// `@unchecked Sendable` is safe here: the runner starts one benchmark closure at a time and
/// waits for it, and the closure itself is suspended while the main actor uses the benchmark,
/// so the benchmark is never touched by two threads at once.
struct BenchmarkHandle: @unchecked Sendable {
    let benchmark: Benchmark
}
