import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Releasing a data source whose coordinator something else still holds (an app's view model
/// that keeps `dataSource.loadingCoordinator` to call `cancel()`, say).
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct HeldCoordinatorRetryTests {
    @Test func releasingTheDataSourceWhileItsCoordinatorIsHeldDuringARetrySleep() async {
        let live = RetryLiveSystem(setup: RetryRaceSetup(maxAttempts: 3, jittered: false), fault: nil)
        let coordinator = live.dataSource!.loadingCoordinator
        _ = live.apply(.load(keepingContent: true, firstPage: true, ignoresCancellation: false))
        #expect(await live.settle() == nil)
        _ = live.apply(.resolve(.newest, .failure(RetryRaceError(id: 1, kind: .transient))))
        #expect(await live.settle() == nil)
        #expect(live.clock.sleeperCount == 1)
        let load = live.book.entries[0]
        _ = live.apply(.releaseDataSource)
        #expect(live.weakDataSource == nil)
        #expect(await live.settle() == nil)
        // The data source's release cancels the content load's task even though the held
        // coordinator outlives it, so the sleep ends at once.
        #expect(live.clock.sleeperCount == 0)
        #expect(load.task?.isCancelled == true)
        // What holds even so: the token no longer counts, and no further attempt runs.
        #expect(load.token?.isValid == false)
        live.clock.advance(by: .seconds(1))
        #expect(await live.settle() == nil)
        #expect(load.value == false)
        #expect(load.cursors.count == 1, "no attempt after the sleep")
        #expect(coordinator.isLoading, "the held coordinator still counts the load as in flight")
        await live.endAllWork()
    }
}
