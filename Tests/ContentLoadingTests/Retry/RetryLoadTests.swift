import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Answers each attempt with the next scripted result, and counts the attempts.
actor ScriptedAttempts {
    private var results: [Result<[String], any Error>]
    private(set) var count = 0

    init(_ results: [Result<[String], any Error>]) { self.results = results }

    func next() throws -> [String] {
        count += 1
        return try results.removeFirst().get()
    }
}

/// A data source that loads with a retry policy from a script of attempts.
@MainActor
final class RetryingDataSource: DataSource {
    var items: [String] = []
    let attempts: ScriptedAttempts
    let policy: RetryPolicy
    private(set) var tasks: [Task<Bool, Never>] = []
    /// Keeps the delegate, which the data source holds weakly, for as long as the test's data source.
    var listener: RetryListener?

    init(_ results: [Result<[String], any Error>], policy: RetryPolicy) {
        attempts = ScriptedAttempts(results)
        self.policy = policy
    }

    override var hasContent: Bool { !items.isEmpty }

    override func loadContent() {
        tasks.append(
            load(retrying: policy) { [attempts] _ in
                try await attempts.next()
            } commit: { dataSource, items in
                dataSource.items = items
            })
    }
}

/// Hears of retries, as a screen showing "Retrying (2 of 3)…" would.
@MainActor
final class RetryListener: DataSourceDelegate, ContentWrapperDelegate {
    let wrapper: ContentWrapper
    private(set) var dataSourceHeard: [RetryAttempt] = []
    private(set) var wrapperHeard: [RetryAttempt] = []
    /// What the wrapper announced, in order.
    private(set) var announcements: [Announcement] = []

    init(_ wrapper: ContentWrapper) {
        self.wrapper = wrapper
        wrapper.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
    func dataSource(_ dataSource: DataSource, willRetry attempt: RetryAttempt) { dataSourceHeard.append(attempt) }
    func contentWrapper(_ wrapper: ContentWrapper, willRetry attempt: RetryAttempt) { wrapperHeard.append(attempt) }
    func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {
        announcements.append(announcement)
    }
}

@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct RetryLoadTests {
    let clock = ManualClock()
    let model = ScreenModel()

    /// A data source over `results` with a 3-attempt, 1 s, jitter-free policy, drawn into `model`
    /// by a wrapper on the manual clock.
    func makeSource(
        _ results: [Result<[String], any Error>], policy: RetryPolicy = RetryPolicy(maxAttempts: 3, jitter: 0)
    ) -> (RetryingDataSource, RetryListener) {
        let source = RetryingDataSource(results, policy: policy)
        let listener = RetryListener(ContentWrapper(drawingInto: model, policy: .immediate, clock: clock))
        source.delegate = listener
        source.listener = listener
        return (source, listener)
    }

    /// Waits until the retry's sleep is on the manual clock.
    func waitForSleep() async {
        await eventually { clock.sleeperCount == 1 }
    }

    @Test func aFlakyLoadRetriesOnTheClockToTheBoundaryAndEndsOnContent() async {
        let (source, listener) = makeSource([.failure(TestError(1)), .failure(TestError(2)), .success(["a"])])
        source.loadContent()
        await waitForSleep()
        #expect(listener.dataSourceHeard.map(\.number) == [2])
        #expect(listener.wrapperHeard.first?.error as? TestError == TestError(1))
        #expect(listener.wrapperHeard.first?.delay == .seconds(1))
        #expect(source.contentState == .loading, "the screen stays loading while retrying")
        #expect(model.retryAttempt?.number == 2)
        clock.advance(by: .milliseconds(999))
        #expect(clock.sleeperCount == 1, "the retry still waits 1 ms before its delay is up")
        clock.advance(by: .milliseconds(1))
        #expect(clock.sleeperCount == 0)
        await eventually { listener.dataSourceHeard.count == 2 }
        #expect(await source.attempts.count == 2)
        #expect(listener.dataSourceHeard.last?.delay == .seconds(2))
        await waitForSleep()
        clock.advance(by: .seconds(2))
        #expect(await source.tasks[0].value)
        #expect(source.items == ["a"])
        #expect(source.contentState == .content)
        #expect(model.retryAttempt == nil)
        #expect(listener.wrapper.retryAttempt == nil)
    }

    /// A load superseded while its retry sleeps runs no further attempt, even on a clock whose
    /// sleep ends quietly when cancelled (as `ManualClock`'s does, and an app's clock may): the
    /// loop checks the load after the wait, not only the wait's cancellation.
    @Test func aLoadSupersededByHandWhileItsRetrySleepsRunsNoFurtherAttempt() async {
        let source = RetryingDataSource(
            [.failure(TestError(1)), .success(["late"]), .success(["later"])],
            policy: RetryPolicy(maxAttempts: 3, jitter: 0))
        let quiet = QuietlyCancelledClock(base: clock)
        let listener = RetryListener(ContentWrapper(drawingInto: model, policy: .immediate, clock: quiet))
        source.delegate = listener
        source.listener = listener
        source.loadContent()
        await waitForSleep()
        #expect(await source.attempts.count == 1)
        source.loadingCoordinator.loadContent { _ in }
        #expect(await source.tasks[0].boundedValue() == false)
        #expect(await source.attempts.count == 1, "no attempt runs for a superseded load")
        #expect(source.items.isEmpty)
        #expect(source.loadingCoordinator.cancel())
    }

    @Test func afterTheLastAttemptTheErrorScreenShowsTheLastErrorAndItsRetryStartsOver() async {
        let (source, listener) = makeSource([
            .failure(TestError(1)), .failure(TestError(2)), .failure(TestError(3)), .failure(TestError(4)),
            .success(["b"]),
        ])
        source.loadContent()
        await waitForSleep()
        clock.advance(by: .seconds(1))
        await eventually { listener.dataSourceHeard.count == 2 }
        await waitForSleep()
        clock.advance(by: .seconds(2))
        #expect(await source.tasks[0].value)
        #expect(source.contentState == .error)
        #expect(source.loadingCoordinator.error as? TestError == TestError(3))
        // Retry from the error screen: attempt 1 again, with a full set of retries.
        source.loadContent()
        await waitForSleep()
        #expect(listener.dataSourceHeard.last?.number == 2)
        #expect(listener.dataSourceHeard.last?.error as? TestError == TestError(4))
        clock.advance(by: .seconds(1))
        #expect(await source.tasks[1].value)
        #expect(source.items == ["b"])
    }

    @Test func aNewerLoadEndsTheRetrySleepAtOnceAndNoFurtherAttemptRuns() async {
        let (source, _) = makeSource([.failure(TestError(1)), .success(["new"]), .success(["old"])])
        source.loadContent()
        await waitForSleep()
        source.loadContent()
        #expect(await source.tasks[1].value)
        #expect(await source.tasks[0].value == false)
        #expect(clock.sleeperCount == 0, "the superseded retry's sleep ended without the clock moving")
        #expect(await source.attempts.count == 2)
        #expect(source.items == ["new"])
        #expect(model.retryAttempt == nil)
    }

    @Test func cancelEndsTheRetrySleepAndReturnsToWhereTheLoadBegan() async {
        let (source, _) = makeSource([.failure(TestError(1)), .success(["late"])])
        source.loadContent()
        await waitForSleep()
        #expect(source.loadingCoordinator.cancel())
        #expect(await source.tasks[0].value == false)
        #expect(clock.sleeperCount == 0)
        #expect(source.contentState == .initial)
        #expect(await source.attempts.count == 1)
        #expect(model.retryAttempt == nil)
    }

    @Test func releasingTheDataSourceEndsTheRetrySleepAndFreesIt() async {
        var source: RetryingDataSource? = makeSource([.failure(TestError(1)), .success(["late"])]).0
        weak let released = source
        source!.loadContent()
        await waitForSleep()
        let task = source!.tasks[0]
        let attempts = source!.attempts
        source = nil
        #expect(released == nil)
        #expect(await task.value == false)
        #expect(clock.sleeperCount == 0)
        #expect(await attempts.count == 1)
    }

    @Test func aRefusedErrorOrACancellationIsNeverRetried() async {
        let policy = RetryPolicy(
            maxAttempts: 3, jitter: 0, shouldRetry: { error, _ in (error as? TestError) != TestError(9) })
        let (refused, listener) = makeSource([.failure(TestError(9))], policy: policy)
        refused.loadContent()
        #expect(await refused.tasks[0].value)
        #expect(refused.contentState == .error)
        #expect(listener.dataSourceHeard.isEmpty)
        let (cancelled, cancelledListener) = makeSource([.failure(CancellationError())], policy: policy)
        cancelled.loadContent()
        #expect(await cancelled.tasks[0].value == false)
        #expect(cancelled.contentState == .initial)
        #expect(cancelledListener.dataSourceHeard.isEmpty)
    }

    @Test func aRefreshThatRetriesKeepsItsContentOnScreen() async {
        let (source, _) = makeSource([.success(["a"]), .failure(TestError(1)), .success(["b"])])
        source.loadContent()
        #expect(await source.tasks[0].value)
        source.loadContent()
        await waitForSleep()
        #expect(source.contentState == .refreshing)
        #expect(model.screen.state == .refreshing)
        clock.advance(by: .seconds(1))
        #expect(await source.tasks[1].value)
        #expect(source.items == ["b"])
    }
}

/// A clock whose sleep ends quietly, without throwing, when its task is cancelled, as an app's
/// clock may: the retry loop must not take the end of the wait for "go ahead".
struct QuietlyCancelledClock: Clock {
    let base: ManualClock

    var now: ManualClock.Instant { base.now }
    var minimumResolution: Duration { base.minimumResolution }

    func sleep(until deadline: ManualClock.Instant, tolerance: Duration?) async throws {
        try? await base.sleep(until: deadline, tolerance: tolerance)
    }
}
