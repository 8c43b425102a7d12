import Benchmark
import ContentLoading

/// One async load whose work returns at once, awaited before the next: `load { }` against
/// the bare `Task` + await it is built on, and against the peers doing the same latest-wins
/// job with a task of their own. Each commits its result on the main actor if it still counts.
func registerAsyncPathBenchmarks() {
    mainActorAsyncBenchmark(
        "AsyncPath.ContentLoading.Load", configuration: Configurations.perOperation(.within(perSample: 250))
    ) {
        await ScreenStack.withContent(policy: .standard, renderers: .noOp)
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

    mainActorAsyncBenchmark("AsyncPath.BareTask", configuration: Configurations.perOperation(.recordedOnly)) {
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

    // A token per load, checked when the task's work returns.
    mainActorAsyncBenchmark("AsyncPath.PJFStyle", configuration: Configurations.perOperation(.recordedOnly)) {
        PJFCoordinator()
    } body: { coordinator, benchmark in
        for index in benchmark.scaledIterations {
            let state = coordinator.begin()
            let task = Task { @MainActor in
                let value = index
                guard coordinator.finish(state) else { return false }
                blackHole(value)
                return true
            }
            blackHole(await task.value)
        }
    }

    // UI code asking the actor for a request number, running the work, and asking whether
    // the result still counts: each `await` on the actor is a hop from the main actor.
    mainActorAsyncBenchmark("AsyncPath.Actor.FromMainActor", configuration: Configurations.perOperation(.recordedOnly))
    {
        LatestRequestActor()
    } body: { actor, benchmark in
        for index in benchmark.scaledIterations {
            let task = Task { @MainActor in
                let id = await actor.begin()
                let value = index
                guard await actor.finish(id) else { return false }
                blackHole(value)
                return true
            }
            blackHole(await task.value)
        }
    }
}
