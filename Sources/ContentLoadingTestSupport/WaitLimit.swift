import Dispatch

#if canImport(Testing)
    import Testing
#endif

/// How long the test support waits for something before it gives up, records an issue and
/// lets the test go on, so a regression that never opens a gate fails its test in bounded
/// time instead of hanging the suite.
///
/// ``AsyncGate/wait()`` and `Task.boundedValue()` wait at most ``standard`` unless told
/// otherwise. No wait in the suites comes near it, even under a sanitizer on a loaded machine;
/// it is there only for the wait that would otherwise last forever.
public enum WaitLimit {
    /// 30 seconds.
    public static let standard: Duration = .seconds(30)

    /// The error a wait throws when it gives up.
    public struct Exceeded: Error, CustomStringConvertible {
        /// What was waited for, and where.
        public let description: String
    }

    /// Calls `expire` on a dispatch thread once `limit` has passed, unless the returned timer is
    /// cancelled first. Dispatch, not a task: it fires even when every cooperative thread is
    /// blocked.
    static func timer(after limit: Duration, _ expire: @escaping @Sendable () -> Void) -> any DispatchSourceTimer {
        let (seconds, attoseconds) = limit.components
        let nanoseconds = Int(clamping: seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds))
        timer.setEventHandler(handler: expire)
        timer.resume()
        return timer
    }

    /// Records `exceeded` as an issue of the running test, at `location`.
    static func record(_ exceeded: Exceeded, fileID: String, filePath: String, line: Int, column: Int) {
        #if canImport(Testing)
            Issue.record(
                Comment(rawValue: exceeded.description),
                sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        #endif
    }
}
