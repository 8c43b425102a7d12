import Benchmark
@_spi(Benchmarks) import ContentLoading
import OpenCombine

/// What it costs to create and hold each design's latest-wins machinery for one screen, idle
/// (nothing loading), and 10,000 ContentLoading stacks at once.
func registerMemoryBenchmarks() {
    // A stack: data source + coordinator + wrapper (default policy and clock), and the small
    // host object that connects them. The renderers are the app's and not counted.
    memoryBenchmark("Memory.ContentLoading.Stack", count: 1, gate: .exact) { renderers in
        ScreenStack(policy: .standard, renderers: renderers)
    }
    memoryBenchmark("Memory.ContentLoading.TenThousandStacks", count: 10_000, gate: .exactCount(bytesPercent: 1)) {
        renderers in
        ScreenStack(policy: .standard, renderers: renderers)
    }
    // The same for a SwiftUI screen: the wrapper draws into a `ScreenModel` instead of renderers.
    memoryBenchmark("Memory.ContentLoading.ScreenModelStack", count: 1, gate: .exact) { _ in
        ScreenModelStack(policy: .standard)
    }
    memoryBenchmark("Memory.ContentLoading.CoordinatorOnly", count: 1, gate: .exact) { _ in
        LoadingCoordinator()
    }
    // The peers' objects, as in the other benchmarks. Each PJF-style load also allocates a
    // token and its lock, and each Combine load an inner publisher and its subscription.
    memoryBenchmark("Memory.PJFStyle", count: 1, gate: .recordedOnly) { _ in
        PJFCoordinator()
    }
    memoryBenchmark("Memory.OpenCombine.SwitchToLatest", count: 1, gate: .recordedOnly) { _ in
        CombineLatestLoader()
    }
    memoryBenchmark("Memory.Actor", count: 1, gate: .recordedOnly) { _ in
        LatestRequestActor()
    }
}

/// Creates `count` objects and keeps them until the measurement has stopped.
private func memoryBenchmark<Object>(
    _ name: String, count: Int, gate: MallocGate, make: @escaping @MainActor (StackRenderers) -> Object
) {
    mainActorBenchmark(name, configuration: Configurations.memory(gate)) {
        (StackRenderers.noOp, TokenBuffer<Object>(capacity: count))
    } body: { fixture, _ in
        let (renderers, buffer) = fixture
        for _ in 0..<count {
            buffer.tokens.append(make(renderers))
        }
    }
}
