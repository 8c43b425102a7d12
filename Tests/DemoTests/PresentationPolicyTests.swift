import ContentLoadingTestSupport
import Testing

/// The demo uses `PresentationPolicy.standard`: a load faster than the 500 ms loading delay
/// goes straight to its result. `--immediate` shows every state, loading included.
@Suite(.timeLimit(.minutes(3)), .hangLimit) struct PresentationPolicyTests {
    @Test func aFastLoadUnderTheStandardPolicyNeverShowsLoading() async throws {
        let result = try await DemoRunner.run(["success", "--latency", "0", "--seed", "5"])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first?.hasSuffix("policy standard") == true)
        #expect(
            result.stateLines == [
                "state: initial — No colours loaded yet — Loading as the commands asked.",
                "state: content (25 rows)",
            ], "\(result)")
    }

    @Test func theSameLoadWithImmediateShowsLoadingFirst() async throws {
        let result = try await DemoRunner.run(["success", "--latency", "0", "--seed", "5", "--immediate"])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first?.hasSuffix("policy immediate") == true)
        #expect(
            result.stateLines == [
                "state: initial — No colours loaded yet — Loading as the commands asked.",
                "state: loading",
                "state: content (25 rows)",
            ], "\(result)")
    }
}
