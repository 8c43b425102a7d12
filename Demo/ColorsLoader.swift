/// The simulated colour service: answers each request after a random latency, as the
/// outcome asks, from a seeded generator.
@MainActor
final class ColorsLoader {
    /// How many colours a successful answer holds.
    static let rowCount = 25

    private var generator: SplitMix64
    private let latency: LatencyRange
    private var requestCount = 0

    /// Creates a loader whose latencies and colours are fixed by `seed`.
    init(seed: UInt64, latency: LatencyRange) {
        generator = SplitMix64(seed: seed)
        self.latency = latency
    }

    /// Plans the next request: its number, its latency and its answer.
    func request(_ outcome: Outcome) -> ColorsRequest {
        requestCount += 1
        let delay = latency.random(using: &generator)
        let result: Result<[ColorRow], ColorsLoadError>
        switch outcome {
        case .success:
            result = .success((0..<Self.rowCount).map { _ in ColorRow.random(using: &generator) })
        case .empty:
            result = .success([])
        case .error:
            result = .failure(ColorsLoadError(requestNumber: requestCount))
        }
        return ColorsRequest(number: requestCount, outcome: outcome, latency: delay, result: result)
    }
}
