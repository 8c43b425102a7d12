import ContentLoadingTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Signals in interactive mode, in a pseudo-terminal whose shell does job control: the ones
/// that end the demo restore the terminal, draw nothing after, and end it by the same signal;
/// Ctrl-Z restores the terminal while the demo is stopped and takes it again on `fg`.
@Suite(
    .enabled(if: PseudoTerminal.isAvailable, "needs python3 on PATH to drive a pseudo-terminal"),
    .timeLimit(.minutes(3)), .hangLimit)
struct SignalTests {
    /// What the demo writes last when it leaves the full screen: cursor back, main screen back.
    static let leaveScreen = "\u{1B}[?25h\u{1B}[?1049l"

    struct Ending: Sendable, CustomTestStringConvertible {
        let step: TerminalStep
        let signal: Int32
        let testDescription: String
    }

    static let endings: [Ending] = [
        Ending(step: .type("\u{03}"), signal: SIGINT, testDescription: "Ctrl-C"),
        Ending(step: .type("\u{1C}"), signal: SIGQUIT, testDescription: "Ctrl-\\"),
        Ending(step: .signal("SIGTERM"), signal: SIGTERM, testDescription: "SIGTERM"),
        Ending(step: .signal("SIGHUP"), signal: SIGHUP, testDescription: "SIGHUP"),
    ]

    /// Sent while the spinner animates, so that a frame drawn after the restore would show.
    @Test(arguments: endings)
    func endingSignalsRestoreTheTerminalAndDrawNothingAfter(_ ending: Ending) async throws {
        // No command on a terminal opens the interactive screen.
        let result = try await PseudoTerminal.run(
            ["--seed", "1", "--latency", "10s", "--immediate"],
            steps: [
                .waitFor("[q] quit"), .type("s"), .waitFor("Loading colours…"),
                // The spinner's second frame: its ticker is running.
                .waitFor("⠙ Loading colours…"), ending.step,
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == nil, "\(result)")
        #expect(result.signal == ending.signal, "\(result)")
        #expect(result.restored, "terminal settings changed: \(result)")
        #expect(result.output.hasSuffix(Self.leaveScreen), "drawn after the restore: \(result)")
        #expect(result.output.ranges(of: Self.leaveScreen).count == 1, "\(result)")
        #expect(!result.text.contains("crashed"), "\(result)")
    }

    /// Sent while Ctrl-S has paused the output and the spinner's next frame is stuck in a write:
    /// the signal still restores the terminal, output included (the screen
    /// is left where the shell can see it), and ends the demo at once, without a Ctrl-Q.
    @Test(arguments: ["SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT"])
    func endingSignalsEndTheDemoWhileOutputIsPaused(_ name: String) async throws {
        let result = try await PseudoTerminal.run(
            ["--seed", "1", "--latency", "10s", "--immediate"],
            steps: [
                .waitFor("[q] quit"), .type("s"), .waitFor("⠙ Loading colours…"),
                // Ctrl-S (XOFF): the terminal stops taking output. Within a frame or two (80 ms
                // each) the spinner's next frame blocks in its write.
                .type("\u{13}"), .pause(.milliseconds(500)), .signal(name),
            ],
            exitTimeout: .seconds(2))
        let number = try #require(Self.signalNumbers[name])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == nil, "\(result)")
        #expect(result.signal == number, "\(result)")
        #expect(result.restored, "terminal settings changed: \(result)")
        #expect(result.output.hasSuffix(Self.leaveScreen), "drawn after the restore: \(result)")
        #expect(result.output.ranges(of: Self.leaveScreen).count == 1, "\(result)")
        #expect(!result.text.contains("crashed"), "\(result)")
    }

    static let signalNumbers = ["SIGTERM": SIGTERM, "SIGINT": SIGINT, "SIGHUP": SIGHUP, "SIGQUIT": SIGQUIT]

    @Test func ctrlZRestoresTheTerminalUntilTheDemoIsContinued() async throws {
        let result = try await PseudoTerminal.run(
            ["--seed", "5", "--latency", "5ms", "--immediate"],
            steps: [
                .waitFor("[q] quit"), .type("s"), .waitFor("all answers in (1 tap,"),
                .type("\u{1A}"),
                // Continued: back on the full screen, redrawn.
                .waitFor("\u{1B}[?1049h"), .waitFor("all answers in (1 tap,"),
                // Keys still arrive one at a time: key mode is back too.
                .type("e"), .waitFor("The palette came back empty."), .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.stops.count == 1, "\(result)")
        let stop = try #require(result.stops.first)
        #expect(stop.restored, "terminal settings while stopped differ: \(result)")
        #expect(stop.outputBefore.hasSuffix(Self.leaveScreen), "\(stop.outputBefore)")
        #expect(result.status == 0, "\(result)")
        #expect(result.restored, "terminal settings changed: \(result)")
        #expect(result.output.hasSuffix(Self.leaveScreen), "\(result)")
    }
}
