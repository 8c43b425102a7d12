import ContentLoadingTestSupport
import Testing

/// `demo success`, `empty` and `error`: one load each, in plain output (the tests' stdout is
/// a pipe), with a fixed seed.
@Suite(.timeLimit(.minutes(3)), .hangLimit) struct CommandTests {
    /// Small latencies keep the runs fast; the seed makes the colours reproducible.
    static let fast = ["--seed", "7", "--latency", "5ms"]

    @Test func successShowsTwentyFiveColourRows() async throws {
        let result = try await DemoRunner.run(["success"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(result.stateLines.last == "state: content (25 rows)", "\(result)")
        let rows = result.lines.filter { $0.wholeMatch(of: #/  #[0-9A-F]{6}  [a-z]+/#) != nil }
        #expect(rows.count == 25, "\(result)")
        #expect(result.lines(startingWith: "accepted: ") == ["accepted: response #1 (success)"])
        #expect(result.lines.first == "demo: seed 7, latency 5ms, interval 150ms, policy standard")
        #expect(result.lines.contains("done: 1 tap, 0 stale responses dropped"))
        #expect(result.standardError.isEmpty)
    }

    @Test func theSameSeedDrawsTheSameColours() async throws {
        let first = try await DemoRunner.run(["success"] + Self.fast)
        let second = try await DemoRunner.run(["success"] + Self.fast)
        let other = try await DemoRunner.run(["success", "--seed", "8", "--latency", "5ms"])
        let rows = { (result: DemoResult) in result.lines.filter { $0.hasPrefix("  #") } }
        #expect(rows(first).count == 25)
        #expect(rows(first) == rows(second))
        #expect(rows(first) != rows(other))
    }

    @Test func emptyShowsThePlaceholderWithItsAction() async throws {
        let result = try await DemoRunner.run(["empty"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(result.stateLines.last == "state: empty — No colours — The palette came back empty. — [Reload]")
        #expect(!result.lines.contains { $0.hasPrefix("  #") })
    }

    @Test func errorShowsTheMessageAndRetryAndStillExitsZero() async throws {
        let result = try await DemoRunner.run(["error"] + Self.fast)
        #expect(result.status == 0, "the demo worked, even though the load failed: \(result)")
        #expect(
            result.stateLines.last
                == "state: error — Couldn't load colours — the colour service answered 503 to request #1 — [Retry]")
    }

    @Test func theInitialPlaceholderComesFirst() async throws {
        let result = try await DemoRunner.run(["success"] + Self.fast)
        #expect(result.stateLines.first == "state: initial — No colours loaded yet — Loading as the commands asked.")
    }

    @Test func helpGoesToStandardOutputAndExitsZero() async throws {
        for flag in ["--help", "-h"] {
            let result = try await DemoRunner.run([flag])
            #expect(result.status == 0)
            #expect(result.standardOutput.hasPrefix("USAGE: demo"))
            #expect(result.standardOutput.contains("--immediate"))
            #expect(result.standardError.isEmpty)
        }
    }

    @Test func helpFitsEightyColumns() async throws {
        let result = try await DemoRunner.run(["--help"])
        let wide = result.lines.filter { $0.count > 80 }
        #expect(wide.isEmpty, "\(wide)")
    }

    @Test func versionPrintsTheVersion() async throws {
        let result = try await DemoRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.wholeMatch(of: /demo \d+\.\d+\.\d+\n/) != nil, "\(result)")
    }

    @Test(arguments: [["--plain"], ["--plain", "--immediate"], []])
    func outputOffATerminalHasNoEscapeCodes(extra: [String]) async throws {
        let result = try await DemoRunner.run(
            ["success", "success", "error", "empty", "success", "--interval", "5ms", "--latency", "1ms..30ms"] + extra)
        #expect(result.status == 0, "\(result)")
        #expect(!result.containsEscapes, "\(result)")
    }

    @Test func noColorAndPlainKeepTheSameText() async throws {
        let plain = try await DemoRunner.run(["empty", "--plain"] + Self.fast)
        let noColor = try await DemoRunner.run(["empty"] + Self.fast, environment: ["NO_COLOR": "1"])
        #expect(plain.standardOutput == noColor.standardOutput)
        #expect(!noColor.containsEscapes)
    }
}
