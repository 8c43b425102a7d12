import Benchmark
import ContentLoading

/// What one screen's stack costs to create and keep: data source + coordinator + wrapper,
/// and the small host object that connects them. The renderers are the app's and shared.
func registerMemoryBenchmarks() {
    memoryBenchmark("Memory.OneStack", stacks: 1)
    memoryBenchmark("Memory.TenThousandStacks", stacks: 10_000)
}

private func memoryBenchmark(_ name: String, stacks: Int) {
    mainActorBenchmark(name, configuration: Configurations.memory) {
        (NoOpRenderer(), TokenBuffer<ScreenStack>(capacity: stacks))
    } body: { fixture, _ in
        let (renderer, buffer) = fixture
        for _ in 0..<stacks {
            buffer.tokens.append(ScreenStack(renderer: renderer, policy: .standard))
        }
    }
}
