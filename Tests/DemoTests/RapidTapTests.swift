import ContentLoadingTestSupport
import Testing

/// Several commands in one call: taps in quick succession whose answers come back out of
/// order. Whatever the scheduling, the last tap wins and every other answer is accounted for.
@Suite(.timeLimit(.minutes(3)), .hangLimit) struct RapidTapTests {
    /// With `--interval 0` every tap is made before any answer can be handled, so every
    /// answer but the last tap's is stale, deterministically.
    @Test func allAtOnceDropsEveryAnswerButTheLastTaps() async throws {
        let result = try await DemoRunner.run([
            "success", "success", "error", "empty", "--interval", "0", "--latency", "5ms..40ms", "--seed", "3",
        ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stateLines.last == "state: empty — No colours — The palette came back empty. — [Reload]")
        #expect(result.lines(startingWith: "accepted: ") == ["accepted: response #4 (empty)"])
        #expect(
            Set(result.lines(startingWith: "dropped: ")) == [
                "dropped: stale response #1 (success)", "dropped: stale response #2 (success)",
                "dropped: stale response #3 (error)",
            ])
        #expect(result.lines.last(where: { !$0.isEmpty }) == "done: 4 taps, 3 stale responses dropped")
    }

    /// Spaced taps may be answered in any order, and an answer may even land before the next
    /// tap; the assertions hold for every interleaving.
    @Test(arguments: [3, 11, 42] as [UInt64])
    func spacedTapsEndOnTheLastTapAndAccountForEveryAnswer(seed: UInt64) async throws {
        let taps = ["error", "success", "empty", "error", "success"]
        let result = try await DemoRunner.run(
            taps + ["--interval", "5ms", "--latency", "1ms..40ms", "--seed", "\(seed)"])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first == "demo: seed \(seed), latency 1ms..40ms, interval 5ms, policy standard")
        #expect(result.stateLines.last?.hasPrefix("state: content (25 rows)") == true, "\(result)")
        for (index, outcome) in taps.enumerated() {
            let number = index + 1
            let answers = result.lines.filter {
                $0 == "accepted: response #\(number) (\(outcome))"
                    || $0 == "dropped: stale response #\(number) (\(outcome))"
            }
            #expect(answers.count == 1, "tap #\(number) must be answered exactly once: \(result)")
        }
        #expect(result.lines.contains("accepted: response #5 (success)"), "the last tap always counts")
        let dropped = result.lines(startingWith: "dropped: ").count
        #expect(
            result.lines.contains("done: 5 taps, \(dropped) stale \(dropped == 1 ? "response" : "responses") dropped"))
    }

    @Test func anAnswerThatArrivesAfterANewerTapNeverReachesTheScreen() async throws {
        // With --interval 0, tap #2 begins before tap #1's answer can be handled: #1 is stale.
        let result = try await DemoRunner.run(["--seed", "1", "--latency", "0", "error", "success", "--interval", "0"])
        #expect(result.status == 0)
        #expect(!result.lines.contains { $0.hasPrefix("state: error") }, "\(result)")
        #expect(result.lines.contains("dropped: stale response #1 (error)"))
    }
}
