import Benchmark

/// The suite's custom metrics: what a user would see during a burst of reloads.
enum Metrics {
    /// Results that reached the model (or subscriber): should be exactly one per burst.
    static let accepted = BenchmarkMetric.custom("results accepted", polarity: .prefersSmaller, useScalingFactor: false)
    /// Screens drawn during a burst (`show` calls, or a peer's changes of state).
    static let screensDrawn = BenchmarkMetric.custom(
        "screens drawn", polarity: .prefersSmaller, useScalingFactor: false)
    /// Changes of the visible renderer during a burst.
    static let rendererSwitches = BenchmarkMetric.custom(
        "renderer switches", polarity: .prefersSmaller, useScalingFactor: false)
    /// The 200th append's time over the first's, in percent (see `AppendComparison`).
    static let appendTimeRatio = BenchmarkMetric.custom(
        "200th / first append time (%)", polarity: .prefersSmaller, useScalingFactor: false)
    /// One section's state change on a screen of 1,000 sections over one of 10, in percent
    /// (see `InterleavedComparison`).
    static let childChangeTimeRatio = BenchmarkMetric.custom(
        "1000 / 10 sections change time (%)", polarity: .prefersSmaller, useScalingFactor: false)
    /// Reloading every section, per section, on a screen of 1,000 sections over one of 100, in
    /// percent (see `InterleavedComparison`).
    static let reloadTimeRatio = BenchmarkMetric.custom(
        "1000 / 100 sections reload time per section (%)", polarity: .prefersSmaller, useScalingFactor: false)
    /// A composed source made over 10,000 children over one made over 100, per child, in
    /// percent (see `InterleavedComparison`).
    static let constructionTimeRatio = BenchmarkMetric.custom(
        "10000 / 100 children construction time per child (%)", polarity: .prefersSmaller, useScalingFactor: false)
    /// A first load drawn with a wrapper delegate that hears its announcements over one drawn
    /// without a wrapper delegate, in percent (see `SyncHotPathBenchmarks.swift`).
    static let announcingFirstLoadTimeRatio = BenchmarkMetric.custom(
        "announcing / plain first load time (%)", polarity: .prefersSmaller, useScalingFactor: false)
    /// A screen's first frame drawn from a stored value over one drawn by a synchronous load, in
    /// percent (see `StoreBenchmarks.swift`).
    static let storeFirstFrameTimeRatio = BenchmarkMetric.custom(
        "stored / loaded first frame time (%)", polarity: .prefersSmaller, useScalingFactor: false)
    /// A refresh's snapshot and difference per row, 10,000 rows over 100, in percent (see
    /// `ListBenchmarks.swift`).
    static let listRefreshTimeRatio = BenchmarkMetric.custom(
        "10,000 / 100 rows refresh time (%)", polarity: .prefersSmaller, useScalingFactor: false)
    /// One item's change drawn on a list of 10,000 rows over one of 100, in percent (see
    /// `ListBenchmarks.swift`).
    static let listItemChangeTimeRatio = BenchmarkMetric.custom(
        "10,000 / 100 rows item change time (%)", polarity: .prefersSmaller, useScalingFactor: false)
    /// A page of 50 appended to a paged list of 10,000 rows over one of 100, in percent (see
    /// `ListBenchmarks.swift`).
    static let listPageAppendTimeRatio = BenchmarkMetric.custom(
        "10,000 / 100 rows page append time (%)", polarity: .prefersSmaller, useScalingFactor: false)
    /// A lookup in a store of 100,000 keys over one in a store of 100, in percent.
    static let storeLookupTimeRatio = BenchmarkMetric.custom(
        "100,000 / 100 keys lookup time (%)", polarity: .prefersSmaller, useScalingFactor: false)
    /// A write in a store of 100,000 keys over one in a store of 100, in percent.
    static let storeWriteTimeRatio = BenchmarkMetric.custom(
        "100,000 / 100 keys write time (%)", polarity: .prefersSmaller, useScalingFactor: false)
    /// Each waiter's time when 1,000 share a fetch over when 10 do, in percent.
    static let storeWaiterTimeRatio = BenchmarkMetric.custom(
        "1000 / 10 waiters per fetch, time per waiter (%)", polarity: .prefersSmaller, useScalingFactor: false)
    /// An optimistic write applied and drawn over a synchronous refresh, in percent.
    static let writeApplyTimeRatio = BenchmarkMetric.custom(
        "write apply / sync refresh time (%)", polarity: .prefersSmaller, useScalingFactor: false)
    /// An optimistic write applied and drawn, then cancelled and drawn, over a synchronous
    /// refresh, in percent.
    static let writeRoundTripTimeRatio = BenchmarkMetric.custom(
        "write apply and cancel / sync refresh time (%)", polarity: .prefersSmaller, useScalingFactor: false)
    /// A write settled on a key with 100 pending writes over one with 1, in percent.
    static let writeSettleTimeRatio = BenchmarkMetric.custom(
        "100 / 1 pending writes settle time (%)", polarity: .prefersSmaller, useScalingFactor: false)
}
