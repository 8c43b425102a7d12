import ContentLoadingTestSupport
import Testing

/// `demo interactive sections`: the composed screen of three sections, driven in a
/// pseudo-terminal. `s` loads the sections, `r` retries the failed ones. Every wait is bounded
/// by the driver (10 s a step).
@Suite(
    .enabled(if: PseudoTerminal.isAvailable, "needs python3 on PATH to drive a pseudo-terminal"),
    .timeLimit(.minutes(3)), .hangLimit)
struct InteractiveSectionsTests {
    static let options = [
        "interactive", "sections", "--section-outcomes", "success,error,empty", "--seed", "5", "--latency", "5ms..20ms",
        "--immediate",
    ]

    @Test func theLoadedSectionsShowWithTheFailedOneBeside() async throws {
        let result = try await PseudoTerminal.run(
            Self.options,
            steps: [
                .waitFor("[s] load the sections"),
                .type("s"), .waitFor("all answers in (1 tap,"),
                .type("r"), .waitFor("all answers in (2 taps,"),
                .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        #expect(result.restored, "terminal settings changed: \(result)")
        let screen = result.finalScreen
        #expect(screen.contains("  content · 5 rows in 1 of 3 sections"), "\(screen)")
        #expect(screen.contains("  warm: content (5 rows)"), "\(screen)")
        #expect(screen.contains { $0.wholeMatch(of: #/    \s{6}  #[0-9A-F]{6}  [a-z]+/#) != nil }, "\(screen)")
        // The retry asked the cool section again, alone: it failed again, beside the warm colours.
        #expect(
            screen.contains("  cool: error — the colour service answered 503 to request #4  [r] Retry"), "\(screen)")
        #expect(screen.contains("  neutral: empty"), "\(screen)")
        #expect(screen.contains(" tap: sections (cool error)"), "\(screen)")
        #expect(!result.text.contains("request #5"), "only the failed section was retried: \(result)")
    }

    @Test func plainInteractiveSectionsPrintLines() async throws {
        let result = try await PseudoTerminal.run(
            Self.options, environment: ["NO_COLOR": "1"],
            steps: [
                .waitFor("keys: s load the sections, r retry the failed ones, q quit"),
                .type("s"), .waitFor("notice: a section failed"),
                .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        #expect(!result.output.contains("\u{1B}"), "\(result)")
        #expect(result.text.contains("state: content (5 rows in 1 of 3 sections)"), "\(result)")
        #expect(result.text.contains("  cool: error — the colour service answered 503 to request #2"), "\(result)")
    }
}
