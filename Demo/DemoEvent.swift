import ContentLoading

/// Something the demo reports besides the screen itself: taps, requests, answers, dropped
/// stale answers, retries, refused requests for more, and refresh failures. Each prints as one
/// stable line.
enum DemoEvent: Sendable, CustomStringConvertible {
    /// The run began; says how to replay it.
    case started(seed: UInt64, latency: LatencyRange, interval: Duration?, policy: String, retry: RetrySettings)
    /// A tap sent a request.
    case tapped(ColorsRequest)
    /// A request sent without a tap of its own: a retry's, or a section's.
    case requested(ColorsRequest)
    /// The sections were tapped: each asks the service for its outcome.
    case tappedSections([(Palette, Outcome)])
    /// A request's answer was current and is now on screen.
    case accepted(ColorsRequest)
    /// A request's answer arrived after a newer tap, and the framework dropped it.
    case dropped(ColorsRequest)
    /// A request failed, and its load will try again: `page` names the page for a page's load.
    case retrying(RetryAttempt, page: Int?)
    /// A request failed and its load was waiting to retry when a newer tap came: no retry is made.
    case retryDropped(ColorsRequest)
    /// A `more` tap fetched nothing: the data source's answer says why.
    case loadMore(LoadMoreAnswer)
    /// A refresh failed while the rows stayed on screen.
    case refreshFailed(String)
    /// A section failed while the others' colours stayed on screen.
    case sectionFailed(String)
    /// The composed state of the sections, and each section's.
    case sections(ContentState, [SectionSummary])
    /// Every answer is in and the screen shows the last tap's result.
    case finished(taps: Int, requests: Int, dropped: Int)
    /// A line of `demo store`.
    case store(StoreLine)

    /// The event's line, without styling.
    var description: String {
        switch self {
        case .started(let seed, let latency, let interval, let policy, let retry):
            let pacing = interval.map { ", interval \(DurationText.format($0))" } ?? ""
            let retries = retry.retries > 0 ? ", \(retry)" : ""
            return "demo: seed \(seed), latency \(latency)\(pacing), policy \(policy)\(retries)"
        case .tapped(let request):
            return "tap #\(request.number): \(request.label) (answers in \(DurationText.format(request.latency)))"
        case .requested(let request):
            return "request #\(request.number): \(request.label) (answers in \(DurationText.format(request.latency)))"
        case .tappedSections(let sections):
            return "tap: sections (\(sections.map { "\($0.0) \($0.1)" }.joined(separator: ", ")))"
        case .accepted(let request):
            return "accepted: response #\(request.number) (\(request.label))"
        case .dropped(let request):
            return "dropped: stale response #\(request.number) (\(request.label))"
        case .retrying(let attempt, let page):
            let what = page.map { "retrying page \($0)" } ?? "retrying"
            return
                "\(what) (attempt \(attempt.number) of \(attempt.maxAttempts), retry \(attempt.number - 1) of "
                + "\(attempt.maxAttempts - 1)) after \(DurationText.format(attempt.delay)): \(attempt.error)"
        case .retryDropped(let request):
            return "dropped: the retry after response #\(request.number) (\(request.label)): a newer tap came first"
        case .loadMore(let answer):
            return "load more: \(Self.explain(answer))"
        case .refreshFailed(let message):
            return "notice: refresh failed: \(message)"
        case .sectionFailed(let message):
            return "notice: a section failed: \(message)"
        case .sections(let state, let sections):
            return "sections: \(state) — \(sections.map(\.summary).joined(separator: ", "))"
        case .store(let line):
            return line.description
        case .finished(let taps, let requests, let dropped):
            let sent = requests == taps ? "" : " (\(requests) \(requests == 1 ? "request" : "requests"))"
            return
                "done: \(taps) \(taps == 1 ? "tap" : "taps")\(sent), \(dropped) stale \(dropped == 1 ? "response" : "responses") dropped"
        }
    }

    /// The answer's name and what it means, for a `more` that fetched nothing.
    private static func explain(_ answer: LoadMoreAnswer) -> String {
        switch answer {
        case .started: "started"
        case .alreadyLoading: "alreadyLoading, nothing fetched again (a page is in flight)"
        case .refused(.endReached): "endReached, nothing fetched (the list is complete)"
        case .refused(.refreshInFlight): "refreshInFlight, nothing fetched (a load is in flight)"
        case .refused(.noContent): "noContent, nothing fetched (no colours on screen to extend)"
        }
    }
}
