import ContentLoadingTestSupport
import Testing

/// Once rows are shown, a later tap refreshes: the rows stay, with an indicator, and a failed
/// refresh keeps them and says so on one line. `--sequential` makes each tap wait until the
/// previous load settled, so these runs do not depend on timing.
@Suite(.timeLimit(.minutes(3)), .hangLimit) struct RefreshTests {
    @Test func aLaterTapKeepsTheRowsWhileItRefreshes() async throws {
        let result = try await DemoRunner.run([
            "success", "success", "--sequential", "--interval", "0", "--latency", "5ms", "--seed", "4", "--immediate",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stateLines == [
                "state: initial — No colours loaded yet — Loading as the commands asked.",
                "state: loading",
                "state: content (25 rows)",
                "state: refreshing (25 rows)",
                "state: content (25 rows)",
            ], "\(result)")
        // The second answer brought new colours, so the rows are printed again.
        #expect(result.lines.filter { $0.hasPrefix("  #") }.count == 50)
    }

    @Test func aFailedRefreshKeepsTheRowsAndShowsANotice() async throws {
        let result = try await DemoRunner.run([
            "success", "error", "--sequential", "--interval", "0", "--latency", "5ms", "--seed", "4",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stateLines.suffix(3) == [
                "state: content (25 rows)", "state: refreshing (25 rows)", "state: content (25 rows)",
            ], "\(result)")
        #expect(!result.lines.contains { $0.hasPrefix("state: error") })
        #expect(result.lines.contains("notice: refresh failed: the colour service answered 503 to request #2"))
        // The rows did not change, so they are printed once.
        #expect(result.lines.filter { $0.hasPrefix("  #") }.count == 25)
    }

    @Test func anEmptyRefreshReplacesTheRowsWithThePlaceholder() async throws {
        let result = try await DemoRunner.run([
            "success", "empty", "--sequential", "--interval", "0", "--latency", "5ms", "--seed", "4",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stateLines.suffix(2) == [
                "state: refreshing (25 rows)", "state: empty — No colours — The palette came back empty. — [Reload]",
            ], "\(result)")
    }
}
