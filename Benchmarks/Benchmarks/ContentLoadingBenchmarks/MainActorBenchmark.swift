import Benchmark

/// Registers a benchmark whose setup and measured body both run on the main actor.
///
/// Only `body` is measured: the hop to the main actor and back, `setup`, `report` and the
/// fixture's release are not. Every benchmark in the suite but one goes through here, peers
/// included, so they all run in the same thread context. `body` is synchronous: calling an
/// async closure allocates its frame from the task's allocator, which takes a slab from
/// `malloc` now and then, and that is the harness's cost, not the code's. Benchmarks that must
/// await use ``mainActorAsyncBenchmark(_:configuration:setup:body:report:)``.
///
/// - Parameters:
///   - keepingFixture: Whether one fixture serves every sample (built by the first, released
///     when the benchmark ends), as one screen serves a stream of loads; otherwise `setup`
///     runs once per sample, so every sample starts fresh.
///   - setup: Builds what the body works on; may await (the actor peer needs to).
///   - body: The measured work; loop over `benchmark.scaledIterations`.
///   - report: Records custom metrics after the measurement stopped, so recording them is
///     not measured.
func mainActorBenchmark<Fixture>(
    _ name: String,
    configuration: Benchmark.Configuration,
    keepingFixture: Bool = false,
    setup: @escaping @MainActor @Sendable () async -> Fixture,
    body: @escaping @MainActor @Sendable (Fixture, Benchmark) -> Void,
    report: @escaping @MainActor @Sendable (Fixture, Benchmark) async -> Void = { _, _ in }
) {
    register(name, configuration, keepingFixture, setup, .sync(body), report)
}

/// As ``mainActorBenchmark(_:configuration:keepingFixture:setup:body:report:)``, for a body
/// that awaits (an actor, a task's value, a yield); one fixture per sample.
func mainActorAsyncBenchmark<Fixture>(
    _ name: String,
    configuration: Benchmark.Configuration,
    setup: @escaping @MainActor @Sendable () async -> Fixture,
    body: @escaping @MainActor @Sendable (Fixture, Benchmark) async -> Void,
    report: @escaping @MainActor @Sendable (Fixture, Benchmark) async -> Void = { _, _ in }
) {
    register(name, configuration, false, setup, .async(body), report)
}

/// Registers a ratio benchmark: `setup` makes the comparison of a baseline and a candidate (one
/// fixture kept for every sample), each sample times both, alternated, and the benchmark reports
/// the candidate's time over the baseline's, in percent, as `metric`, which the gate holds at
/// `limitPercent` or less (see `Configurations.ratio`).
func ratioBenchmark(
    _ name: String, metric: BenchmarkMetric, limitPercent: Int = 150,
    setup: @escaping @MainActor @Sendable () async -> InterleavedComparison
) {
    mainActorBenchmark(
        name, configuration: Configurations.ratio(metric, limitPercent: limitPercent), keepingFixture: true,
        setup: setup
    ) { comparison, _ in
        comparison.measure()
    } report: { comparison, benchmark in
        benchmark.measurement(metric, comparison.ratioPercent)
    }
}

/// The measured part of a benchmark.
private enum Body<Fixture>: Sendable {
    case sync(@MainActor @Sendable (Fixture, Benchmark) -> Void)
    case async(@MainActor @Sendable (Fixture, Benchmark) async -> Void)
}

private func register<Fixture>(
    _ name: String,
    _ configuration: Benchmark.Configuration,
    _ keepingFixture: Bool,
    _ setup: @escaping @MainActor @Sendable () async -> Fixture,
    _ body: Body<Fixture>,
    _ report: @escaping @MainActor @Sendable (Fixture, Benchmark) async -> Void
) {
    let kept = KeptFixture<Fixture>()
    Benchmark(name, configuration: configuration) { benchmark in
        await measureOnMainActor(
            BenchmarkHandle(benchmark: benchmark), kept: keepingFixture ? kept : nil, setup: setup, body: body,
            report: report)
    } teardown: {
        await kept.release()
    }
}

@MainActor
private func measureOnMainActor<Fixture>(
    _ handle: BenchmarkHandle,
    kept: KeptFixture<Fixture>?,
    setup: @MainActor () async -> Fixture,
    body: Body<Fixture>,
    report: @MainActor (Fixture, Benchmark) async -> Void
) async {
    let fixture: Fixture
    if let kept, let existing = kept.fixture {
        fixture = existing
    } else {
        fixture = await setup()
        kept?.fixture = fixture
    }
    switch body {
    case .sync(let body):
        handle.benchmark.startMeasurement()
        body(fixture, handle.benchmark)
        handle.benchmark.stopMeasurement()
    case .async(let body):
        handle.benchmark.startMeasurement()
        await body(fixture, handle.benchmark)
        handle.benchmark.stopMeasurement()
    }
    await report(fixture, handle.benchmark)
}

/// The fixture a benchmark keeps across its samples.
///
/// `@unchecked Sendable` is safe: `fixture` is only read and written on the main actor.
private final class KeptFixture<Fixture>: @unchecked Sendable {
    var fixture: Fixture?

    /// Releases the fixture on the main actor, where it lives.
    func release() async {
        await MainActor.run { fixture = nil }
    }
}
