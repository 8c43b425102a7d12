import ContentLoadingTestSupport
import Dispatch

/// Runs `workers` task-group children for one round of a contention test, each with its own
/// generator (seeded from `seed`, the round and the worker, so the round's choices replay), and
/// returns once every one of them has, or the wait limit ran out (an issue is recorded then).
func runSeededWorkers(
    _ workers: Int, seed: UInt64, round: Int, _ work: @escaping @Sendable (inout SeededGenerator) async -> Void
) async {
    let group = Task {
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var random = SeededGenerator(
                        seed: SeededGenerator.seed(base: seed, index: round * workers + worker))
                    await work(&random)
                }
            }
        }
    }
    await group.boundedValue()
}

/// Runs `threads` real threads at once (`concurrentPerform`) for one round of a contention test,
/// each told its index and given its own generator, seeded as ``runSeededWorkers(_:seed:round:_:)``
/// seeds its workers; returns once every thread has, or the wait limit ran out (an issue is
/// recorded then).
func runSeededThreads(
    _ threads: Int, seed: UInt64, round: Int, _ work: @escaping @Sendable (Int, inout SeededGenerator) -> Void
) async {
    let spawn = Task.detached {
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var random = SeededGenerator(seed: SeededGenerator.seed(base: seed, index: round * threads + thread))
            work(thread, &random)
        }
    }
    await spawn.boundedValue()
}
