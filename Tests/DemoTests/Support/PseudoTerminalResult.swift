/// What a session of `demo` in a pseudo-terminal produced.
struct PseudoTerminalResult: Sendable, Decodable, CustomStringConvertible {
    /// One time the demo stopped (Ctrl-Z) and was continued.
    struct Stop: Sendable, Decodable {
        /// Whether the terminal's settings, while the demo was stopped, were those before it started.
        let restored: Bool
        /// The end of what the demo drew before it stopped.
        let outputBefore: String
    }

    /// The exit status, or `nil` if a signal ended the demo.
    let status: Int32?
    /// The signal that ended the demo, if one did.
    let signal: Int32?
    /// Whether the terminal's settings after the demo exited equal those before it started.
    let restored: Bool
    /// The first step that did not happen, if any.
    let failure: String?
    /// Everything the demo drew, escape codes included.
    let output: String
    /// Every stop, in order; the driver continues the demo after each, as `fg` would.
    let stops: [Stop]

    /// The output with every escape sequence removed, as a person would read the screen.
    var text: String { Self.withoutEscapes(output) }

    /// The last full-screen frame, as a person would read it, line by line: what was on the
    /// alternate screen just before the demo left it.
    var finalScreen: [String] {
        let beforeLeaving = output.ranges(of: "\u{1B}[?1049l").last.map { output[..<$0.lowerBound] } ?? output[...]
        let frame = beforeLeaving.ranges(of: "\u{1B}[H").last.map { beforeLeaving[$0.upperBound...] } ?? ""
        // "\r\n" is one Character, and a newline.
        return Self.withoutEscapes(String(frame)).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map(String.init)
    }

    /// The status, the signal, the failure and the end of the output, for failure messages.
    var description: String {
        "status \(status.map(String.init) ?? "none"), signal \(signal.map(String.init) ?? "none"), "
            + "restored \(restored), failure \(failure ?? "none")\n\(text.suffix(3000))"
    }

    private static func withoutEscapes(_ text: String) -> String {
        text.replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "")
    }
}
