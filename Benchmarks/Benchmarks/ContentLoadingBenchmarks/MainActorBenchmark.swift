import Benchmark

/// Registers a benchmark whose setup and measured body both run on the main actor.
///
/// Only `body` is measured: the hop to the main actor and back, `setup`, `report` and the
/// fixture's release are not. `setup` runs once per sample, so every sample starts fresh.
/// Every benchmark in the suite but one goes through here, peers included, so they all run
/// in the same thread context.
///
/// - Parameters:
///   - setup: Builds what the body works on; may await (the actor peer needs to).
///   - body: The measured work; loop over `benchmark.scaledIterations`.
///   - report: Records custom metrics after the measurement stopped, so recording them is
///     not measured.
func mainActorBenchmark<Fixture>(
    _ name: String,
    configuration: Benchmark.Configuration,
    setup: @escaping @MainActor @Sendable () async -> Fixture,
    body: @escaping @MainActor @Sendable (Fixture, Benchmark) async -> Void,
    report: @escaping @MainActor @Sendable (Fixture, Benchmark) async -> Void = { _, _ in }
) {
    Benchmark(name, configuration: configuration) { benchmark in
        await measureOnMainActor(BenchmarkHandle(benchmark: benchmark), setup: setup, body: body, report: report)
    }
}

@MainActor
private func measureOnMainActor<Fixture>(
    _ handle: BenchmarkHandle,
    setup: @MainActor () async -> Fixture,
    body: @MainActor (Fixture, Benchmark) async -> Void,
    report: @MainActor (Fixture, Benchmark) async -> Void
) async {
    let fixture = await setup()
    handle.benchmark.startMeasurement()
    await body(fixture, handle.benchmark)
    handle.benchmark.stopMeasurement()
    await report(fixture, handle.benchmark)
}
