/// What one tap asks of the simulated colour service: the demo's buttons.
///
/// `success`, `empty`, `error` and `flaky` reload the list (the refresh lane: its first page);
/// `more` and `more-error` ask for the page after the rows on screen (the append lane).
enum Outcome: String, Sendable, CaseIterable, CustomStringConvertible {
    /// A first page of colours.
    case success
    /// An empty list.
    case empty
    /// A failure.
    case error
    /// A service that fails the first two requests after the tap and answers the third with a
    /// first page: a retry (`--retry`) or a Retry tap reaches it.
    case flaky
    /// The next page of colours.
    case more
    /// The next page fails.
    case moreError = "more-error"

    /// The outcomes a section of `demo sections` may be given.
    static let sectionOutcomes: [Outcome] = [.success, .error, .empty]

    /// Whether the tap asks for the next page rather than reloading the list.
    var isPage: Bool { self == .more || self == .moreError }

    /// Whether the tap's first request fails, so that with `--retry` its load waits to retry.
    var failsFirst: Bool { self == .error || self == .flaky || self == .moreError }

    /// The command-line word.
    var description: String { rawValue }
}
