/// What a session of `demo` in a pseudo-terminal produced.
struct PseudoTerminalResult: Sendable, Decodable, CustomStringConvertible {
    /// The exit status.
    let status: Int32
    /// Whether the terminal's settings after the demo exited equal those before it started.
    let restored: Bool
    /// The first step that did not happen, if any.
    let failure: String?
    /// Everything the demo drew, escape codes included.
    let output: String

    /// The output with every escape sequence removed, as a person would read the screen.
    var text: String {
        output.replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "")
    }

    /// The status, the failure and the end of the output, for failure messages.
    var description: String {
        "status \(status), restored \(restored), failure \(failure ?? "none")\n\(text.suffix(3000))"
    }
}
