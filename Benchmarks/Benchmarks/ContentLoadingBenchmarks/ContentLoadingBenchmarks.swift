import Benchmark

/// Every benchmark of the suite, registered in one target so one run measures them all and
/// their ratios hold on a noisy machine. See docs/Benchmarks.md for the results.
let benchmarks: @Sendable () -> Void = {
    registerFloorBenchmarks()
    registerSyncHotPathBenchmarks()
    registerStaleDropBenchmarks()
    registerAsyncPathBenchmarks()
    registerRapidTapsBenchmarks()
    registerMemoryBenchmarks()
    registerScreenModelBenchmarks()
    registerScreenStreamBenchmarks()
    registerPagingBenchmarks()
    registerRetryBenchmarks()
    registerCompositionBenchmarks()
    registerStoreBenchmarks()
    registerStoreCostBenchmarks()
    registerWriteBenchmarks()
    registerListBenchmarks()
}
