import ContentLoading

/// One request to the simulated colour service, planned in full when it is sent: its number,
/// what it will answer and after how long.
///
/// Planning up front, in the order the requests are sent, keeps a seeded run reproducible
/// however the answers interleave.
struct ColorsRequest: Sendable {
    /// The request's number, counting from 1. Every request has one: a tap's, a retry's and
    /// each section's.
    let number: Int
    /// What the tap asked for.
    let outcome: Outcome
    /// The page asked for: 1 for a reload (the first page), the cursor for `more`.
    let page: Int
    /// The section asked for, in `demo sections`.
    let section: Palette?
    /// Which attempt of its load this request is, counting from 1.
    let attempt: Int
    /// How many attempts its load's retry policy allows.
    let maxAttempts: Int
    /// How long the service takes to answer.
    let latency: Duration
    /// The answer: a page of colours and the cursor of the page after it, or a failure.
    let result: Result<Page<[ColorRow], Int>, ColorsLoadError>

    /// What was asked, for the demo's lines: `success`, `more, page 2`, `warm section, error`,
    /// and a retry's attempt after it: `flaky, attempt 2 of 4`.
    var label: String {
        var label = section.map { "\($0) section, \(outcome)" } ?? "\(outcome)"
        if outcome.isPage { label += ", page \(page)" }
        if attempt > 1 { label += ", attempt \(attempt) of \(maxAttempts)" }
        return label
    }

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
