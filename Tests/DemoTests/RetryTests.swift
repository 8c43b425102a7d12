import ContentLoadingTestSupport
import Testing

/// `--retry N`: a failed load is tried again N times (N + 1 attempts), each retry printed as
/// the delegates hear of it, after waits derived from the latency. `flaky` fails twice, then
/// answers. A tap after a load that fails first comes as that load begins waiting to retry, so
/// these runs do not depend on timing.
@Suite(.timeLimit(.minutes(3)), .hangLimit) struct RetryTests {
    static let fast = ["--seed", "7", "--latency", "5ms"]

    @Test func flakyWithThreeRetriesShowsTheAttemptsAndEndsOnContent() async throws {
        let result = try await DemoRunner.run(["flaky", "--retry", "3", "--immediate"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines.first
                == "demo: seed 7, latency 5ms, interval 150ms, policy immediate, retry 3 (waits 5ms, 10ms, 20ms)",
            "\(result)")
        #expect(
            result.lines(startingWith: "retrying") == [
                "retrying (attempt 2 of 4, retry 1 of 3) after 5ms: the colour service answered 503 to request #1",
                "retrying (attempt 3 of 4, retry 2 of 3) after 10ms: the colour service answered 503 to request #2",
            ], "\(result)")
        #expect(
            result.lines(startingWith: "request #") == [
                "request #2: flaky, attempt 2 of 4 (answers in 5ms)",
                "request #3: flaky, attempt 3 of 4 (answers in 5ms)",
            ], "\(result)")
        // The screen stayed loading through the retries, and ended on the third answer.
        #expect(
            result.stateLines == [
                "state: initial — No colours loaded yet — Loading as the commands asked.", "state: loading",
                "state: content (25 rows)",
            ], "\(result)")
        #expect(result.lines(startingWith: "accepted: ") == ["accepted: response #3 (flaky, attempt 3 of 4)"])
        #expect(result.lines.contains("done: 1 tap (3 requests), 0 stale responses dropped"), "\(result)")
        #expect(result.standardError.isEmpty)
    }

    /// `--retry 2` allows two retries: three attempts, then the error placeholder.
    @Test func errorWithTwoRetriesShowsTwoRetriesThenTheErrorPlaceholder() async throws {
        let result = try await DemoRunner.run(["error", "--retry", "2"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        let retries = result.lines(startingWith: "retrying")
        #expect(
            retries == [
                "retrying (attempt 2 of 3, retry 1 of 2) after 5ms: the colour service answered 503 to request #1",
                "retrying (attempt 3 of 3, retry 2 of 2) after 10ms: the colour service answered 503 to request #2",
            ], "\(result)")
        let error = "state: error — Couldn't load colours — the colour service answered 503 to request #3 — [Retry]"
        #expect(result.stateLines.last == error, "\(result)")
        #expect(result.stateLines.filter { $0.hasPrefix("state: error") }.count == 1, "\(result)")
        // The error placeholder comes after both retries.
        let errorLine = try #require(result.lines.firstIndex(of: error))
        let lastRetry = try #require(result.lines.lastIndex { $0.hasPrefix("retrying") })
        #expect(lastRetry < errorLine, "\(result)")
        #expect(result.lines(startingWith: "accepted: ") == ["accepted: response #3 (error, attempt 3 of 3)"])
        #expect(result.lines.contains("done: 1 tap (3 requests), 0 stale responses dropped"), "\(result)")
    }

    /// The tap comes as the flaky load begins its wait (200 ms here), so it drops the retry:
    /// no second request is sent, and the screen shows the tap's colours.
    @Test func aTapDuringTheWaitDropsTheRetryAndShowsTheTapsResult() async throws {
        let result = try await DemoRunner.run(["flaky", "--retry", "3", "success", "--seed", "7", "--latency", "200ms"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines(startingWith: "retrying") == [
                "retrying (attempt 2 of 4, retry 1 of 3) after 200ms: the colour service answered 503 to request #1"
            ], "\(result)")
        #expect(result.lines(startingWith: "request #").isEmpty, "a retry was sent: \(result)")
        #expect(result.lines.contains("tap #2: success (answers in 200ms)"), "\(result)")
        #expect(
            result.lines.contains("dropped: the retry after response #1 (flaky): a newer tap came first"), "\(result)")
        #expect(result.lines(startingWith: "accepted: ") == ["accepted: response #2 (success)"], "\(result)")
        #expect(result.stateLines.last == "state: content (25 rows)", "\(result)")
        #expect(!result.lines.contains { $0.hasPrefix("state: error") }, "\(result)")
        #expect(result.lines.contains("done: 2 taps, 0 stale responses dropped"), "\(result)")
    }

    /// Without `--retry` (or with 0) nothing is retried: `flaky` fails, and the first line
    /// says nothing of retries.
    @Test(arguments: [[], ["--retry", "0"]])
    func withoutRetriesAFailureIsFinal(option: [String]) async throws {
        let result = try await DemoRunner.run(["flaky"] + option + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first == "demo: seed 7, latency 5ms, interval 150ms, policy standard", "\(result)")
        #expect(result.lines(startingWith: "retrying").isEmpty, "\(result)")
        #expect(
            result.stateLines.last
                == "state: error — Couldn't load colours — the colour service answered 503 to request #1 — [Retry]",
            "\(result)")
        #expect(result.lines.contains("done: 1 tap, 0 stale responses dropped"), "\(result)")
    }

    /// A failed page retries that page only; the rows stay, and the footer fails after the last attempt.
    @Test func aFailedPageRetriesThePage() async throws {
        let result = try await DemoRunner.run(["success", "more-error", "--retry", "1"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines(startingWith: "retrying") == [
                "retrying page 2 (attempt 2 of 2, retry 1 of 1) after 5ms: the colour service answered 503 to request #2"
            ], "\(result)")
        #expect(
            result.lines(startingWith: "request #") == [
                "request #3: more-error, page 2, attempt 2 of 2 (answers in 5ms)"
            ],
            "\(result)")
        #expect(
            result.lines(startingWith: "footer: ") == [
                "footer: failed — Couldn't load more colours — the colour service answered 503 to request #3 — [Retry]"
            ], "\(result)")
        #expect(result.stateLines.last == "state: content (25 rows)", "\(result)")
    }
}
