import ContentLoadingTestSupport
import Testing

/// `demo store star`, `star-fails` and `star-rapid`: an optimistic write on the demo's store:
/// a star shows at once on every screen of the key, lands or is rolled back
/// (announced beside the colours), and taps during a refresh end on the server's truth.
@Suite(.timeLimit(.minutes(3)), .hangLimit) struct StoreWriteCommandTests {
    static let fast = StoreCommandTests.fast

    @Test func aStarShowsAtOnceOnBothScreensAndLands() async throws {
        let result = try await DemoRunner.run(["store", "star", "--immediate"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        let tap = try #require(result.lines.firstIndex(of: "tap: star row 2 of warm"), "\(result)")
        // Both screens draw the star in the tap's turn, before any request answers.
        let next = result.lines[(tap + 1)...].prefix { !$0.hasPrefix("fetch") && !$0.hasPrefix("answer") }
        for name in ["A", "B"] {
            #expect(
                next.contains("screen \(name): content (5 colours of warm, from response #1, starred: 2)"),
                "\(result)")
            // After the write, one revalidation, and the server's colours keep the star.
            #expect(
                StoreCommandTests.frames(result, of: name).last
                    == "content (5 colours of warm, from response #2, starred: 2)", "\(result)")
        }
        #expect(result.lines.last { !$0.isEmpty } == "done: 2 screens, 2 requests", "\(result)")
        #expect(!result.lines.contains { $0.contains("announces") }, "\(result)")
    }

    @Test func aRefusedStarIsRolledBackAndAnnouncedBesideTheColours() async throws {
        let result = try await DemoRunner.run(["store", "star-fails", "--immediate"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.contains("server: write #1 refused"), "\(result)")
        for name in ["A", "B"] {
            #expect(result.lines.contains("screen \(name): announces \"Couldn't star row 2\""), "\(result)")
            let frames = StoreCommandTests.frames(result, of: name).filter { !$0.hasPrefix("announces") }
            #expect(!frames.contains { $0.hasPrefix("error") }, "\(result)")
            #expect(frames.last == "content (5 colours of warm, from response #2)", "\(result)")
        }
    }

    @Test func rapidTapsDuringARefreshEndOnTheTruth() async throws {
        let result = try await DemoRunner.run(["store", "star-rapid", "--immediate"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines.filter { $0.hasPrefix("tap: ") && $0.contains("row 2") } == [
                "tap: star row 2 of warm", "tap: unstar row 2 of warm", "tap: star row 2 of warm",
            ], "\(result)")
        // Each tap is drawn in its own turn, under the refresh indicator, before any answer.
        let taps = result.lines.indices.filter {
            result.lines[$0].hasPrefix("tap: ") && result.lines[$0].contains("row 2")
        }
        #expect(
            taps.map { result.lines.indices.contains($0 + 1) ? result.lines[$0 + 1] : "" } == [
                "screen A: refreshing (5 colours of warm, from response #1, starred: 2)",
                "screen A: refreshing (5 colours of warm, from response #1)",
                "screen A: refreshing (5 colours of warm, from response #1, starred: 2)",
            ], "\(result)")
        // Three taps, the last a star: the refresh lands under them, and after the last write the
        // key revalidates once; the screen ends on the server's colours, starred.
        #expect(
            StoreCommandTests.frames(result, of: "A").last
                == "content (5 colours of warm, from response #3, starred: 2)",
            "\(result)")
        #expect(result.lines.last { !$0.isEmpty } == "done: 1 screen, 3 requests", "\(result)")
    }
}

/// `demo interactive store`, driven in a pseudo-terminal: `*` stars row 1 of the first screen's
/// key at once, and the server's answer keeps it.
@Suite(
    .enabled(if: PseudoTerminal.isAvailable, "needs python3 on PATH to drive a pseudo-terminal"),
    .timeLimit(.minutes(3)), .hangLimit)
struct InteractiveStoreWriteTests {
    @Test func theStarKeyStarsARowAtOnce() async throws {
        let result = try await PseudoTerminal.run(
            ["interactive", "store", "--seed", "7", "--latency", "5ms..20ms"], environment: ["NO_COLOR": "1"],
            steps: [
                .waitFor("* star row 1"),
                .type("s"), .waitFor("screen A: content (5 colours of warm, from response #1)"),
                .type("*"), .waitFor("screen A: content (5 colours of warm, from response #1, starred: 1)"),
                .waitFor("screen A: content (5 colours of warm, from response #2, starred: 1)"),
                .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        #expect(result.restored, "terminal settings changed: \(result)")
        #expect(result.text.contains("tap: star row 1 of warm"), "\(result)")
    }
}
