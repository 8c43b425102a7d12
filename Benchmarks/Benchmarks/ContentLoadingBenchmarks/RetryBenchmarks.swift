import Benchmark
import ContentLoading

/// What a retry policy costs an async load: nothing more when the first attempt succeeds, and
/// per retry, its sleep and one more attempt's trip off the main actor and back
/// (docs/Benchmarks.md, "Retry").
func registerRetryBenchmarks() {
    // As AsyncPath.ContentLoading.Load (no policy, that is `.never`), under the standard retry
    // policy; the work succeeds at once, so no retry is ever due.
    mainActorAsyncBenchmark(
        "AsyncPath.ContentLoading.Load.StandardRetryPolicy",
        configuration: Configurations.perOperation(.within(perSample: 250))
    ) {
        await ScreenStack.withContent(policy: .standard, renderers: .noOp)
    } body: { stack, benchmark in
        let coordinator = stack.coordinator
        for index in benchmark.scaledIterations {
            let task = coordinator.load(retrying: .standard) { _ in
                index
            } commit: {
                blackHole($0)
            }
            blackHole(await task.value)
        }
    }

    // Loads whose work fails 0, 1 or 3 times before it succeeds, each retry due at once on the
    // wrapper's manual clock: the difference between them is what each retry costs.
    retryBenchmark("AsyncPath.ContentLoading.Retry.NoFailure", failures: 0)
    retryBenchmark("AsyncPath.ContentLoading.Retry.OneFailure", failures: 1)
    retryBenchmark("AsyncPath.ContentLoading.Retry.ThreeFailures", failures: 3)
}

private func retryBenchmark(_ name: String, failures: Int) {
    // Each sample is 1,000 loads, so one allocation more per retry is 1,000 more per retry.
    let gate = MallocGate.within(perSample: 250 + 500 * failures)
    mainActorAsyncBenchmark(name, configuration: Configurations.perOperation(gate)) {
        await RetryingStack.make(failuresPerLoad: failures)
    } body: { stack, benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(await stack.load().value)
        }
    } report: { stack, benchmark in
        // Every load was accepted after exactly `failures` retries, each of them reported.
        stack.check(loads: benchmark.scaledIterations.count)
    }
}
