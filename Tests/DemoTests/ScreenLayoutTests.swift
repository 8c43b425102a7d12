import ContentLoadingTestSupport
import Testing

/// The full screen fits the terminal, whatever its size: every line within the width (the
/// last column left empty), the header, keys and latest events always on screen, and a
/// resize redraws it.
@Suite(
    .enabled(if: PseudoTerminal.isAvailable, "needs python3 on PATH to drive a pseudo-terminal"),
    .timeLimit(.minutes(3)), .hangLimit)
struct ScreenLayoutTests {
    /// The widest seed: the header's longest.
    static let options = ["--seed", "18446744073709551615", "--latency", "5ms", "--immediate"]

    @Test(arguments: [(14, 50), (24, 80), (8, 40)])
    func theScreenFitsTheTerminal(rows: Int, columns: Int) async throws {
        let result = try await PseudoTerminal.run(
            Self.options, rows: rows, columns: columns,
            steps: [.waitFor("[q]"), .type("s"), .waitFor("all answers in (1 tap"), .type("q")])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        Self.expectFits(result.finalScreen, rows: rows, columns: columns)
    }

    @Test func aResizeRedrawsTheScreenToTheNewSize() async throws {
        let result = try await PseudoTerminal.run(
            Self.options,
            steps: [
                .waitFor("[q]"), .type("s"), .waitFor("all answers in (1 tap"),
                // A frame drawn at the new size, with no key pressed: SIGWINCH redrew it. Only
                // a frame 44 columns wide has the shortest keys line; waiting for any frame could
                // match one drawn at the old size as the resize arrived (the screen observes its
                // model, so it draws a moment after each change).
                .resize(rows: 12, columns: 44), .waitFor("[s]/[e]/[x]/[f] load [m]ore"), .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        Self.expectFits(result.finalScreen, rows: 12, columns: 44)
    }

    /// Expects `screen` to fit `rows`×`columns` with the header, keys, body and latest event on it.
    static func expectFits(
        _ screen: [String], rows: Int, columns: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            screen.count <= rows, "\(screen.count) lines on \(rows) rows: \(screen)", sourceLocation: sourceLocation)
        for line in screen {
            #expect(line.count < columns, "wider than \(columns - 1): '\(line)'", sourceLocation: sourceLocation)
        }
        // Header, keys, status; the body's first line; the latest event.
        #expect(
            screen.first?.contains("seed 18446744073709551615") == true, "\(screen)", sourceLocation: sourceLocation)
        // The keys, all of them, in a shorter form on a narrow terminal.
        let keys = screen.dropFirst().first ?? ""
        #expect(
            ["[s]", "[e]", "[x]", "[f]", "[m]", "[r]", "[q]"].allSatisfy(keys.contains), "\(screen)",
            sourceLocation: sourceLocation)
        #expect(screen.contains { $0.hasPrefix("  content · 25") }, "\(screen)", sourceLocation: sourceLocation)
        #expect(screen.last?.hasPrefix(" accepted: response #1") == true, "\(screen)", sourceLocation: sourceLocation)
    }
}
