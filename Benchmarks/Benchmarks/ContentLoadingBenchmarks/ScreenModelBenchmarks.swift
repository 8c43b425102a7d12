import Benchmark
import ContentLoading

/// What a `ScreenModel` costs (issue 12, part 10): a refresh (two drawn changes: refreshing,
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
    mainActorBenchmark(name, configuration: Configurations.perOperation(.exact), keepingFixture: true) {
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
