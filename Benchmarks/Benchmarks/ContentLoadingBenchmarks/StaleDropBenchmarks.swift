import Benchmark
import ContentLoading
import OpenCombine

/// Finishing a load a newer one superseded: the result must be dropped, cheaply.
func registerStaleDropBenchmarks() {
    mainActorBenchmark(
        "StaleDrop.ContentLoading", configuration: Configurations.perOperation(.exact), keepingFixture: true
    ) {
        let stack = await ScreenStack.withContent(policy: .standard, renderers: .noOp)
        let stale = stack.coordinator.loadContent { _ in }
        stack.coordinator.loadContent { _ in }
        return (stack, stale)
    } body: { fixture, benchmark in
        let (stack, stale) = fixture
        for _ in benchmark.scaledIterations {
            blackHole(stack.coordinator.finish(stale))
        }
    }

    mainActorBenchmark("StaleDrop.PJFStyle", configuration: Configurations.perOperation(.recordedOnly)) {
        let coordinator = PJFCoordinator()
        let stale = coordinator.begin()
        _ = coordinator.begin()
        return (coordinator, stale)
    } body: { fixture, benchmark in
        let (coordinator, stale) = fixture
        for _ in benchmark.scaledIterations {
            blackHole(coordinator.finish(stale))
        }
    }

    // switchToLatest has already cancelled its subscription to the stale inner publisher.
    mainActorBenchmark(
        "StaleDrop.OpenCombine.SwitchToLatest", configuration: Configurations.perOperation(.recordedOnly)
    ) {
        let loader = CombineLatestLoader()
        let stale = PassthroughSubject<Int, Never>()
        loader.begin(stale.eraseToAnyPublisher())
        loader.begin(PassthroughSubject<Int, Never>().eraseToAnyPublisher())
        return (loader, stale)
    } body: { fixture, benchmark in
        let (loader, stale) = fixture
        for index in benchmark.scaledIterations {
            stale.send(index)
        }
        blackHole(loader.delivered)
    }

    mainActorAsyncBenchmark("StaleDrop.Actor.FromMainActor", configuration: Configurations.perOperation(.recordedOnly))
    {
        let actor = LatestRequestActor()
        let stale = await actor.begin()
        _ = await actor.begin()
        return (actor, stale)
    } body: { fixture, benchmark in
        let (actor, stale) = fixture
        for _ in benchmark.scaledIterations {
            blackHole(await actor.finish(stale))
        }
    }
}
