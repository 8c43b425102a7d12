import Benchmark
import ContentLoading
import OpenCombine

/// One load begun, its token checked, and finished, before the next: the cost per load.
func registerSyncHotPathBenchmarks() {
    // ContentLoading: data source + coordinator + wrapper with no-op renderers.
    stackHotPath("SyncHotPath.ContentLoading.Refresh", policy: .immediate, holdsContent: true, gate: .exact)
    stackHotPath("SyncHotPath.ContentLoading.FirstLoad", policy: .immediate, holdsContent: false, gate: .exact)
    stackHotPath(
        "SyncHotPath.ContentLoading.StandardPolicy.Refresh", policy: .standard, holdsContent: true, gate: .exact)
    // A first load under the standard policy starts (and cancels) a timer task per load, by design.
    stackHotPath(
        "SyncHotPath.ContentLoading.StandardPolicy.FirstLoad", policy: .standard, holdsContent: false,
        gate: .withinPercent(10))

    mainActorBenchmark("SyncHotPath.ContentLoading.CoordinatorOnly", configuration: Configurations.perOperation(.exact))
    {
        LoadingCoordinator()
    } body: { coordinator, benchmark in
        for _ in benchmark.scaledIterations {
            let state = coordinator.loadContent { _ in }
            blackHole(state.isValid)
            blackHole(coordinator.finish(state))
        }
    }

    mainActorBenchmark("SyncHotPath.PJFStyle", configuration: Configurations.perOperation(.recordedOnly)) {
        PJFCoordinator()
    } body: { coordinator, benchmark in
        for _ in benchmark.scaledIterations {
            let state = coordinator.begin()
            blackHole(state.isValid)
            blackHole(coordinator.finish(state))
        }
    }

    mainActorBenchmark(
        "SyncHotPath.OpenCombine.SwitchToLatest", configuration: Configurations.perOperation(.recordedOnly)
    ) {
        CombineLatestLoader()
    } body: { loader, benchmark in
        for index in benchmark.scaledIterations {
            loader.begin(Just(index).eraseToAnyPublisher())
        }
        blackHole(loader.delivered)
    }

    // The caller of a latest-wins check is UI code on the main actor, so each await hops.
    mainActorBenchmark("SyncHotPath.Actor.FromMainActor", configuration: Configurations.perOperation(.recordedOnly)) {
        LatestRequestActor()
    } body: { actor, benchmark in
        for _ in benchmark.scaledIterations {
            let id = await actor.begin()
            blackHole(await actor.finish(id))
        }
    }

    // The actor's best case: a caller off the main actor, which the runtime need not hop for.
    Benchmark("SyncHotPath.Actor.FromTask", configuration: Configurations.perOperation(.recordedOnly)) { benchmark in
        let actor = LatestRequestActor()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let id = await actor.begin()
            blackHole(await actor.finish(id))
        }
        benchmark.stopMeasurement()
    }
}

private func stackHotPath(_ name: String, policy: PresentationPolicy, holdsContent: Bool, gate: MallocGate) {
    mainActorBenchmark(name, configuration: Configurations.perOperation(gate)) {
        let stack = ScreenStack.withContent(renderer: NoOpRenderer(), policy: policy)
        stack.dataSource.holdsContent = holdsContent
        return stack
    } body: { stack, benchmark in
        let coordinator = stack.coordinator
        for _ in benchmark.scaledIterations {
            let state = coordinator.loadContent { _ in }
            blackHole(state.isValid)
            blackHole(coordinator.finish(state))
        }
    }
}
