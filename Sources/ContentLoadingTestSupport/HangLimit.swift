#if canImport(Testing)
    import Dispatch
    import Foundation  // ProcessInfo, FileHandle, exit
    public import Testing

    /// A trait that ends the test process when a test runs far past its limit, so a regression
    /// that hangs fails the run instead of keeping it waiting until something kills it.
    ///
    /// ```swift
    /// @Suite(.timeLimit(.minutes(1)), .hangLimit)
    /// struct ReloadTests { … }
    /// ```
    ///
    /// Swift Testing's `.timeLimit` records an issue and cancels the test, but on Linux an await
    /// that ignores cancellation (a continuation nobody resumes, another task's `value`) still
    /// never returns, and the run waits forever. Every wait in these suites is bounded by itself
    /// (``WaitLimit``); this is the backstop for the one that is not. When a test (each test
    /// function, every case of it together) is still running after its limit, the trait prints
    /// the test's name and where it is declared to standard error and exits the process with
    /// status 1: the run fails, naming the test that hung.
    ///
    /// The limit is ``defaultLimit`` unless given. The environment can change it for a whole run:
    /// `HANG_LIMIT_SECONDS=<n>` sets it (the fault script uses a short one), and `STRESS=1`
    /// multiplies it by 100, as the race suites multiply their iterations.
    public struct HangLimit: SuiteTrait, TestTrait, TestScoping {
        /// How long a test may run before the process ends, before the environment's scaling.
        public let limit: Duration

        /// Five minutes: several times the slowest test under ThreadSanitizer on two cores.
        public static let defaultLimit: Duration = .seconds(300)

        /// Applies to every test in a suite it is attached to.
        public var isRecursive: Bool { true }

        /// The limit in force: `HANG_LIMIT_SECONDS` if set, else ``limit``; times 100 under
        /// `STRESS=1`.
        public var effectiveLimit: Duration {
            let environment = ProcessInfo.processInfo.environment
            var seconds = Double(limit.components.seconds)
            if let text = environment["HANG_LIMIT_SECONDS"], let asked = Double(text), asked > 0 { seconds = asked }
            if environment["STRESS"] == "1" { seconds *= 100 }
            return .seconds(seconds)
        }

        /// Guards each test function, not a suite as a whole.
        public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
            test.isSuite || testCase != nil ? nil : self
        }

        /// Runs the test with a watchdog that ends the process if the test outlives the limit.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let limit = effectiveLimit
            let location = "\(test.sourceLocation.fileID):\(test.sourceLocation.line)"
            let name = test.name
            let watchdog = WaitLimit.timer(after: limit) {
                let message =
                    "HangLimit: the test \(name) (\(location)) was still running after \(limit): "
                    + "ending the test process so that the hang fails the run.\n"
                FileHandle.standardError.write(Data(message.utf8))
                exit(1)
            }
            defer { watchdog.cancel() }
            try await function()
        }
    }

    extension Trait where Self == HangLimit {
        /// Ends the test process if a test runs past ``HangLimit/defaultLimit`` (see ``HangLimit``).
        public static var hangLimit: Self { HangLimit(limit: HangLimit.defaultLimit) }

        /// Ends the test process if a test runs past `limit` (see ``HangLimit``).
        public static func hangLimit(_ limit: Duration) -> Self { HangLimit(limit: limit) }
    }
#endif
