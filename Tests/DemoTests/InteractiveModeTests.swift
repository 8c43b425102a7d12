import ContentLoadingTestSupport
import Testing

/// The interactive screen, driven in a pseudo-terminal: keys in, screen out, terminal back
/// as it was on every way out.
@Suite(
    .enabled(if: PseudoTerminal.isAvailable, "needs python3 on PATH to drive a pseudo-terminal"),
    .timeLimit(.minutes(3)), .hangLimit)
struct InteractiveModeTests {
    static let fast = ["--seed", "5", "--latency", "5ms..20ms", "--immediate"]

    @Test func keysDriveTheFourStatesAndQQuits() async throws {
        let result = try await PseudoTerminal.run(
            ["interactive"] + Self.fast,
            steps: [
                .waitFor("[s] success  [e] empty  [x] error  [f] flaky  [m] more  [r] retry  [q] quit"),
                .type("s"), .waitFor("25 colours"),
                .type("e"), .waitFor("The palette came back empty."),
                .type("x"), .waitFor("the colour service answered 503 to request #3"),
                .type("r"), .waitFor("the colour service answered 503 to request #4"),
                .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        #expect(result.restored, "terminal settings changed: \(result)")
        // It drew on the alternate screen with the cursor hidden, and undid both last.
        #expect(result.output.hasPrefix("\u{1B}[?1049h\u{1B}[?25l"), "\(result)")
        #expect(result.output.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "\(result)")
        // The last screen is the last key's: the retried error.
        let screen = result.finalScreen
        #expect(screen.contains("  error"), "\(screen)")
        #expect(screen.contains("   Couldn't load colours"), "\(screen)")
        #expect(screen.contains("   the colour service answered 503 to request #4"), "\(screen)")
        #expect(screen.contains("   [r] Retry"), "\(screen)")
    }

    @Test func rapidKeysShowLatestWins() async throws {
        let result = try await PseudoTerminal.run(
            ["interactive", "--seed", "6", "--latency", "30ms..60ms", "--immediate"],
            steps: [
                .waitFor("[q] quit"),
                .type("e"), .waitFor("all answers in (1 tap,"),
                .type("sssx"), .waitFor("all answers in (5 taps"),
                .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0)
        #expect(result.restored)
        let text = result.text
        #expect(text.contains("accepted: response #5 (error)"))
        for number in 2...4 {
            #expect(
                text.contains("dropped: stale response #\(number) (success)")
                    || text.contains("accepted: response #\(number) (success)"), "\(result)")
        }
        // Whatever the order of the answers, the screen ends on the last key's error.
        let screen = result.finalScreen
        #expect(screen.contains("  error"), "\(screen)")
        #expect(screen.contains("   the colour service answered 503 to request #5"), "\(screen)")
        #expect(screen.contains(" accepted: response #5 (error)"), "\(screen)")
    }

    @Test func aFailedRefreshKeepsTheRowsWithANotice() async throws {
        let result = try await PseudoTerminal.run(
            ["interactive"] + Self.fast,
            steps: [
                .waitFor("[q] quit"),
                .type("s"), .waitFor("all answers in (1 tap,"),
                .type("x"), .waitFor("all answers in (2 taps"),
                .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        let screen = result.finalScreen
        #expect(screen.contains("  content · 25 colours"), "\(screen)")
        #expect(
            screen.contains("  notice: refresh failed: the colour service answered 503 to request #2"), "\(screen)")
        #expect(screen.contains { $0.wholeMatch(of: #/ {2}\s{6}  #[0-9A-F]{6}  [a-z]+/#) != nil }, "\(screen)")
        #expect(!screen.contains("   Couldn't load colours"), "\(screen)")
    }

    @Test func noColorOnATerminalIsPlainToo() async throws {
        let result = try await PseudoTerminal.run(
            ["interactive"] + Self.fast, environment: ["NO_COLOR": "1"],
            steps: [.waitFor("q quit"), .type("x"), .waitFor("[Retry]"), .type("q")])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0)
        #expect(result.restored)
        #expect(!result.output.contains("\u{1B}"), "\(result)")
        #expect(result.output.contains("state: error — Couldn't load colours"))
    }

    @Test func commandsOnATerminalAnimateAndEndCleanly() async throws {
        let result = try await PseudoTerminal.run(
            ["success", "--seed", "5", "--latency", "400ms", "--immediate"], steps: [.waitFor("done: 1 tap")])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0)
        #expect(result.restored)
        // The spinner turned (at least two of its frames were drawn), and a colour swatch.
        let frames = Set(result.output.matches(of: /(\S) Loading colours…/).map { String($0.output.1) })
        #expect(frames.count >= 2, "spinner frames drawn: \(frames)")
        #expect(result.output.contains("\u{1B}[48;2;"), "\(result)")
    }

    /// With no command on a terminal the demo is interactive, where the keys are the taps.
    @Test(arguments: [["--interval", "5ms"], ["--sequential"]])
    func tapPacingOptionsAreRejectedInInteractiveMode(option: [String]) async throws {
        let result = try await PseudoTerminal.run(option, steps: [])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 64, "\(result)")
        #expect(result.restored)
        #expect(result.text.hasPrefix("demo: \(option[0]) paces the taps of commands"), "\(result)")
        #expect(result.text.contains("USAGE: demo"))
    }
}
