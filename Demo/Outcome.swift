/// What one tap asks of the simulated colour service: the demo's buttons.
///
/// `success`, `empty` and `error` reload the list (the refresh lane: its first page);
/// `more` and `more-error` ask for the page after the rows on screen (the append lane).
enum Outcome: String, Sendable, CaseIterable, CustomStringConvertible {
    /// A first page of colours.
    case success
    /// An empty list.
    case empty
    /// A failure.
    case error
    /// The next page of colours.
    case more
    /// The next page fails.
    case moreError = "more-error"

    /// Whether the tap asks for the next page rather than reloading the list.
    var isPage: Bool { self == .more || self == .moreError }

    /// The command-line word.
    var description: String { rawValue }
}
