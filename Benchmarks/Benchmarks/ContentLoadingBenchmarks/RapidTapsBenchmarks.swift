import Benchmark
import ContentLoading
import ContentLoadingTestSupport
import OpenCombine

/// The seed of the finishing order; fixed so every run finishes the loads in the same order.
let rapidTapsSeed: UInt64 = 0x5EED_0006

/// A burst of reloads (one per inner iteration) begun before any finishes, then all finishing
/// in a shuffled order: only the last one may land, and the user should see as little as
/// possible. Each sample is one burst on a fresh screen; the figures per burst (results
/// accepted, screens drawn, renderer switches) are recorded after the measurement and checked
/// here, so a wrong count fails the run.
func registerRapidTapsBenchmarks() {
    let count = Configurations.loadsPerSample.rawValue
    var generator = SeededGenerator(seed: rapidTapsSeed)
    let order = Array(0..<count).shuffled(using: &generator)

    // A first load under the default policy: every response arrives within the loading
    // delay, so the loading screen never appears: one screen (the content), one switch.
    // The first begin starts the wrapper's timer, once per burst: its allocations count, and
    // the measurement waits for the timer task to start its sleep so that its first run counts
    // too. The scheduler's share of that varies a little, hence a tolerance far below one
    // allocation per reload (1,000 per sample).
    contentLoadingBurst(
        "RapidTaps.ContentLoading.FirstLoad", policy: .standard, startsWithContent: false,
        expected: (screensDrawn: 1, rendererSwitches: 1), gate: .within(perSample: 50), order: order)
    // The same burst without the policy's delay: the loading screen, then the content.
    contentLoadingBurst(
        "RapidTaps.ContentLoading.FirstLoad.ImmediatePolicy", policy: .immediate, startsWithContent: false,
        expected: (screensDrawn: 2, rendererSwitches: 2), gate: .exact, order: order)
    // Pull to refresh, over and over: the content shows its refresh indicator, then the new
    // content, in the same renderer.
    contentLoadingBurst(
        "RapidTaps.ContentLoading.Refresh", policy: .standard, startsWithContent: true,
        expected: (screensDrawn: 2, rendererSwitches: 0), gate: .exact, order: order)

    // The peers, from nothing loaded, with a host that draws the plain way (PeerScreen).
    mainActorBenchmark("RapidTaps.PJFStyle", configuration: Configurations.burst(.recordedOnly)) {
        (PJFCoordinator(), TokenBuffer<PJFLoadingState>(capacity: count), Counter(), PeerScreen())
    } body: { fixture, benchmark in
        let (coordinator, buffer, accepted, screen) = fixture
        for _ in benchmark.scaledIterations {
            buffer.tokens.append(coordinator.begin())
            screen.show(.loading)
        }
        for index in order where coordinator.finish(buffer.tokens[index]) {
            accepted.value += 1
            screen.show(.content)
        }
    } report: { fixture, benchmark in
        record(benchmark, accepted: fixture.2.value, screen: fixture.3)
    }

    mainActorBenchmark("RapidTaps.OpenCombine.SwitchToLatest", configuration: Configurations.burst(.recordedOnly)) {
        let loader = CombineLatestLoader()
        let screen = PeerScreen()
        loader.onValue = { _ in screen.show(.content) }
        return (loader, TokenBuffer<PassthroughSubject<Int, Never>>(capacity: count), screen)
    } body: { fixture, benchmark in
        let (loader, buffer, screen) = fixture
        for _ in benchmark.scaledIterations {
            let load = PassthroughSubject<Int, Never>()
            buffer.tokens.append(load)
            loader.begin(load.eraseToAnyPublisher())
            screen.show(.loading)
        }
        for index in order {
            buffer.tokens[index].send(index)
        }
    } report: { fixture, benchmark in
        record(benchmark, accepted: fixture.0.delivered, screen: fixture.2)
    }

    mainActorAsyncBenchmark("RapidTaps.Actor.FromMainActor", configuration: Configurations.burst(.recordedOnly)) {
        (LatestRequestActor(), TokenBuffer<UInt64>(capacity: count), PeerScreen())
    } body: { fixture, benchmark in
        let (actor, buffer, screen) = fixture
        for _ in benchmark.scaledIterations {
            buffer.tokens.append(await actor.begin())
            screen.show(.loading)
        }
        for index in order where await actor.finish(buffer.tokens[index]) {
            screen.show(.content)
        }
    } report: { fixture, benchmark in
        record(benchmark, accepted: await fixture.0.accepted, screen: fixture.2)
    }
}

/// Registers a ContentLoading burst that must show the user `expected`.
private func contentLoadingBurst(
    _ name: String, policy: PresentationPolicy, startsWithContent: Bool,
    expected: (screensDrawn: Int, rendererSwitches: Int), gate: MallocGate, order: [Int]
) {
    typealias Fixture = (ScreenStack, StackRenderers, TokenBuffer<LoadingState>, Counter)
    let count = order.count
    let setup: @MainActor @Sendable () async -> Fixture = {
        let renderers = StackRenderers.counting
        let stack =
            startsWithContent
            ? await ScreenStack.withContent(policy: policy, renderers: renderers)
            : ScreenStack(policy: policy, renderers: renderers)
        stack.dataSource.holdsContent = true
        renderers.reset()
        await settleScheduledWork()
        return (stack, renderers, TokenBuffer<LoadingState>(capacity: count), Counter())
    }
    let burst: @MainActor @Sendable (Fixture, Benchmark) -> Void = { fixture, benchmark in
        let (stack, _, buffer, accepted) = fixture
        for _ in benchmark.scaledIterations {
            buffer.tokens.append(stack.coordinator.loadContent { _ in })
        }
        for index in order where stack.coordinator.finish(buffer.tokens[index]) {
            accepted.value += 1
        }
    }
    let report: @MainActor @Sendable (Fixture, Benchmark) async -> Void = { fixture, benchmark in
        let (stack, renderers, buffer, accepted) = fixture
        benchmark.measurement(Metrics.accepted, accepted.value)
        benchmark.measurement(Metrics.screensDrawn, renderers.screensDrawn)
        benchmark.measurement(Metrics.rendererSwitches, renderers.rendererSwitches)
        precondition(accepted.value == 1, "\(name): \(accepted.value) results accepted")
        precondition(
            (renderers.screensDrawn, renderers.rendererSwitches) == expected,
            "\(name): \(renderers.screensDrawn) screens, \(renderers.rendererSwitches) switches")
        precondition(!stack.wrapper.isPresentationPending, "\(name): a screen is still due")
        // Ready for the next burst, if the stack serves it.
        buffer.tokens.removeAll(keepingCapacity: true)
        accepted.value = 0
        renderers.reset()
    }
    if policy != .immediate && !startsWithContent {
        // The burst starts the wrapper's timer: the timer task's first run (it starts its
        // sleep) is measured too.
        mainActorAsyncBenchmark(
            name, configuration: Configurations.burst(gate), setup: setup,
            body: { fixture, benchmark in
                burst(fixture, benchmark)
                await Task.yield()
            }, report: report)
    } else {
        // A burst that starts from content leaves content: one stack serves every sample.
        mainActorBenchmark(
            name, configuration: Configurations.burst(gate), keepingFixture: startsWithContent, setup: setup,
            body: burst, report: report)
    }
}

/// Records a peer's burst, and checks that it, too, accepted exactly one result.
@MainActor
private func record(_ benchmark: Benchmark, accepted: Int, screen: PeerScreen) {
    benchmark.measurement(Metrics.accepted, accepted)
    benchmark.measurement(Metrics.screensDrawn, screen.screensDrawn)
    benchmark.measurement(Metrics.rendererSwitches, screen.rendererSwitches)
    precondition(accepted == 1, "\(accepted) results accepted")
}
