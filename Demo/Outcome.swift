/// What the simulated colour service answers to one request: the demo's three buttons.
enum Outcome: String, Sendable, CaseIterable, CustomStringConvertible {
    /// About 25 colours.
    case success
    /// An empty list.
    case empty
    /// A failure.
    case error

    /// The command-line word.
    var description: String { rawValue }
}
