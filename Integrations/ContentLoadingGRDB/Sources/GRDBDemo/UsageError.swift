/// Bad command-line input: says what was wrong and, when it can, what was probably meant.
/// The demo prints it with the usage to standard error and exits 64 (`EX_USAGE`).
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, as a sentence.
    let message: String

    /// The message.
    var description: String { message }

    /// An unknown `word`, with a suggestion from `candidates` when one is close.
    static func unknown(_ kind: String, _ word: String, candidates: [String]) -> UsageError {
        var message = "unknown \(kind) '\(word)'."
        if let suggestion = Suggestion.nearest(to: word, in: candidates) {
            message += " Did you mean '\(suggestion)'?"
        }
        return UsageError(message: message)
    }
}
