import ContentLoadingTestSupport
import Testing

/// `demo store`: screens bound to the keys of one `ContentStore`. Two screens of a key make one
/// request; a second visit draws the stored colours at once and revalidates them; a key change
/// keeps the previous key's colours as a placeholder; an invalidation revalidates once for every
/// screen. The screens' lines may interleave in either order (their loads finish concurrently),
/// so each screen's lines are checked on their own.
@Suite(.timeLimit(.minutes(3)), .hangLimit) struct StoreCommandTests {
    static let fast = ["--seed", "7", "--latency", "5ms..20ms", "--plain"]

    /// The lines screen `name` drew, without the `screen X: ` prefix; `opened` and `closed` left out.
    static func frames(_ result: DemoResult, of name: String) -> [String] {
        result.lines(startingWith: "screen \(name): ").map { String($0.dropFirst("screen \(name): ".count)) }
            .filter { !$0.hasPrefix("opened") && !$0.hasPrefix("closed") }
    }

    @Test func twoScreensOfOneKeyMakeOneRequest() async throws {
        let result = try await DemoRunner.run(["store", "--immediate"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines(startingWith: "fetch #") == ["fetch #1: key warm (answers in 11ms)"], "\(result)")
        for name in ["A", "B"] {
            #expect(
                Self.frames(result, of: name) == ["loading", "content (5 colours of warm, from response #1)"],
                "\(result)")
        }
        #expect(result.lines.last { !$0.isEmpty } == "done: 2 screens, 1 request", "\(result)")
        #expect(result.standardError.isEmpty)
        #expect(!result.containsEscapes)
    }

    @Test func aSecondVisitDrawsTheStoredValueAtOnceAndRevalidates() async throws {
        let result = try await DemoRunner.run(["store", "revisit", "--immediate"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.contains("screen A: closed (the store keeps key warm)"), "\(result)")
        #expect(
            result.lines.contains(
                "screen B: opened on key warm — the store holds 5 colours of warm, from response #1"),
            "\(result)")
        // The first frame is the stored colours: no loading screen, then a refresh with a new request.
        #expect(
            Self.frames(result, of: "B") == [
                "content (5 colours of warm, from response #1)",
                "refreshing (5 colours of warm, from response #1)",
                "content (5 colours of warm, from response #2)",
            ], "\(result)")
        // Closed, screen A hears nothing of the revalidation.
        #expect(Self.frames(result, of: "A").last == "content (5 colours of warm, from response #1)", "\(result)")
        #expect(result.lines.last { !$0.isEmpty } == "done: 2 screens, 2 requests", "\(result)")
    }

    @Test func aKeyChangeKeepsThePreviousValueAsAPlaceholder() async throws {
        let result = try await DemoRunner.run(["store", "key-change"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        let change = try #require(result.lines.firstIndex(of: "tap: screen A changes key warm → cool"), "\(result)")
        #expect(
            result.lines[change + 1]
                == "screen A: still shows 5 colours of warm, from response #1; a placeholder while cool loads",
            "\(result)")
        #expect(Self.frames(result, of: "A").last == "content (5 colours of cool, from response #3)", "\(result)")
        // Warm's reload, superseded by the key change, never reaches the screen.
        #expect(!Self.frames(result, of: "A").contains { $0.contains("response #2") }, "\(result)")
        #expect(result.lines(startingWith: "fetch #").count == 3, "\(result)")
        #expect(result.lines.last { !$0.isEmpty } == "done: 1 screen, 3 requests", "\(result)")
    }

    @Test func anInvalidationRevalidatesOnceForBothScreens() async throws {
        let result = try await DemoRunner.run(["store", "invalidate"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        let invalidation = try #require(result.lines.firstIndex(of: "tap: invalidate key warm"), "\(result)")
        #expect(
            result.lines[invalidation...].filter { $0.hasPrefix("fetch #") } == [
                "fetch #2: key warm (answers in 12ms)"
            ], "\(result)")
        for name in ["A", "B"] {
            #expect(
                Self.frames(result, of: name).suffix(2) == [
                    "refreshing (5 colours of warm, from response #1)",
                    "content (5 colours of warm, from response #2)",
                ], "\(result)")
        }
        #expect(result.lines.last { !$0.isEmpty } == "done: 2 screens, 2 requests", "\(result)")
    }

    @Test(arguments: [
        (["store", "revist"], "unknown store command 'revist'. Did you mean 'revisit'?"),
        (["store", "revisit", "invalidate"], "'store' takes one store command"),
        (["store", "success"], "'store' cannot be combined with success"),
        (["interactive", "store", "revisit"], "'interactive store' takes no store command"),
        (["store", "--sequential"], "--sequential paces the taps"),
        (["store", "--retry", "1"], "--retry retries the list's and the sections' loads"),
    ])
    func badInputExits64(arguments: [String], message: String) async throws {
        let result = try await DemoRunner.run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.standardError.hasPrefix("demo: \(message)"), "\(result)")
        #expect(result.standardError.contains("USAGE: demo"), "\(result)")
        #expect(result.standardOutput.isEmpty, "\(result)")
    }
}

/// `demo interactive store`, driven in a pseudo-terminal: `o` opens a second screen on the
/// first screen's key, which shares its colours.
@Suite(
    .enabled(if: PseudoTerminal.isAvailable, "needs python3 on PATH to drive a pseudo-terminal"),
    .timeLimit(.minutes(3)), .hangLimit)
struct InteractiveStoreTests {
    @Test func aSecondScreenOpensOnTheSameKey() async throws {
        let result = try await PseudoTerminal.run(
            ["interactive", "store", "--seed", "7", "--latency", "5ms..20ms"], environment: ["NO_COLOR": "1"],
            steps: [
                .waitFor("keys: s load, o open a screen on the same key"),
                .type("s"), .waitFor("screen A: content (5 colours of warm, from response #1)"),
                .type("o"), .waitFor("screen B: content (5 colours of warm, from response #2)"),
                .type("i"), .waitFor("from response #3)"),
                .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        #expect(result.restored, "terminal settings changed: \(result)")
        #expect(
            result.text.contains("screen B: opened on key warm — the store holds 5 colours of warm, from response #1"),
            "\(result)")
        // The invalidation made one request for both screens.
        #expect(!result.text.contains("fetch #4"), "\(result)")
    }

    /// In colour: `k` changes the first screen's key, keeping its colours as a placeholder; `c`
    /// closes the second screen, which then hears nothing.
    @Test func aKeyChangeAndAClosedScreenInColour() async throws {
        let result = try await PseudoTerminal.run(
            ["interactive", "store", "--seed", "7", "--latency", "5ms..20ms"],
            steps: [
                .waitFor("keys: s load"),
                .type("s"), .waitFor("screen A: content (5 colours of warm, from response #1)"),
                .type("o"), .waitFor("screen B: content (5 colours of warm, from response #2)"),
                .type("c"), .waitFor("screen B: closed (the store keeps key warm)"),
                .type("k"), .waitFor("screen A: content (5 colours of cool, from response #3)"),
                .type("q"),
            ])
        #expect(result.failure == nil, "\(result)")
        #expect(result.status == 0, "\(result)")
        #expect(result.restored, "terminal settings changed: \(result)")
        #expect(result.output.contains("\u{1B}["), "no colour: \(result)")
        #expect(
            result.text.contains(
                "screen A: still shows 5 colours of warm, from response #2; a placeholder while cool loads"),
            "\(result)")
        #expect(!result.text.contains("screen B: content (5 colours of cool"), "\(result)")
    }
}
