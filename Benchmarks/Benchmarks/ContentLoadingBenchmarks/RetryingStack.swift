import Benchmark
import ContentLoading
import ContentLoadingTestSupport

/// A screen stack whose loads fail a set number of times before they succeed, retried at once:
/// the policy's delays are zero and the wrapper's clock is a ``ManualClock``, on which a sleep
/// that is already due returns without waiting (no timer, no thread).
@MainActor
final class RetryingStack: DataSourceDelegate, ContentWrapperDelegate {
    /// Up to three retries, none of them delayed.
    static let policy = RetryPolicy(maxAttempts: 4, baseDelay: .zero, jitter: 0)

    let dataSource = BenchmarkDataSource()
    let wrapper: ContentWrapper
    let attempts = AtomicCounter()
    let failuresPerLoad: Int
    /// One error, thrown by every failing attempt: a new one would allocate its box.
    let failure: any Error = RetryBenchmarkError()
    private(set) var retriesReported = 0
    private var loadsChecked = 0

    private init(failuresPerLoad: Int, clock: some Clock<Duration>) {
        self.failuresPerLoad = failuresPerLoad
        wrapper = ContentWrapper(
            content: NoOpRenderer(), loading: NoOpRenderer(), empty: NoOpRenderer(), error: NoOpRenderer(),
            initialScreen: .placeholder(.initial), policy: .immediate, clock: clock)
        dataSource.holdsContent = true
        dataSource.delegate = self
        wrapper.delegate = self
    }

    /// The stack, with content, after one load of the kind measured. Retries wait on `clock`:
    /// the manual clock by default, or a real one to see what a real sleep adds.
    static func make(failuresPerLoad: Int, clock: some Clock<Duration> = ManualClock()) async -> RetryingStack {
        let stack = RetryingStack(failuresPerLoad: failuresPerLoad, clock: clock)
        let accepted = await stack.load().value
        precondition(accepted)
        await settleScheduledWork()
        stack.retriesReported = 0
        return stack
    }

    /// Begins one load; its work fails `failuresPerLoad` times, then returns.
    func load() -> Task<Bool, Never> {
        let attempts = self.attempts
        let failure = self.failure
        let period = failuresPerLoad + 1
        return dataSource.loadingCoordinator.load(retrying: Self.policy) { _ in
            guard attempts.increment().isMultiple(of: period) else { throw failure }
            return 1
        } commit: { (value: Int) in
            blackHole(value)
        }
    }

    /// Checks that the last `loads` loads were each retried `failuresPerLoad` times and accepted.
    func check(loads: Int) {
        precondition(retriesReported == loads * failuresPerLoad)
        precondition(dataSource.loadingCoordinator.state == .content && !dataSource.loadingCoordinator.isLoading)
        retriesReported = 0
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func contentWrapper(_ wrapper: ContentWrapper, willRetry attempt: RetryAttempt) {
        retriesReported += 1
    }
}

/// The error a failing attempt throws; transient, so the policy retries it.
struct RetryBenchmarkError: Error {}
