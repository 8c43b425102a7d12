#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered writes to standard output and standard error, so lines appear the moment a
/// state changes and nothing is lost when the process exits.
///
/// When standard output can no longer be written, the demo ends at once, after
/// ``beforeOutputFailureExit`` (which restores the terminal): quietly with status 0 if the
/// reader went away (`demo success | head -1`: there is no one left to tell), otherwise with
/// a message on standard error and status 74 (`EX_IOERR`).
///
/// Every write is a change made through ``TerminalGate``, so that a signal can end the demo
/// between two writes from any thread.
@MainActor
enum StandardStream {
    /// `EX_IOERR`: standard output could not be written.
    static let outputErrorExitCode: Int32 = 74

    /// Runs before the demo exits because standard output failed; the demo sets it to stop
    /// drawing and restore the terminal.
    static var beforeOutputFailureExit: () -> Void = {}

    /// Set once standard output failed: later writes to it, the cleanup's included, are dropped.
    private static var outputFailed = false

    /// Writes `text` to standard output, then records what undoes it with `record`, for a
    /// signal that ends the demo.
    static func out(_ text: String, then record: (inout TerminalGate.Undo) -> Void = { _ in }) {
        guard !outputFailed else { return }
        let closedAtStart = outputClosedAtStart
        let failure = TerminalGate.shared.change(
            { closedAtStart ? EBADF : writeAll(text, to: 1) }, then: record)
        if let failure { outputFailed(with: failure) }
    }

    /// Writes `text` to standard error; a failure there is ignored, as there is nowhere left
    /// to report it.
    static func error(_ text: String) { _ = TerminalGate.shared.change { writeAll(text, to: 2) } }

    /// Opens `/dev/null` on any of descriptors 0, 1 and 2 that the demo was started without,
    /// so that no file the process opens later takes their numbers and receives its output.
    /// Call first thing. A closed standard output fails the first write to it.
    static func reserveClosedDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 {
            if descriptor == 1 { outputClosedAtStart = true }
            let null = open("/dev/null", O_RDWR)
            if null >= 0 && null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
    }

    /// Whether standard output was closed when the demo started.
    private static var outputClosedAtStart = false

    private static func outputFailed(with code: Int32) {
        outputFailed = true
        beforeOutputFailureExit()
        if code != EPIPE {
            error("demo: cannot write to standard output: \(String(cString: strerror(code))).\n")
        }
        exit(code == EPIPE ? 0 : outputErrorExitCode)
    }

    /// Writes every byte of `text` to `descriptor`, now; returns the `errno` of a failure, if any.
    nonisolated static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in write(descriptor, buffer.baseAddress, buffer.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return written < 0 ? errno : EIO }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
