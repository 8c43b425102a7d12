import Benchmark

/// The suite's custom metrics: what a user would see during rapid taps.
enum Metrics {
    /// Results that reached the model (or subscriber): should be exactly one per burst.
    static let accepted = BenchmarkMetric.custom("results accepted", polarity: .prefersSmaller, useScalingFactor: false)
    /// Screens the renderers drew (`show` calls) during a burst: only those a user should see.
    static let screensDrawn = BenchmarkMetric.custom(
        "screens drawn", polarity: .prefersSmaller, useScalingFactor: false)
}
