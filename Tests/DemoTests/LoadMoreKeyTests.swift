import ContentLoadingTestSupport
import Testing

/// The interactive screen's load-more key, driven in a pseudo-terminal: `m` asks for the next
/// page, whose rows join the list, and the footer below the rows shows the page loading and
/// the end of the list. Every wait is bounded by the driver (10 s a step).
@Suite(
    .enabled(if: PseudoTerminal.isAvailable, "needs python3 on PATH to drive a pseudo-terminal"),
    .timeLimit(.minutes(3)), .hangLimit)
struct LoadMoreKeyTests {
    static let fast = ["--seed", "5", "--latency", "5ms..20ms", "--immediate"]

    /// Under the standard policy these pages never show the indicator, so the footer does not
    /// change while a page loads: the screen redraws because it observes the rows.
    @Test func mLoadsPagesUntilTheEndOfTheList() async throws {
        let result = try await PseudoTerminal.run(
            ["interactive", "--seed", "5", "--latency", "5ms..20ms"],
            steps: [
                .waitFor("[m] more"),
                .type("s"), .waitFor("all answers in (1 tap,"),
                .type("m"), .waitFor("· 50 colours"),
                .type("m"), .waitFor("· 75 colours"),
                .type("m"), .waitFor("end of list"),
                .type("m"), .waitFor("load more: endReached"),
                .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        #expect(result.restored, "terminal settings changed: \(result)")
        let screen = result.finalScreen
        #expect(screen.contains("  content · 100 colours"), "\(screen)")
        #expect(screen.contains("  — end of list —"), "\(screen)")
        #expect(screen.contains(" accepted: response #4 (more, page 4)"), "\(screen)")
        #expect(
            screen.contains(" load more: endReached, nothing fetched (the list is complete)"), "\(screen)")
        // The footer is the body's last line, under the rows and the count of those that did not fit.
        let rule = try #require(screen.lastIndex { $0.hasPrefix(" ─") })
        #expect(screen[rule - 1] == "  — end of list —", "\(screen)")
        #expect(screen[rule - 2].hasPrefix("  … and "), "\(screen)")
    }

    @Test func theFooterShowsThePageLoading() async throws {
        let result = try await PseudoTerminal.run(
            ["interactive", "--seed", "5", "--latency", "400ms", "--immediate"],
            steps: [
                .waitFor("[m] more"),
                .type("s"), .waitFor("all answers in (1 tap,"),
                .type("m"), .waitFor("Loading more…"), .waitFor("· 50 colours"),
                .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        #expect(result.restored)
        let screen = result.finalScreen
        #expect(!screen.contains { $0.contains("Loading more…") }, "the indicator outlived its page: \(screen)")
    }

    /// Keys typed together reach the demo before any answer (400 ms) can: `m` right after `s`
    /// meets the first load in flight, and a second `m` the page in flight.
    @Test func mDuringALoadOrAPageFetchesNothingAndSaysWhy() async throws {
        let result = try await PseudoTerminal.run(
            ["interactive", "--seed", "5", "--latency", "400ms", "--immediate"],
            steps: [
                .waitFor("[m] more"),
                .type("sm"), .waitFor("load more: refreshInFlight"), .waitFor("all answers in (1 tap,"),
                .type("mm"), .waitFor("load more: alreadyLoading"), .waitFor("all answers in (2 taps,"),
                .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        let screen = result.finalScreen
        #expect(screen.contains(" load more: refreshInFlight, nothing fetched (a load is in flight)"), "\(screen)")
        #expect(
            screen.contains(" load more: alreadyLoading, nothing fetched again (a page is in flight)"), "\(screen)")
        // One page was fetched, once.
        #expect(screen.contains("  content · 50 colours"), "\(screen)")
        #expect(!result.text.contains("tap #3"), "\(result)")
    }

    @Test func mBeforeAnyRowsSaysNoContent() async throws {
        let result = try await PseudoTerminal.run(
            ["interactive"] + Self.fast,
            steps: [.waitFor("[m] more"), .type("m"), .waitFor("load more: noContent"), .type("q")])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        let screen = result.finalScreen
        #expect(screen.contains(" load more: noContent, nothing fetched (no colours on screen to extend)"), "\(screen)")
        #expect(screen.contains(" Press a key to load."), "nothing was fetched: \(screen)")
    }

    @Test func plainInteractiveModeListsTheKeyAndPrintsTheFooter() async throws {
        let result = try await PseudoTerminal.run(
            ["interactive"] + Self.fast, environment: ["NO_COLOR": "1"],
            steps: [
                .waitFor("m more, r retry, q quit"),
                .type("s"), .waitFor("accepted: response #1"),
                .type("m"), .waitFor("accepted: response #2"),
                .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        #expect(!result.output.contains("\u{1B}"), "\(result)")
        #expect(result.text.contains("state: content (50 rows)"), "\(result)")
        #expect(result.text.contains("footer: loading more…"), "\(result)")
    }
}
