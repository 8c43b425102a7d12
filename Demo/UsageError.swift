/// Bad command-line input: says what was wrong and, when it can, what was probably meant.
/// The demo prints it with the usage to standard error and exits 64 (`EX_USAGE`).
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, as a sentence.
    let message: String

    /// The message.
    var description: String { message }

    /// An unknown `word`, with a suggestion from `candidates` when one is close, else from
    /// `otherwise` (words of the other kind: an option for a command, or the reverse).
    static func unknown(_ kind: String, _ word: String, candidates: [String], otherwise: [String] = []) -> UsageError {
        var message = "unknown \(kind) '\(word)'."
        let suggestion = Suggestion.nearest(to: word, in: candidates) ?? Suggestion.nearest(to: word, in: otherwise)
        if let suggestion {
            message += " Did you mean '\(suggestion)'?"
        }
        return UsageError(message: message)
    }

    /// `--interval` or `--sequential` in interactive mode, where the keys are the taps.
    static func tapPacingInInteractiveMode(_ option: String) -> UsageError {
        UsageError(
            message: "\(option) paces the taps of commands such as 'demo success error'; in interactive mode, "
                + "the keys are the taps.")
    }
}
