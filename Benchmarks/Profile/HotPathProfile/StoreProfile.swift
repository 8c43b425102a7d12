import ContentLoading

// The store's ratios (Store.ContentLoading.FirstFrame.Ratio, Writes.ContentLoading.*.Ratio)
// without the harness, one side at a time, for callgrind:
//
//     valgrind --tool=callgrind --toggle-collect='*measuredStoreOperations*' \
//         .build/release/HotPathProfile 10000 immediate store stored
//
// Sides: `loaded` (a new data source brought to its content by a synchronous first load),
// `stored` (a new data source bound to a stored key), `refresh` (a synchronous refresh of a
// data source bound to a key), `write` (a serial write applied and cancelled on a key with
// `pending` concurrent writes pending, 1 by default), `apply` (the same writes applied, 100 at a
// time, and cancelled after each hundred outside the counted function).

/// One screen's wrapper, given a new data source each time, as the benchmarks' `WrapperHost`.
@MainActor
final class StoreHost: DataSourceDelegate {
    let wrapper = ContentWrapper(
        content: NoOpRenderer(), loading: NoOpRenderer(), empty: NoOpRenderer(), error: NoOpRenderer(),
        policy: .immediate)

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}

/// `operations` of one side: the only function callgrind is told to count.
@inline(never)
@MainActor
func measuredStoreOperations(_ operations: Int, _ operation: () -> Void) {
    for _ in 0..<operations { operation() }
}

@MainActor
func profileStore(_ operations: Int, side: String, pending: Int) {
    let host = StoreHost()
    let store = ContentStore<Int, Int>(staleAfter: .never) { key in key }
    store.write(0, for: 0)
    let bound = StoreDataSource(store: store, key: 0)
    var writes: [StoreWrite<Int>] = []
    var applied: [StoreWrite<Int>] = []
    applied.reserveCapacity(100)
    if side == "refresh" || side == "write" || side == "apply" {
        bound.delegate = host
        for _ in 0..<pending {
            writes.append(
                store.perform("Add", on: 0, ordering: .concurrent) {
                    $0 &+= 1
                } request: {
                    try await Task.sleep(for: .seconds(86_400))
                    return nil
                })
        }
    }
    let operation: () -> Void
    switch side {
    case "loaded":
        operation = {
            let dataSource = FlagDataSource()
            dataSource.delegate = host
            dataSource.loadingCoordinator.finish(dataSource.loadingCoordinator.loadContent { _ in })
        }
    case "stored":
        operation = {
            let dataSource = StoreDataSource(store: store, key: 0)
            dataSource.delegate = host
        }
    case "refresh":
        operation = { bound.loadingCoordinator.finish(bound.loadingCoordinator.loadContent { _ in }) }
    case "apply":
        operation = {
            applied.append(
                store.perform("Add", on: 0) {
                    $0 &+= 1
                } request: {
                    nil
                })
        }
    default:
        operation = {
            store.perform("Add", on: 0) {
                $0 &+= 1
            } request: {
                nil
            }.cancel()
        }
    }
    let clock = ContinuousClock()
    let start = clock.now
    if side == "apply" {
        for batch in stride(from: 0, to: operations, by: 100) {
            measuredStoreOperations(min(100, operations - batch), operation)
            for write in applied.reversed() { write.cancel() }
            applied.removeAll(keepingCapacity: true)
        }
    } else {
        measuredStoreOperations(operations, operation)
    }
    let elapsed = start.duration(to: clock.now)
    withExtendedLifetime((bound, writes)) {}
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    print(
        "\(operations) store operations, \(side), \(pending) pending: \(Int(nanoseconds / Double(operations))) ns each")
}
