import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A load begun from inside `hasContent` while a reload's load begins: the begin asks
/// `hasContent` before it supersedes anything, so the load begun there is the one superseded,
/// and the async form must cancel its task; the reload awaits the load it began and ends.
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct LoadBegunInsideHasContentTests {
    @Test(arguments: [LoadOwner.caller, .dataSource], [true, false])
    func aLoadBegunInsideHasContentDuringAReloadsBeginIsCancelledAndTheReloadEnds(
        owner: LoadOwner, observesCancellation: Bool
    ) async {
        let dataSource = HasContentLoadsDataSource()
        dataSource.items = ["shown"]
        dataSource.observesCancellation = observesCancellation
        dataSource.onHasContent = { [unowned dataSource] in dataSource.loadContent() }
        let reload = Task { await dataSource.reload(ownedBy: owner) }
        #expect(await eventually { dataSource.gates.count == 2 })
        // Gate 0 is the reload's load, gate 1 the one begun inside its `hasContent`.
        guard let outer = dataSource.tasks[0], let inner = dataSource.tasks[1] else {
            Issue.record("expected two loads, got \(dataSource.tasks.count)")
            return
        }
        #expect(inner.isCancelled, "the superseded load's task is cancelled")
        #expect(!outer.isCancelled)
        if !observesCancellation {
            // Work that ignores its cancellation returns late: dropped.
            dataSource.gates[1].open(returning: ["superseded"])
        }
        #expect(await inner.boundedValue() == false)
        #expect(dataSource.items == ["shown"])
        dataSource.gates[0].open(returning: ["reloaded"])
        #expect(await outer.boundedValue() == true)
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(dataSource.items == ["reloaded"])
        #expect(dataSource.contentState == .content)
    }
}
