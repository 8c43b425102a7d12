import Benchmark
import ContentLoading

/// What a `ScreenModel` costs: a refresh (two drawn changes: refreshing,
/// then content) drawn into a model that nobody observes, and into one with one observer,
/// against the plain renderer path, `SyncHotPath.ContentLoading.Refresh`; and Observation's own
/// cost, without ContentLoading. docs/Benchmarks.md has the ratios.
func registerScreenModelBenchmarks() {
    // Nobody observes the model: it is written once per drawn change all the same.
    modelHotPath("SyncHotPath.ContentLoading.ScreenModel.Refresh", observed: false)
    // One observer, re-armed at each notification: one notification per drawn change.
    modelHotPath("SyncHotPath.ContentLoading.ScreenModel.Refresh.OneObserver", observed: true)

    // One write of an observed integer (a new value each time: Observation skips an equal one).
    mainActorBenchmark("Floor.Observation.Write", configuration: Configurations.perOperation(.recordedOnly)) {
        ObservedCounter()
    } body: { counter, benchmark in
        for _ in benchmark.scaledIterations {
            counter.value += 1
        }
    }

    mainActorBenchmark("Floor.Observation.WriteOneObserver", configuration: Configurations.perOperation(.recordedOnly))
    {
        let counter = ObservedCounter()
        counter.observe()
        return counter
    } body: { counter, benchmark in
        for _ in benchmark.scaledIterations {
            counter.value += 1
        }
    } report: { counter, benchmark in
        precondition(counter.notifications == benchmark.scaledIterations.count)
    }
}

private func modelHotPath(_ name: String, observed: Bool) {
    // Observed, the count is Observation's two per re-armed notification, plus now and then a
    // few per sample (15 in 10,000 operations on some runs, with the same binary): its own
    // tables growing. A tolerance of 50 per sample still catches one more allocation per load.
    let gate: MallocGate = observed ? .within(perSample: 50) : .exact
    mainActorBenchmark(name, configuration: Configurations.perOperation(gate), keepingFixture: true) {
        let stack = await ScreenModelStack.withContent(policy: .immediate)
        return (stack, observed ? ScreenModelObserver(stack.model) : nil)
    } body: { fixture, benchmark in
        let coordinator = fixture.0.coordinator
        for _ in benchmark.scaledIterations {
            let state = coordinator.loadContent { _ in }
            blackHole(state.isValid)
            blackHole(coordinator.finish(state))
        }
    } report: { fixture, benchmark in
        let (stack, observer) = fixture
        precondition(!stack.coordinator.isLoading && stack.model.state == .content)
        if let observer {
            // Two drawn changes per refresh, one notification each (counted over every sample).
            precondition(observer.notifications % (2 * benchmark.scaledIterations.count) == 0)
        }
    }
}
