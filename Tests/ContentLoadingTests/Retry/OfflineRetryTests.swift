import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Retries under a policy with a ``Connectivity``: a retry whose delay ends while the app says
/// it is offline waits until it says it is back, on the injected clock.
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct OfflineRetryTests {
    let clock = ManualClock()
    let model = ScreenModel()
    let connectivity = Connectivity()

    /// A data source over `results` with a 3-attempt, 1 s, jitter-free policy that waits on
    /// ``connectivity``, drawn into ``model`` by a wrapper on the manual clock.
    func makeSource(_ results: [Result<[String], any Error>]) -> RetryingDataSource {
        let source = RetryingDataSource(
            results, policy: RetryPolicy(maxAttempts: 3, jitter: 0, connectivity: connectivity))
        let listener = RetryListener(ContentWrapper(drawingInto: model, policy: .immediate, clock: clock))
        source.delegate = listener
        source.listener = listener
        return source
    }

    @Test func aRetryWhoseDelayEndsOfflineWaitsAndRunsWhenTheAppIsBack() async {
        let source = makeSource([.failure(TestError(1)), .success(["a"])])
        connectivity.isOnline = false
        source.loadContent()
        await eventually { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))
        await eventually { connectivity.waiterCount == 1 }
        #expect(await source.attempts.count == 1, "no attempt runs while offline")
        #expect(source.contentState == .loading, "the screen stays loading while the retry waits")
        #expect(model.retryAttempt?.number == 2)
        connectivity.isOnline = true
        #expect(await source.tasks[0].value)
        #expect(await source.attempts.count == 2)
        #expect(source.items == ["a"])
        #expect(model.retryAttempt == nil)
    }

    @Test func comingBackOnlineDuringTheDelayDoesNotShortenIt() async {
        let source = makeSource([.failure(TestError(1)), .success(["a"])])
        connectivity.isOnline = false
        source.loadContent()
        await eventually { clock.sleeperCount == 1 }
        connectivity.isOnline = true
        clock.advance(by: .milliseconds(999))
        #expect(clock.sleeperCount == 1, "the delay still runs")
        #expect(await source.attempts.count == 1)
        clock.advance(by: .milliseconds(1))
        #expect(await source.tasks[0].value)
        #expect(await source.attempts.count == 2)
        #expect(connectivity.waiterCount == 0, "online when the delay ended: no wait")
    }

    @Test func goingOfflineAgainDuringTheDelayMakesTheRetryWaitWhenItEnds() async {
        let source = makeSource([.failure(TestError(1)), .success(["a"])])
        source.loadContent()
        await eventually { clock.sleeperCount == 1 }
        connectivity.isOnline = false
        clock.advance(by: .seconds(1))
        await eventually { connectivity.waiterCount == 1 }
        #expect(await source.attempts.count == 1)
        connectivity.isOnline = true
        #expect(await source.tasks[0].value)
    }

    @Test func cancellingTheLoadEndsItsWaitForTheNetworkAtOnce() async {
        let source = makeSource([.failure(TestError(1)), .success(["late"])])
        connectivity.isOnline = false
        source.loadContent()
        await eventually { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))
        await eventually { connectivity.waiterCount == 1 }
        #expect(source.loadingCoordinator.cancel())
        #expect(await source.tasks[0].value == false)
        #expect(connectivity.waiterCount == 0)
        #expect(source.contentState == .initial)
        connectivity.isOnline = true
        #expect(await source.attempts.count == 1, "no attempt runs for a cancelled load")
    }

    @Test func aNewerLoadEndsTheSupersededLoadsWaitForTheNetwork() async {
        let source = makeSource([.failure(TestError(1)), .success(["late"])])
        connectivity.isOnline = false
        source.loadContent()
        await eventually { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))
        await eventually { connectivity.waiterCount == 1 }
        source.loadingCoordinator.loadContent { _ in }
        #expect(await source.tasks[0].value == false)
        #expect(connectivity.waiterCount == 0)
        #expect(await source.attempts.count == 1)
        _ = source.loadingCoordinator.cancel()
    }

    @Test func releasingTheDataSourceEndsItsWaitForTheNetworkAndFreesIt() async {
        var source: RetryingDataSource? = makeSource([.failure(TestError(1)), .success(["late"])])
        weak let released = source
        connectivity.isOnline = false
        source!.loadContent()
        await eventually { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))
        await eventually { connectivity.waiterCount == 1 }
        let task = source!.tasks[0]
        let attempts = source!.attempts
        source = nil
        #expect(released == nil)
        #expect(await task.value == false)
        #expect(connectivity.waiterCount == 0)
        #expect(await attempts.count == 1)
    }

    @Test func aPolicyWithoutConnectivityRetriesWhateverTheAppSays() async {
        let source = RetryingDataSource(
            [.failure(TestError(1)), .success(["a"])], policy: RetryPolicy(maxAttempts: 2, jitter: 0))
        let listener = RetryListener(ContentWrapper(drawingInto: model, policy: .immediate, clock: clock))
        source.delegate = listener
        source.listener = listener
        connectivity.isOnline = false
        source.loadContent()
        await eventually { clock.sleeperCount == 1 }
        clock.advance(by: .seconds(1))
        #expect(await source.tasks[0].value)
        #expect(source.items == ["a"])
    }
}
