import ContentLoading

/// A child's token, named by the child and its place among that child's tokens, so workers on
/// any thread can carry it and the main actor can tell which load it was.
struct TokenTicket: Sendable, Hashable, CustomStringConvertible {
    let child: Int
    /// The token's index among the child's tokens, oldest first.
    let index: Int
    let token: LoadingState

    var description: String { "child \(child) load #\(index + 1)" }
}
