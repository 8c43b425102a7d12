#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered writes to standard output and standard error, so lines appear the moment a
/// state changes and nothing is lost when the process exits.
enum StandardStream {
    /// Writes `text` to standard output.
    static func out(_ text: String) { writeAll(text, to: 1) }

    /// Writes `text` to standard error.
    static func error(_ text: String) { writeAll(text, to: 2) }

    private static func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in write(descriptor, buffer.baseAddress, buffer.count) }
            if written < 0 && errno == EINTR { continue }
            // A closed pipe (`demo | head -1`) is not an error worth dying for: stop writing.
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
