import ContentLoadingTestSupport
import Testing

/// `more` and `more-error`: the demo's list pages through a `PagedDataSource`. Each `more`
/// waits for the taps before it to settle (the list must be on screen to scroll to its end),
/// so these runs do not depend on timing; a reload after a `more` does not wait, and with
/// `--interval 0` it always lands while the page is in flight.
@Suite(.timeLimit(.minutes(3)), .hangLimit) struct PagingTests {
    static let fast = ["--seed", "7", "--latency", "5ms", "--interval", "0"]

    /// The colour rows printed, each once: a page prints only its own rows.
    static func rows(_ result: DemoResult) -> [String] {
        result.lines.filter { $0.wholeMatch(of: #/  #[0-9A-F]{6}  [a-z]+/#) != nil }
    }

    @Test func twoPagesEndOnSeventyFiveRows() async throws {
        let result = try await DemoRunner.run(["success", "more", "more", "--immediate"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stateLines.suffix(3) == [
                "state: content (25 rows)", "state: content (50 rows)", "state: content (75 rows)",
            ], "\(result)")
        #expect(Self.rows(result).count == 75, "\(result)")
        #expect(Set(Self.rows(result)).count == 75, "every page brings rows of its own: \(result)")
        #expect(
            result.lines(startingWith: "tap #") == [
                "tap #1: success (answers in 5ms)", "tap #2: more, page 2 (answers in 5ms)",
                "tap #3: more, page 3 (answers in 5ms)",
            ], "\(result)")
        #expect(
            result.lines(startingWith: "accepted: ") == [
                "accepted: response #1 (success)", "accepted: response #2 (more, page 2)",
                "accepted: response #3 (more, page 3)",
            ], "\(result)")
        // The immediate policy draws the indicator for every page, and takes it away.
        #expect(
            result.lines(startingWith: "footer: ") == [
                "footer: loading more…", "footer: hidden", "footer: loading more…", "footer: hidden",
            ], "\(result)")
        #expect(result.lines.contains("done: 3 taps, 0 stale responses dropped"), "\(result)")
        #expect(result.standardError.isEmpty)
    }

    @Test func aFailedPageKeepsTheRowsAndOffersRetry() async throws {
        let result = try await DemoRunner.run(["success", "more-error"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(result.stateLines.last == "state: content (25 rows)", "\(result)")
        #expect(!result.lines.contains { $0.hasPrefix("state: error") }, "\(result)")
        #expect(Self.rows(result).count == 25, "\(result)")
        // Under the standard policy a 5 ms page never shows the indicator: only the failure.
        #expect(
            result.lines(startingWith: "footer: ") == [
                "footer: failed — Couldn't load more colours — the colour service answered 503 to request #2 — [Retry]"
            ], "\(result)")
        #expect(result.lines.contains("tap #2: more-error, page 2 (answers in 5ms)"), "\(result)")
        #expect(result.lines.contains("done: 2 taps, 0 stale responses dropped"), "\(result)")
    }

    @Test func aRefreshDuringAPageDropsThePage() async throws {
        let result = try await DemoRunner.run(["success", "more", "success"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(result.stateLines.last == "state: content (25 rows)", "\(result)")
        #expect(!result.lines.contains("state: content (50 rows)"), "the stale page reached the list: \(result)")
        #expect(result.lines(startingWith: "dropped: ") == ["dropped: stale response #2 (more, page 2)"], "\(result)")
        #expect(result.lines.contains("accepted: response #3 (success)"), "\(result)")
        #expect(result.lines.contains("done: 3 taps, 1 stale response dropped"), "\(result)")
        // The refresh replaced the first page's rows: 25 printed for each.
        #expect(Self.rows(result).count == 50, "\(result)")
    }

    @Test(arguments: [["more"], ["empty", "more"], ["error", "more"]])
    func moreWithNoRowsOnScreenSaysNoContent(commands: [String]) async throws {
        let result = try await DemoRunner.run(commands + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines(startingWith: "load more: ") == [
                "load more: noContent, nothing fetched (no colours on screen to extend)"
            ], "\(result)")
        #expect(!result.lines.contains { $0.hasPrefix("tap #\(commands.count):") }, "nothing was fetched: \(result)")
        #expect(
            result.lines.contains(
                "done: \(commands.count - 1) \(commands.count == 2 ? "tap" : "taps"), 0 stale responses dropped"),
            "\(result)")
    }

    @Test func moreAfterTheLastPageSaysEndReached() async throws {
        let result = try await DemoRunner.run(["success", "more", "more", "more", "more"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(result.stateLines.last == "state: content (100 rows)", "\(result)")
        #expect(result.lines(startingWith: "footer: ") == ["footer: end of list"], "\(result)")
        #expect(
            result.lines(startingWith: "load more: ") == [
                "load more: endReached, nothing fetched (the list is complete)"
            ], "\(result)")
        #expect(result.lines.contains("done: 4 taps, 0 stale responses dropped"), "\(result)")
    }

    /// A refresh starts the list over: after the end, `more` fetches page 2 again.
    @Test func aRefreshAfterTheEndPagesAgain() async throws {
        let result = try await DemoRunner.run(
            ["success", "more", "more", "more", "success", "more"] + Self.fast + ["--sequential"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stateLines.last == "state: content (50 rows)", "\(result)")
        #expect(result.lines(startingWith: "footer: ") == ["footer: end of list", "footer: hidden"], "\(result)")
        #expect(result.lines.contains("accepted: response #6 (more, page 2)"), "\(result)")
    }
}
