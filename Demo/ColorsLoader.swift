import ContentLoading

/// The simulated colour service: answers each request after a random latency, as the
/// outcome asks, from a seeded generator.
///
/// Its list has ``pageCount`` pages of ``rowCount`` colours; a page's cursor is its number, and
/// the last page has none after it. A section of `demo sections` is one page of
/// ``sectionRowCount`` colours of its palette.
@MainActor
final class ColorsLoader {
    /// How many colours a page holds.
    static let rowCount = 25
    /// How many pages the list has: `more` after the last one finds the end of the list.
    static let pageCount = 4
    /// How many colours a section holds.
    static let sectionRowCount = 5
    /// How many requests fail after a `flaky` tap before the service answers again.
    static let flakyFailures = 2

    private var generator: SplitMix64
    private let latency: LatencyRange
    private var requestCount = 0
    /// The `flaky` requests still to fail.
    private var flakyFailuresLeft = 0

    /// Creates a loader whose latencies and colours are fixed by `seed`.
    init(seed: UInt64, latency: LatencyRange) {
        generator = SplitMix64(seed: seed)
        self.latency = latency
    }

    /// The service falters: the next ``flakyFailures`` `flaky` requests fail, the next one answers.
    func beginFlaky() {
        flakyFailuresLeft = Self.flakyFailures
    }

    /// Plans the next request: its number, its latency and its answer.
    ///
    /// - Parameters:
    ///   - outcome: What the tap asked for.
    ///   - page: The page asked for: 1 for a reload, the cursor for a page.
    ///   - section: The section asked for, in `demo sections`.
    ///   - attempt: Which attempt of its load the request is.
    ///   - maxAttempts: How many attempts its load allows.
    func request(
        _ outcome: Outcome, page: Int = 1, section: Palette? = nil, attempt: Int = 1, of maxAttempts: Int = 1
    ) -> ColorsRequest {
        requestCount += 1
        let delay = latency.random(using: &generator)
        var outcomeNow = outcome
        if outcome == .flaky {
            outcomeNow = flakyFailuresLeft > 0 ? .error : .success
            flakyFailuresLeft = max(0, flakyFailuresLeft - 1)
        }
        let result: Result<Page<[ColorRow], Int>, ColorsLoadError>
        switch outcomeNow {
        case .success, .more, .flaky:
            if let section {
                let rows = (0..<Self.sectionRowCount).map { _ in section.color(using: &generator) }
                result = .success(Page(rows, next: nil))
            } else {
                let rows = (0..<Self.rowCount).map { _ in ColorRow.random(using: &generator) }
                result = .success(Page(rows, next: page < Self.pageCount ? page + 1 : nil))
            }
        case .empty:
            result = .success(Page([], next: nil))
        case .error, .moreError:
            result = .failure(ColorsLoadError(requestNumber: requestCount))
        }
        return ColorsRequest(
            number: requestCount, outcome: outcome, page: page, section: section, attempt: attempt,
            maxAttempts: maxAttempts, latency: delay, result: result)
    }
}
