import ContentLoadingTestSupport
import Testing

/// `demo sections`: three sections (warm, cool, neutral), each its own data source, in one
/// `ComposedDataSource` drawn by one wrapper. The screen shows the loaded sections with a failed
/// one beside them; the last lines print the composed state and each section's.
@Suite(.timeLimit(.minutes(3)), .hangLimit) struct SectionsTests {
    static let fast = ["--seed", "7", "--latency", "5ms..20ms"]

    /// The colour rows of the sections, printed under their section.
    static func rows(_ result: DemoResult) -> [String] {
        result.lines.filter { $0.wholeMatch(of: #/    #[0-9A-F]{6}  [a-z]+/#) != nil }
    }

    @Test func aFailedSectionShowsBesideTheLoadedOnes() async throws {
        let result = try await DemoRunner.run(["sections", "--section-outcomes", "success,error,empty"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.contains("tap: sections (warm success, cool error, neutral empty)"), "\(result)")
        #expect(
            result.lines(startingWith: "request #") == [
                "request #1: warm section, success (answers in 11ms)",
                "request #2: cool section, error (answers in 12ms)",
                "request #3: neutral section, empty (answers in 10ms)",
            ], "\(result)")
        #expect(result.stateLines.last == "state: content (5 rows in 1 of 3 sections)", "\(result)")
        #expect(!result.lines.contains { $0.hasPrefix("state: error") }, "the failure hid the content: \(result)")
        // Under the content state, every section: the loaded one with its colours, the failed one beside it.
        let content = try #require(result.lines.lastIndex(of: "state: content (5 rows in 1 of 3 sections)"))
        let body = Array(result.lines[(content + 1)...].prefix(8))
        #expect(body.first == "  warm: content (5 rows)", "\(result)")
        #expect(body.dropFirst().prefix(5).allSatisfy { $0.hasPrefix("    #") }, "\(result)")
        #expect(
            Array(body.suffix(2)) == [
                "  cool: error — the colour service answered 503 to request #2", "  neutral: empty",
            ], "\(result)")
        #expect(
            result.lines.contains("notice: a section failed: the colour service answered 503 to request #2"),
            "\(result)")
        #expect(result.lines.contains("sections: content — warm content (5 rows), cool error, neutral empty"))
        #expect(result.lines.last { !$0.isEmpty } == "done: 1 tap (3 requests), 0 stale responses dropped")
        #expect(result.standardError.isEmpty)
    }

    @Test func everySectionSucceedsByDefault() async throws {
        let result = try await DemoRunner.run(["sections"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(result.stateLines.last == "state: content (15 rows in 3 of 3 sections)", "\(result)")
        #expect(Self.rows(result).count == 15, "\(result)")
        #expect(
            result.lines.contains(
                "sections: content — warm content (5 rows), cool content (5 rows), neutral content (5 rows)"),
            "\(result)")
        #expect(!result.lines.contains { $0.hasPrefix("notice:") }, "\(result)")
    }

    /// With no content anywhere, the composed state follows the rule: error before empty.
    @Test(arguments: [
        (
            "error,empty,error",
            "state: error — Couldn't load any section — the colour service answered 503 to request #",
            "sections: error — warm error, cool empty, neutral error"
        ),
        (
            "empty,empty,empty", "state: empty — No colours — Every section came back empty. — [Reload]",
            "sections: empty — warm empty, cool empty, neutral empty"
        ),
    ])
    func withoutContentTheScreenIsOnePlaceholder(outcomes: String, state: String, summary: String) async throws {
        let result = try await DemoRunner.run(
            ["sections", "--section-outcomes", outcomes, "--seed", "7", "--latency", "5ms", "--immediate"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stateLines.last?.hasPrefix(state) == true, "\(result)")
        // One loading screen for all three, never one per section.
        #expect(result.stateLines.filter { $0 == "state: loading" }.count == 1, "\(result)")
        #expect(result.lines.contains(summary), "\(result)")
        #expect(Self.rows(result).isEmpty, "\(result)")
    }

    /// Sections retry too: each section's retry is its own request.
    @Test func aFailedSectionRetries() async throws {
        let result = try await DemoRunner.run(
            [
                "sections", "--section-outcomes", "success,error,success", "--retry", "1", "--seed", "7", "--latency",
                "5ms",
            ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines(startingWith: "request #4") == [
                "request #4: cool section, error, attempt 2 of 2 (answers in 5ms)"
            ],
            "\(result)")
        #expect(result.lines.contains("  cool: error — the colour service answered 503 to request #4"), "\(result)")
        #expect(
            result.lines.contains("sections: content — warm content (5 rows), cool error, neutral content (5 rows)"))
        #expect(result.lines.contains("done: 1 tap (4 requests), 0 stale responses dropped"), "\(result)")
    }
}
