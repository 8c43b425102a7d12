/// Where a test run sends the demo's standard output.
enum OutputDestination: Sendable {
    /// A pipe the test reads to the end.
    case pipe
    /// A pipe whose reading end is closed before the demo starts, as when `head` has exited:
    /// every write fails with `EPIPE`.
    case pipeWithoutReader
    /// No standard output at all (`demo >&-`).
    case closed
}
