import Benchmark
import ContentLoading

/// The shared store's costs beside `StoreBenchmarks.swift`: each waiter's
/// time when 1,000 share a fetch against when 10 do, in one run (gated at 150%), and what the
/// memory persistence alone holds for 1,000 values, so that the store's own bytes per key can be
/// told from the values' (gated, as every memory benchmark is).
func registerStoreCostBenchmarks() {
    // 1,000 waiters of one key either way: one fetch shared by all of them (the candidate), or
    // a hundred fetches one after another, each shared by 10 (the baseline). A waiter is an
    // app's task awaiting `fetch(_:)` on the main actor, as a screen's load is.
    mainActorAsyncBenchmark(
        "Store.ContentLoading.Waiter.Ratio",
        configuration: Configurations.ratio(Metrics.storeWaiterTimeRatio, limitPercent: 150)
    ) {
        SharedFetchComparison()
    } body: { comparison, _ in
        await comparison.measure()
    } report: { comparison, benchmark in
        benchmark.measurement(Metrics.storeWaiterTimeRatio, comparison.ratioPercent)
    }

    // The app's part of `Memory.ContentLoading.Store.ThousandKeys`: the same 1,000 `Int` values
    // in a memory persistence, without a store.
    mainActorBenchmark(
        "Memory.ContentLoading.Store.ThousandValuesAlone",
        configuration: Configurations.memory(.exactCount(bytesPercent: 1))
    ) {
        TokenBuffer<MemoryPersistence<Int, Int>>(capacity: 1)
    } body: { buffer, _ in
        let persistence = MemoryPersistence<Int, Int>()
        for key in 0..<1_000 { persistence.write(key, for: key) }
        buffer.tokens.append(persistence)
    }
}

/// Times 1,000 waiters of a store's key, sharing one fetch or ten to a fetch, in alternating
/// order (as ``InterleavedComparison`` does for synchronous work), so that both see the same
/// machine.
@MainActor
final class SharedFetchComparison {
    /// Rounds per sample; odd, so the median is one round's ratio.
    static let rounds = 11

    private let gate = FetchGate()
    private let store: ContentStore<Int, Int>
    private var ratios: [Double] = []

    init() {
        let gate = self.gate
        store = ContentStore(staleAfter: .always) { key in
            await gate.pass()
            return key
        }
        ratios.reserveCapacity(Self.rounds)
    }

    /// Runs one sample's rounds.
    func measure() async {
        ratios.removeAll(keepingCapacity: true)
        for round in 0..<Self.rounds {
            let baseline: Duration
            let candidate: Duration
            if round.isMultiple(of: 2) {
                baseline = await time(fetches: 100, waitersEach: 10)
                candidate = await time(fetches: 1, waitersEach: 1_000)
            } else {
                candidate = await time(fetches: 1, waitersEach: 1_000)
                baseline = await time(fetches: 100, waitersEach: 10)
            }
            ratios.append(candidate / baseline)
        }
    }

    /// The sample's ratio, the candidate's time over the baseline's, in percent.
    var ratioPercent: Int {
        let sorted = ratios.sorted()
        return Int((sorted[sorted.count / 2] * 100).rounded())
    }

    /// Runs `fetches` fetches of one key, one after another, each shared by `waitersEach`
    /// waiters that all ask before it returns; returns the time taken.
    private func time(fetches: Int, waitersEach: Int) async -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        var tasks: [Task<StoreFetchOutcome<Int>, Never>] = []
        tasks.reserveCapacity(waitersEach)
        for _ in 0..<fetches {
            for _ in 0..<waitersEach {
                tasks.append(Task { @MainActor [store] in await store.fetch(0) })
            }
            // Every waiter joins before the fetch may return.
            while store.waiterCount(for: 0) < waitersEach { await Task.yield() }
            gate.open()
            for task in tasks { blackHole(await task.value) }
            tasks.removeAll(keepingCapacity: true)
        }
        return start.duration(to: clock.now)
    }
}
