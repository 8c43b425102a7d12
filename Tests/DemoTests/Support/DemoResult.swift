/// What one run of `demo` produced.
struct DemoResult: Sendable, CustomStringConvertible {
    /// The exit status, or the number of the signal that ended the demo.
    let status: Int32
    /// Whether a signal ended the demo (`status` is then the signal's number).
    let diedOfSignal: Bool
    /// Everything written to standard output.
    let standardOutput: String
    /// Everything written to standard error.
    let standardError: String

    /// Standard output, line by line.
    var lines: [String] { standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// The lines that report a state change (`state: …`), in order.
    var stateLines: [String] { lines.filter { $0.hasPrefix("state: ") } }

    /// The lines that start with `prefix`.
    func lines(startingWith prefix: String) -> [String] { lines.filter { $0.hasPrefix(prefix) } }

    /// Whether either stream holds an escape character (the start of every ANSI code).
    var containsEscapes: Bool { (standardOutput + standardError).contains("\u{1B}") }

    /// Both streams and the status, for failure messages.
    var description: String {
        "\(diedOfSignal ? "signal" : "status") \(status)\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)"
    }
}
