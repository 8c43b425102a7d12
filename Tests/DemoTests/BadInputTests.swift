import ContentLoadingTestSupport
import Testing

/// Bad input prints what was wrong and the usage to standard error and exits 64; nothing
/// else crashes, whatever the arguments.
@Suite(.timeLimit(.minutes(3))) struct BadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["sucess"], message: "unknown command 'sucess'. Did you mean 'success'?"),
        Case(arguments: ["emty"], message: "unknown command 'emty'. Did you mean 'empty'?"),
        Case(arguments: ["eror"], message: "unknown command 'eror'. Did you mean 'error'?"),
        Case(arguments: ["banana"], message: "unknown command 'banana'."),
        Case(arguments: ["success", "mor"], message: "unknown command 'mor'. Did you mean 'more'?"),
        Case(arguments: ["success", "more-eror"], message: "unknown command 'more-eror'. Did you mean 'more-error'?"),
        Case(arguments: ["--more"], message: "unknown option '--more'. Did you mean 'more'?"),
        Case(
            arguments: ["--latncy", "5ms", "success"], message: "unknown option '--latncy'. Did you mean '--latency'?"),
        Case(
            arguments: ["--immediat", "success"], message: "unknown option '--immediat'. Did you mean '--immediate'?"),
        Case(arguments: ["--verbose"], message: "unknown option '--verbose'."),
        Case(arguments: ["-x"], message: "unknown option '-x'."),
        Case(arguments: ["success", "--interval", "abc"], message: "malformed duration 'abc' for --interval"),
        Case(arguments: ["success", "--interval", "150"], message: "malformed duration '150' for --interval"),
        Case(arguments: ["success", "--interval=-5ms"], message: "malformed duration '-5ms' for --interval"),
        Case(arguments: ["success", "--interval", "1e3ms"], message: "malformed duration '1e3ms' for --interval"),
        Case(arguments: ["success", "--interval", "9999s"], message: "malformed duration '9999s' for --interval"),
        Case(arguments: ["success", "--latency", "50ms..10ms"], message: "malformed latency '50ms..10ms'"),
        Case(arguments: ["success", "--latency", "..10ms"], message: "malformed latency '..10ms'"),
        Case(arguments: ["success", "--interval"], message: "missing value for --interval."),
        Case(arguments: ["success", "--latency", "--plain"], message: "missing value for --latency."),
        Case(arguments: ["success", "--seed="], message: "missing value for --seed."),
        Case(arguments: ["success", "--seed", "-1"], message: "malformed seed '-1'"),
        Case(arguments: ["success", "--seed", "18446744073709551616"], message: "malformed seed"),
        Case(arguments: ["success", "--plain=yes"], message: "option --plain takes no value."),
        Case(arguments: ["interactive", "success"], message: "'interactive' cannot be combined"),
        Case(arguments: ["more", "interactive"], message: "'interactive' cannot be combined"),
        Case(arguments: ["interactive"], message: "interactive mode needs a terminal"),
        Case(arguments: [], message: "missing command"),
        Case(arguments: ["--", "--help"], message: "unknown command '--help'."),
        // The range separator is two dots; a duration starts with a digit.
        Case(arguments: ["success", "--latency", "0...2s"], message: "malformed latency '0...2s'"),
        Case(arguments: ["success", "--interval", ".5s"], message: "malformed duration '.5s' for --interval"),
        Case(arguments: ["success", "--interval", "5.s"], message: "malformed duration '5.s' for --interval"),
        // A seed is digits only.
        Case(arguments: ["success", "--seed", "+5"], message: "malformed seed '+5'"),
        Case(arguments: ["success", "--seed=-0"], message: "malformed seed '-0'"),
        Case(arguments: ["success", "--seed", " 5"], message: "malformed seed ' 5'"),
        Case(arguments: ["--=x"], message: "malformed option '--=x': a name must follow '--'."),
        // Options written as commands, and commands written as options.
        Case(arguments: ["help"], message: "unknown command 'help'. Did you mean '--help'?"),
        Case(arguments: ["version"], message: "unknown command 'version'. Did you mean '--version'?"),
        Case(arguments: ["--success"], message: "unknown option '--success'. Did you mean 'success'?"),
        Case(arguments: ["--error"], message: "unknown option '--error'. Did you mean 'error'?"),
        Case(arguments: ["--interactive"], message: "unknown option '--interactive'. Did you mean 'interactive'?"),
        // In interactive mode the keys are the taps: nothing to pace.
        Case(
            arguments: ["interactive", "--interval", "5ms"],
            message: "--interval paces the taps of commands such as 'demo success error'"),
        Case(
            arguments: ["--sequential", "interactive"],
            message: "--sequential paces the taps of commands such as 'demo success error'"),
    ]

    @Test(arguments: cases)
    func exitsWithUsageOnStandardError(_ badInput: Case) async throws {
        let result = try await DemoRunner.run(badInput.arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.standardOutput.isEmpty, "\(result)")
        #expect(result.standardError.hasPrefix("demo: \(badInput.message)"), "\(result)")
        #expect(result.standardError.contains("USAGE: demo"))
        #expect(!result.containsEscapes)
    }

    @Test func optionValuesMayFollowAnEqualsSign() async throws {
        let result = try await DemoRunner.run(["success", "--latency=1ms..3ms", "--interval=0", "--seed=9"])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first == "demo: seed 9, latency 1ms..3ms, interval 0ms, policy standard")
    }

    @Test func aRangeMayUseDecimals() async throws {
        let result = try await DemoRunner.run(["success", "--latency", "0.001s..0.002s", "--seed", "9"])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.first == "demo: seed 9, latency 1ms..2ms, interval 150ms, policy standard")
    }

    @Test func doubleDashEndsTheOptions() async throws {
        let result = try await DemoRunner.run(["--latency", "1ms", "--seed", "9", "--", "empty"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stateLines.last?.hasPrefix("state: empty") == true)
    }

    /// Random mixes of valid and invalid words: every run ends with 0 (and a `done:` line) or
    /// 64 (and the usage), never a crash or a hang.
    @Test func randomArgumentsNeverCrash() async throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("randomArgumentsNeverCrash seed: \(seed)")
        var generator = SeededGenerator(seed: seed)
        let words = [
            "success", "empty", "error", "more", "more-error", "interactive", "--latency", "--interval", "--seed",
            "--plain", "--immediate",
            "--sequential", "--", "-", "=", "--latency=", "5ms", "0", "1ms..4ms", "2s..1s", "abc", "-3ms", "..",
            "1.5.5ms", "7", "--help", "--version", "--seed=x", "succes", "é", "",
        ]
        for _ in 0..<25 {
            let count = Int.random(in: 0...6, using: &generator)
            let arguments =
                ["--latency", "1ms..4ms", "--interval", "0"]
                + (0..<count).map { _ in words.randomElement(using: &generator)! }
            // A later --latency or --interval from the list is also small, so no run is slow.
            let result = try await DemoRunner.run(arguments)
            #expect([0, 64].contains(result.status), "seed \(seed), \(arguments): \(result)")
            if result.status == 64 {
                #expect(result.standardError.contains("USAGE: demo"), "seed \(seed), \(arguments)")
            } else if !arguments.contains(where: { ["--help", "-h", "--version"].contains($0) }) {
                #expect(result.lines.contains { $0.hasPrefix("done: ") }, "seed \(seed), \(arguments): \(result)")
            }
        }
    }
}
