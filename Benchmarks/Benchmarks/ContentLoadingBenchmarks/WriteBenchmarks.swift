import Benchmark
import ContentLoading

/// Optimistic writes: applying a write and drawing it against a synchronous load's commit (budget:
/// 4×), and settling one write on a key with 100 pending writes against a key with 1 (budget:
/// 1.5×), both gated (see `Configurations.ratio`); and the write's round trip, applied and
/// cancelled, gated against regression (docs/Benchmarks.md).
func registerWriteBenchmarks() {
    // Per operation, a screen on one key is drawn: by a synchronous refresh begun and finished
    // (the baseline: refreshing, then content, two draws), or by a write applied (the candidate:
    // the change drawn at once), 1,000 a block: blocks of 100 timed the same median with more
    // spread. The candidate's writes are cancelled after it, untimed, newest first, so that each
    // block begins on a key with one write pending. Each write is serial behind a running one
    // whose request never answers, so it sends nothing: what is timed is the layer and the draw,
    // not the task of a request. Gated at the budget, 4× the refresh.
    ratioBenchmark("Writes.ContentLoading.ApplyAndDraw.Ratio", metric: Metrics.writeApplyTimeRatio, limitPercent: 400) {
        let loaded = WriteScreen(pending: 0)
        let written = WriteScreen(pending: 1)
        return InterleavedComparison {
            for _ in 0..<1_000 { loaded.refreshAtOnce() }
        } candidate: {
            for _ in 0..<1_000 { written.apply() }
        } afterCandidate: {
            written.cancelApplied()
        }
    }

    // The write's round trip: applied and drawn, then cancelled and drawn again (the committed
    // value), over the same refresh; two draws each. Not a budget of its own: the gate holds it
    // at 600% against a regression of the cancel's path.
    ratioBenchmark(
        "Writes.ContentLoading.RoundTrip.Ratio", metric: Metrics.writeRoundTripTimeRatio, limitPercent: 600
    ) {
        let loaded = WriteScreen(pending: 0)
        let written = WriteScreen(pending: 1)
        return InterleavedComparison {
            for _ in 0..<100 { loaded.refreshAtOnce() }
        } candidate: {
            for _ in 0..<100 { written.applyAndSettle() }
        }
    }

    // A write applied and settled (cancelled: its layer removed and the screen redrawn) on a key
    // with 100 writes pending over one with 1.
    ratioBenchmark("Writes.ContentLoading.Settle.Ratio", metric: Metrics.writeSettleTimeRatio, limitPercent: 150) {
        let one = WriteScreen(pending: 1)
        let hundred = WriteScreen(pending: 100)
        return InterleavedComparison {
            for _ in 0..<100 { one.applyAndSettle() }
        } candidate: {
            for _ in 0..<100 { hundred.applyAndSettle() }
        }
    }
}

/// A screen bound to one key of a store of `Int`s, with writes pending on the key whose
/// requests never answer (their tasks are cancelled when the store goes, with the screen).
@MainActor
final class WriteScreen {
    let store: ContentStore<Int, Int>
    let host = WrapperHost(renderers: .noOp)
    let dataSource: StoreDataSource<Int, Int>
    private var pending: [StoreWrite<Int>] = []
    /// The writes `apply()` applied, until `cancelApplied()`.
    private var applied: [StoreWrite<Int>] = []

    init(pending count: Int) {
        store = ContentStore<Int, Int>(staleAfter: .never) { key in key }
        store.write(0, for: 0)
        dataSource = StoreDataSource(store: store, key: 0)
        dataSource.delegate = host
        for _ in 0..<count {
            pending.append(
                store.perform("Add", on: 0, ordering: .concurrent) {
                    $0 &+= 1
                } request: {
                    try await Task.sleep(for: .seconds(86_400))
                    return nil
                })
        }
        precondition(dataSource.value == count && host.wrapper.displayedState == .content)
    }

    /// A synchronous refresh, begun and finished at once.
    func refreshAtOnce() {
        let state = dataSource.loadingCoordinator.loadContent { _ in }
        dataSource.loadingCoordinator.finish(state)
    }

    /// A serial write applied (drawn at once) and kept pending.
    func apply() {
        applied.append(
            store.perform("Add", on: 0) {
                $0 &+= 1
            } request: {
                nil
            })
    }

    /// Cancels the writes `apply()` applied, newest first.
    func cancelApplied() {
        for write in applied.reversed() { write.cancel() }
        applied.removeAll(keepingCapacity: true)
    }

    /// A serial write applied (drawn at once) and cancelled (drawn again without it).
    func applyAndSettle() {
        let write = store.perform("Add", on: 0) {
            $0 &+= 1
        } request: {
            nil
        }
        write.cancel()
    }
}
