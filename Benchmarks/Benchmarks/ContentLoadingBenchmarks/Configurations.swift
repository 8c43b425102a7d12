import Benchmark

/// The suite's run settings, shared so that every figure in a comparison is taken the same way.
///
/// Allocations are stored as thresholds (see `MallocGate`); wall clock never is, as it is
/// too noisy to gate on.
enum Configurations {
    /// Operations per sample: figures are reported per operation (the inner loop is scaled out).
    static var loadsPerSample: BenchmarkScalingFactor { .kilo }

    /// Wall clock and malloc count per operation, 1,000 operations per sample.
    static func perOperation(_ gate: MallocGate) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .nanoseconds,
            scalingFactor: loadsPerSample,
            maxDuration: .seconds(1),
            thresholds: gate.thresholds(bytes: false)
        )
    }

    /// As ``perOperation(_:)``, plus what a user would see during a burst of reloads.
    static func burst(_ gate: MallocGate) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal, Metrics.accepted, Metrics.screensDrawn, Metrics.rendererSwitches],
            timeUnits: .nanoseconds,
            scalingFactor: loadsPerSample,
            maxDuration: .seconds(1),
            thresholds: gate.thresholds(bytes: false)
        )
    }

    /// Allocations and bytes to create and hold objects; not scaled, so figures are totals.
    static func memory(_ gate: MallocGate) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.mallocCountTotal, .mallocBytesCount],
            scalingFactor: .one,
            maxDuration: .seconds(1),
            maxIterations: 100,
            thresholds: gate.thresholds(bytes: true)
        )
    }

    /// One ratio per sample, in percent, held by the gate to at most `limitPercent` at p90
    /// (by default 150: 1.5 times).
    ///
    /// The stored threshold is 100 (equal cost), written by hand, never by `allocation-gate.sh
    /// update`; the absolute tolerance, `limitPercent - 100`, is the rest of the limit. The tool
    /// counts a p90 above the limit as a regression and one as far below 100 as an improvement.
    static func ratio(_ metric: BenchmarkMetric, limitPercent: Int = 150) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [metric],
            timeUnits: .nanoseconds,
            scalingFactor: .one,
            maxDuration: .seconds(1),
            thresholds: [metric: BenchmarkThresholds(absolute: [.p90: limitPercent - 100])]
        )
    }
}
