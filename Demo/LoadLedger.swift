import ContentLoading

/// Sends the demo's requests and accounts for every answer: the work each load runs (one
/// request per attempt, under the retry policy), and the line each request ends on.
///
/// Every request ends on exactly one of: accepted (its answer is on screen), dropped as stale
/// (a newer tap superseded its load), retrying (it failed, and the load tries again), or its
/// retry dropped (a newer tap came while the load waited to retry).
@MainActor
final class LoadLedger {
    /// Plans the requests.
    let loader: ColorsLoader
    /// Every load's retry policy.
    let retry: RetrySettings
    /// Hears about taps, requests and answers.
    var onEvent: ((DemoEvent) -> Void)?
    /// Taps made so far.
    private(set) var tapCount = 0
    /// Requests sent so far.
    private(set) var requestCount = 0
    /// Answers the framework dropped as stale.
    private(set) var droppedCount = 0
    /// Loads whose task has not ended: answers may still come, or a retry.
    private(set) var loadsInFlight = 0

    /// Creates a ledger that sends `loader`'s requests under `retry`.
    init(loader: ColorsLoader, retry: RetrySettings) {
        self.loader = loader
        self.retry = retry
    }

    /// The policy every load uses.
    var policy: RetryPolicy { retry.policy }

    /// A tap that sends no request of its own (`demo sections`: each section sends one).
    func tapped(_ event: DemoEvent) {
        tapCount += 1
        onEvent?(event)
    }

    /// Begins the series of a load: sends its first request, now, in tap order, so that a
    /// seeded run plans the same requests however the answers interleave. `byTap` says whether
    /// a tap sent it (the line says `tap`) or a section (`request`).
    func begin(_ outcome: Outcome, page: Int = 1, section: Palette? = nil, byTap: Bool = true) -> RequestSeries {
        let request = loader.request(outcome, page: page, section: section, of: policy.maxAttempts)
        let series = RequestSeries(first: request, maxAttempts: policy.maxAttempts)
        requestCount += 1
        if byTap { tapCount += 1 }
        onEvent?(byTap ? .tapped(request) : .requested(request))
        return series
    }

    /// The work of a load of `series`, for `load(retrying:)`, `loadFirstPage(retrying:)` or
    /// `appendPage(_:retrying:)`: each attempt sends a request and waits for its answer.
    ///
    /// The answer is awaited in a task of its own, which a superseding tap does not cancel: the
    /// answer comes at its latency, as a real server's would, and the framework drops it then.
    /// A tap during the wait before a retry cancels the load's task, which ends the wait at once.
    func work(for series: RequestSeries) -> @Sendable (LoadingState) async throws -> Page<[ColorRow], Int> {
        { [weak self] state in
            guard let request = await self?.nextRequest(in: series) else { throw CancellationError() }
            let result = await Task { await request.response() }.value
            await self?.answered(request, in: series, current: state.isValid)
            return try result.get()
        }
    }

    /// Counts the load `task` of `series` in flight until it ends, then reports how its last
    /// request ended.
    func watch(_ task: Task<Bool, Never>, of series: RequestSeries) {
        loadsInFlight += 1
        Task { [weak self] in
            let accepted = await task.value
            self?.loadEnded(series, accepted: accepted)
        }
    }

    /// The delegates heard that the load of `series` will retry `attempt`.
    func willRetry(_ attempt: RetryAttempt, of series: RequestSeries?) {
        onEvent?(.retrying(attempt, page: series.flatMap { $0.outcome.isPage ? $0.page : nil }))
    }

    private func nextRequest(in series: RequestSeries) -> ColorsRequest {
        series.next { attempt in
            let request = loader.request(
                series.outcome, page: series.page, section: series.section, attempt: attempt, of: series.maxAttempts)
            requestCount += 1
            onEvent?(.requested(request))
            return request
        }
    }

    private func answered(_ request: ColorsRequest, in series: RequestSeries, current: Bool) {
        guard current else { return }
        guard case .failure(let error) = request.result else {
            series.failure = nil
            return
        }
        series.failure = error
        // The policy retries every failure of the service while attempts remain: a tap from
        // now until the next request drops the retry. (A section's retry has no delegate to
        // hear of it, so this, not the delegates' report, marks it.)
        series.retryPending = request.attempt < series.maxAttempts
    }

    private func loadEnded(_ series: RequestSeries, accepted: Bool) {
        loadsInFlight -= 1
        if accepted {
            onEvent?(.accepted(series.last))
        } else if series.retryPending {
            onEvent?(.retryDropped(series.last))
        } else {
            droppedCount += 1
            onEvent?(.dropped(series.last))
        }
    }
}
