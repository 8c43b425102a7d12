import Benchmark
import ContentLoading
import ContentLoadingTestSupport
import OpenCombine

/// The seed of the finishing order; fixed so every run finishes the loads in the same order.
let rapidTapsSeed: UInt64 = 0x5EED_0006

/// A burst of reloads (one per inner iteration) begun before any finishes, then all finishing
/// in a shuffled order: only the last one may land, and the user should see one refresh.
func registerRapidTapsBenchmarks() {
    let count = Configurations.loadsPerSample.rawValue
    var generator = SeededGenerator(seed: rapidTapsSeed)
    let order = Array(0..<count).shuffled(using: &generator)

    mainActorBenchmark("RapidTaps.ContentLoading", configuration: Configurations.burst(.exact)) {
        let renderer = CountingRenderer()
        let stack = ScreenStack.withContent(renderer: renderer, policy: .immediate)
        renderer.reset()
        return (stack, renderer, TokenBuffer<LoadingState>(capacity: count), Counter())
    } body: { fixture, benchmark in
        let (stack, _, buffer, accepted) = fixture
        for _ in benchmark.scaledIterations {
            buffer.tokens.append(stack.coordinator.loadContent { _ in })
        }
        for index in order where stack.coordinator.finish(buffer.tokens[index]) {
            accepted.value += 1
        }
    } report: { fixture, benchmark in
        benchmark.measurement(Metrics.accepted, fixture.3.value)
        benchmark.measurement(Metrics.screensDrawn, fixture.1.shows)
    }

    mainActorBenchmark("RapidTaps.PJFStyle", configuration: Configurations.burst(.recordedOnly)) {
        (PJFCoordinator(), TokenBuffer<PJFLoadingState>(capacity: count), Counter())
    } body: { fixture, benchmark in
        let (coordinator, buffer, accepted) = fixture
        for _ in benchmark.scaledIterations {
            buffer.tokens.append(coordinator.begin())
        }
        for index in order where coordinator.finish(buffer.tokens[index]) {
            accepted.value += 1
        }
    } report: { fixture, benchmark in
        benchmark.measurement(Metrics.accepted, fixture.2.value)
    }

    mainActorBenchmark("RapidTaps.OpenCombine.SwitchToLatest", configuration: Configurations.burst(.recordedOnly)) {
        (CombineLatestLoader(), TokenBuffer<PassthroughSubject<Int, Never>>(capacity: count))
    } body: { fixture, benchmark in
        let (loader, buffer) = fixture
        for _ in benchmark.scaledIterations {
            let load = PassthroughSubject<Int, Never>()
            buffer.tokens.append(load)
            loader.begin(load.eraseToAnyPublisher())
        }
        for index in order {
            buffer.tokens[index].send(index)
        }
    } report: { fixture, benchmark in
        benchmark.measurement(Metrics.accepted, fixture.0.delivered)
    }

    mainActorBenchmark("RapidTaps.Actor.FromMainActor", configuration: Configurations.burst(.recordedOnly)) {
        (LatestRequestActor(), TokenBuffer<UInt64>(capacity: count))
    } body: { fixture, benchmark in
        let (actor, buffer) = fixture
        for _ in benchmark.scaledIterations {
            buffer.tokens.append(await actor.begin())
        }
        for index in order {
            blackHole(await actor.finish(buffer.tokens[index]))
        }
    } report: { fixture, benchmark in
        benchmark.measurement(Metrics.accepted, await fixture.0.accepted)
    }
}
