import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A load's task cancelled from outside after its attempt failed but before the coordinator
/// approved the retry. The retry loop checks for cancellation, asks the policy's predicate,
/// then hops to the main actor for the approval; the predicate cancelling its own task stands
/// for a cancel landing in that window, deterministically.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct RetryApprovalTests {
    /// A transient failure the predicate retries, after cancelling the task that asks.
    static let policy = RetryPolicy(
        maxAttempts: 3, jitter: 0,
        shouldRetry: { _, _ in
            withUnsafeCurrentTask { $0?.cancel() }
            return true
        })

    @Test func aContentLoadCancelledBeforeItsRetryIsApprovedIsNeitherRetriedNorReported() async {
        let live = RetryLiveSystem(setup: RetryRaceSetup(maxAttempts: 3, jittered: false), fault: nil)
        let dataSource = RetryRaceDataSource(book: live.book, policy: Self.policy, workCapturesSelf: false)
        dataSource.delegate = live
        dataSource.loadContent()
        #expect(await live.settle() == nil)
        _ = live.apply(.resolve(.newest, .failure(RetryRaceError(id: 1, kind: .transient))))
        #expect(await live.settle() == nil)
        #expect(live.retriesHeard.isEmpty, "no delegate hears of a retry that cannot run")
        #expect(live.wrapper.retryAttempt == nil)
        #expect(live.book.entries[0].value == false)
        #expect(dataSource.contentState == .initial, "a task cancelled from outside cancels its load")
        #expect(live.clock.sleeperCount == 0)
        await live.endAllWork()
    }

    @Test func aPageCancelledBeforeItsRetryIsApprovedIsNeitherRetriedNorReported() async {
        let live = RetryLiveSystem(setup: RetryRaceSetup(maxAttempts: 3, jittered: false), fault: nil)
        let dataSource = RetryRaceDataSource(book: live.book, policy: Self.policy, workCapturesSelf: false)
        dataSource.delegate = live
        dataSource.loadContent()
        #expect(await live.settle() == nil)
        _ = live.apply(.resolve(.newest, .rows(1, ends: false)))
        #expect(await live.settle() == nil)
        #expect(dataSource.loadMore().isLoading)
        #expect(await live.settle() == nil)
        _ = live.apply(.resolve(.newest, .failure(RetryRaceError(id: 1, kind: .transient))))
        #expect(await live.settle() == nil)
        #expect(live.retriesHeard.isEmpty, "no delegate hears of a retry that cannot run")
        #expect(live.wrapper.retryAttempt == nil)
        #expect(live.book.entries[1].value == false)
        #expect(RetryView.text(dataSource.appendState) == "idle", "a page cancelled from outside goes back to idle")
        #expect(live.clock.sleeperCount == 0)
        await live.endAllWork()
    }
}
