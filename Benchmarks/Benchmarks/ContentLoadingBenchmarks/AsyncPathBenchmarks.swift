import Benchmark
import ContentLoading

/// `load { }` whose work returns at once, against the bare `Task` + await it is built on.
func registerAsyncPathBenchmarks() {
    mainActorBenchmark("AsyncPath.ContentLoading.Load", configuration: Configurations.perOperation(.withinPercent(5))) {
        ScreenStack.withContent(renderer: NoOpRenderer(), policy: .immediate)
    } body: { stack, benchmark in
        let coordinator = stack.coordinator
        for index in benchmark.scaledIterations {
            let task = coordinator.load { _ in
                index
            } commit: {
                blackHole($0)
            }
            blackHole(await task.value)
        }
    }

    mainActorBenchmark("AsyncPath.BareTask", configuration: Configurations.perOperation(.recordedOnly)) {
        ()
    } body: { _, benchmark in
        for index in benchmark.scaledIterations {
            let task = Task { @MainActor in
                blackHole(index)
                return true
            }
            blackHole(await task.value)
        }
    }
}
