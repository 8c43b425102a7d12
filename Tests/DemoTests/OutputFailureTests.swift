import ContentLoadingTestSupport
import Testing

/// When nobody reads the output any more (`demo … | head -1`), the demo stops quietly with
/// status 0 instead of dying of SIGPIPE; when standard output cannot be written at all, it
/// says so on standard error and exits 74.
@Suite(.timeLimit(.minutes(3)), .hangLimit) struct OutputFailureTests {
    @Test(arguments: [["--help"], ["--version"], ["success", "success", "--latency", "5ms", "--seed", "1"]])
    func aReaderThatWentAwayEndsTheDemoQuietly(arguments: [String]) async throws {
        let result = try await DemoRunner.run(arguments, output: .pipeWithoutReader)
        #expect(!result.diedOfSignal, "\(result)")
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.isEmpty, "\(result)")
    }

    @Test(arguments: [["--help"], ["success", "--latency", "5ms", "--seed", "1"]])
    func aClosedStandardOutputIsAnError(arguments: [String]) async throws {
        let result = try await DemoRunner.run(arguments, output: .closed)
        #expect(!result.diedOfSignal, "\(result)")
        #expect(result.status == 74, "\(result)")
        #expect(result.standardError == "demo: cannot write to standard output: Bad file descriptor.\n", "\(result)")
    }
}
