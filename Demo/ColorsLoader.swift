import ContentLoading

/// The simulated colour service: answers each request after a random latency, as the
/// outcome asks, from a seeded generator.
///
/// Its list has ``pageCount`` pages of ``rowCount`` colours; a page's cursor is its number, and
/// the last page has none after it.
@MainActor
final class ColorsLoader {
    /// How many colours a page holds.
    static let rowCount = 25
    /// How many pages the list has: `more` after the last one finds the end of the list.
    static let pageCount = 4

    private var generator: SplitMix64
    private let latency: LatencyRange
    private var requestCount = 0

    /// Creates a loader whose latencies and colours are fixed by `seed`.
    init(seed: UInt64, latency: LatencyRange) {
        generator = SplitMix64(seed: seed)
        self.latency = latency
    }

    /// Plans the next request: its number, its latency and its answer. `page` is the page
    /// asked for: 1 for a reload, the cursor for a page.
    func request(_ outcome: Outcome, page: Int = 1) -> ColorsRequest {
        requestCount += 1
        let delay = latency.random(using: &generator)
        let result: Result<Page<[ColorRow], Int>, ColorsLoadError>
        switch outcome {
        case .success, .more:
            let rows = (0..<Self.rowCount).map { _ in ColorRow.random(using: &generator) }
            result = .success(Page(rows, next: page < Self.pageCount ? page + 1 : nil))
        case .empty:
            result = .success(Page([], next: nil))
        case .error, .moreError:
            result = .failure(ColorsLoadError(requestNumber: requestCount))
        }
        return ColorsRequest(number: requestCount, outcome: outcome, page: page, latency: delay, result: result)
    }
}
