import ContentLoadingTestSupport
import Testing

/// The interactive screen with `--retry`: the loading screen says which retry the load waits
/// for ("Retrying (1 of 2)…", from `ScreenModel.retryAttempt`), and `f` loads from the flaky
/// service. Every wait is bounded by the driver (10 s a step).
@Suite(
    .enabled(if: PseudoTerminal.isAvailable, "needs python3 on PATH to drive a pseudo-terminal"),
    .timeLimit(.minutes(3)), .hangLimit)
struct InteractiveRetryTests {
    /// Long enough answers and waits (300 ms, then 300 ms and 600 ms) that each retry's frame is drawn.
    static let slow = ["--seed", "5", "--latency", "300ms", "--immediate"]

    @Test func theLoadingScreenShowsEachRetryThenTheError() async throws {
        let result = try await PseudoTerminal.run(
            ["interactive", "--retry", "2"] + Self.slow,
            steps: [
                .waitFor("[q] quit"),
                .type("x"), .waitFor("Loading colours…"),
                .waitFor("Retrying (1 of 2)…"), .waitFor("Retrying (2 of 2)…"),
                .waitFor("the colour service answered 503 to request #3"), .waitFor("all answers in (1 tap,"),
                .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        #expect(result.restored, "terminal settings changed: \(result)")
        #expect(result.text.contains("retry 2 (waits 300ms, 600ms)"), "\(result)")
        let screen = result.finalScreen
        #expect(screen.contains("  error"), "\(screen)")
        #expect(screen.contains("   the colour service answered 503 to request #3"), "\(screen)")
        #expect(!screen.contains { $0.contains("Retrying") }, "the retry outlived its load: \(screen)")
        #expect(
            screen.contains(
                " retrying (attempt 3 of 3, retry 2 of 2) after 600ms: the colour service answered 503 to request #2"),
            "\(screen)")
    }

    @Test func fLoadsFromTheFlakyServiceAndTheRetriesReachIt() async throws {
        let result = try await PseudoTerminal.run(
            ["interactive", "--retry", "3"] + Self.slow,
            steps: [
                .waitFor("[f] flaky"),
                .type("f"), .waitFor("Retrying (1 of 3)…"), .waitFor("Retrying (2 of 3)…"),
                .waitFor("· 25 colours"), .waitFor("all answers in (1 tap,"),
                .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        let screen = result.finalScreen
        #expect(screen.contains("  content · 25 colours"), "\(screen)")
        #expect(screen.contains(" accepted: response #3 (flaky, attempt 3 of 4)"), "\(screen)")
        #expect(!result.text.contains("Retrying (3 of 3)"), "\(result)")
    }

    /// Without retries the flaky service still recovers: the third tap of Retry reaches it.
    @Test func retryingFlakyByHandReachesItTheThirdTime() async throws {
        let result = try await PseudoTerminal.run(
            ["interactive", "--seed", "5", "--latency", "5ms", "--immediate"],
            steps: [
                .waitFor("[f] flaky"),
                .type("f"), .waitFor("request #1"),
                .type("r"), .waitFor("request #2"),
                .type("r"), .waitFor("· 25 colours"),
                .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        #expect(result.finalScreen.contains(" accepted: response #3 (flaky)"), "\(result.finalScreen)")
    }
}
