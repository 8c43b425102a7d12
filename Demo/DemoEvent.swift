import ContentLoading

/// Something the demo reports besides the screen itself: taps, answers, dropped stale
/// answers, refused requests for more, and refresh failures. Each prints as one stable line.
enum DemoEvent: Sendable, CustomStringConvertible {
    /// The run began; says how to replay it.
    case started(seed: UInt64, latency: LatencyRange, interval: Duration?, policy: String)
    /// A tap sent a request.
    case tapped(ColorsRequest)
    /// A request's answer was current and is now on screen.
    case accepted(ColorsRequest)
    /// A request's answer arrived after a newer tap, and the framework dropped it.
    case dropped(ColorsRequest)
    /// A `more` tap fetched nothing: the data source's answer says why.
    case loadMore(LoadMoreAnswer)
    /// A refresh failed while the rows stayed on screen.
    case refreshFailed(String)
    /// Every answer is in and the screen shows the last tap's result.
    case finished(taps: Int, dropped: Int)

    /// The event's line, without styling.
    var description: String {
        switch self {
        case .started(let seed, let latency, let interval, let policy):
            let pacing = interval.map { ", interval \(DurationText.format($0))" } ?? ""
            return "demo: seed \(seed), latency \(latency)\(pacing), policy \(policy)"
        case .tapped(let request):
            return "tap #\(request.number): \(request.label) (answers in \(DurationText.format(request.latency)))"
        case .accepted(let request):
            return "accepted: response #\(request.number) (\(request.label))"
        case .dropped(let request):
            return "dropped: stale response #\(request.number) (\(request.label))"
        case .loadMore(let answer):
            return "load more: \(Self.explain(answer))"
        case .refreshFailed(let message):
            return "notice: refresh failed: \(message)"
        case .finished(let taps, let dropped):
            return
                "done: \(taps) \(taps == 1 ? "tap" : "taps"), \(dropped) stale \(dropped == 1 ? "response" : "responses") dropped"
        }
    }

    /// The answer's name and what it means, for a `more` that fetched nothing.
    private static func explain(_ answer: LoadMoreAnswer) -> String {
        switch answer {
        case .started: "started"
        case .alreadyLoading: "alreadyLoading, nothing fetched again (a page is in flight)"
        case .endReached: "endReached, nothing fetched (the list is complete)"
        case .refreshInFlight: "refreshInFlight, nothing fetched (a load is in flight)"
        case .noContent: "noContent, nothing fetched (no colours on screen to extend)"
        }
    }
}
