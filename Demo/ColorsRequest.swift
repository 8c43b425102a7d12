import ContentLoading

/// One request to the simulated colour service, planned in full when it is sent: its number,
/// what it will answer and after how long.
///
/// Planning up front, in tap order, keeps a seeded run reproducible however the answers
/// interleave.
struct ColorsRequest: Sendable {
    /// The request's number, counting from 1; the demo calls it the tap number.
    let number: Int
    /// What the tap asked for.
    let outcome: Outcome
    /// The page asked for: 1 for a reload (the first page), the cursor for `more`.
    let page: Int
    /// How long the service takes to answer.
    let latency: Duration
    /// The answer: a page of colours and the cursor of the page after it, or a failure.
    let result: Result<Page<[ColorRow], Int>, ColorsLoadError>

    /// What was asked, for the demo's lines: `success`, or `more, page 2` for a page.
    var label: String { outcome.isPage ? "\(outcome), page \(page)" : "\(outcome)" }

    /// Waits out the latency, then answers.
    ///
    /// Like a real server, it answers even when the answer is no longer wanted: dropping
    /// stale answers is the framework's job, and the demo shows it doing so.
    func response() async -> Result<Page<[ColorRow], Int>, ColorsLoadError> {
        if latency > .zero {
            try? await ContinuousClock().sleep(for: latency)
        }
        return result
    }
}
