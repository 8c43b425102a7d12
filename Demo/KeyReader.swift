import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The keys typed on standard input, one byte at a time, as an async sequence that ends at
/// end of input.
enum KeyReader {
    /// Starts a thread that reads standard input and returns the bytes it reads.
    static func keys() -> AsyncStream<UInt8> {
        let (stream, continuation) = AsyncStream.makeStream(of: UInt8.self)
        // A plain thread: a blocking read must not hold one of the few cooperative threads.
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(0, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                guard count == 1 else { break }
                continuation.yield(byte)
            }
            continuation.finish()
        }
        thread.start()
        return stream
    }
}
