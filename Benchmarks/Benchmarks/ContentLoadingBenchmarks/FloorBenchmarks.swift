import Benchmark

/// The floor every latest-wins check is measured against: the cheapest synchronisation there is.
func registerFloorBenchmarks() {
    mainActorBenchmark("Floor.AtomicIncrement", configuration: Configurations.perOperation(.recordedOnly)) {
        AtomicCounter()
    } body: { counter, benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(counter.increment())
        }
    }

    mainActorBenchmark("Floor.UncontendedLock", configuration: Configurations.perOperation(.recordedOnly)) {
        LockedCounter()
    } body: { counter, benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(counter.increment())
        }
    }

    // What no full stack can go below with a weak delegate: see WeakDelegateFloor.
    mainActorBenchmark("Floor.WeakDelegateTwice", configuration: Configurations.perOperation(.recordedOnly)) {
        WeakDelegateFloor()
    } body: { floor, benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(floor.reportLoad())
        }
    }
}
