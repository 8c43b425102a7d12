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

    // Not gated (a real sleep's allocations are the runtime's and dispatch's): the same loads
    // retried on the continuous clock, and what one such sleep costs on its own, so that a
    // retry's cost can be read against its sleep's.
    retryBenchmark("Retry.ContinuousClock.NoFailure", failures: 0, onContinuousClock: true)
    retryBenchmark("Retry.ContinuousClock.OneFailure", failures: 1, onContinuousClock: true)
    retryBenchmark("Retry.ContinuousClock.ThreeFailures", failures: 3, onContinuousClock: true)
    mainActorAsyncBenchmark("Floor.ContinuousClockSleep", configuration: Configurations.perOperation(.recordedOnly)) {
        ContinuousClock()
    } body: { clock, benchmark in
        for _ in benchmark.scaledIterations {
            // A deadline already passed, as a retry with no delay asks for.
            try? await clock.sleep(until: clock.now, tolerance: nil)
        }
    }
}

private func retryBenchmark(_ name: String, failures: Int, onContinuousClock: Bool = false) {
    // Each sample is 1,000 loads, so one allocation more per retry is 1,000 more per retry.
    let gate = onContinuousClock ? MallocGate.recordedOnly : .within(perSample: 250 + 500 * failures)
    mainActorAsyncBenchmark(name, configuration: Configurations.perOperation(gate)) {
        if onContinuousClock {
            await RetryingStack.make(failuresPerLoad: failures, clock: ContinuousClock())
        } else {
            await RetryingStack.make(failuresPerLoad: failures)
        }
    } body: { stack, benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(await stack.load().value)
        }
    } report: { stack, benchmark in
        // Every load was accepted after exactly `failures` retries, each of them reported.
        stack.check(loads: benchmark.scaledIterations.count)
    }
}
