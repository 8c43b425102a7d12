import ContentLoadingTestSupport
import Testing

/// Bad input prints what was wrong and the usage to standard error and exits 64; nothing
/// else crashes, whatever the arguments.
@Suite(.timeLimit(.minutes(3)), .hangLimit) struct BadInputTests {
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
        // A retry count is a whole number from 0 to 10.
        Case(arguments: ["error", "--retry", "-1"], message: "malformed retry count '-1' for --retry"),
        Case(arguments: ["error", "--retry", "x"], message: "malformed retry count 'x' for --retry"),
        Case(arguments: ["error", "--retry=11"], message: "malformed retry count '11' for --retry"),
        Case(arguments: ["error", "--retry", "2.5"], message: "malformed retry count '2.5' for --retry"),
        Case(arguments: ["error", "--retry"], message: "missing value for --retry."),
        Case(arguments: ["error", "--retry", "--plain"], message: "missing value for --retry."),
        Case(arguments: ["error", "--retry="], message: "missing value for --retry."),
        Case(arguments: ["flaky", "--rety", "2"], message: "unknown option '--rety'. Did you mean '--retry'?"),
        Case(
            arguments: ["flaky", "--retry", "3", "succes"], message: "unknown command 'succes'. Did you mean 'success'?"
        ),
        // Three section outcomes, each success, error or empty, for the sections command.
        Case(
            arguments: ["sections", "--section-outcomes", "success,eror,empty"],
            message: "unknown section outcome 'eror'. Did you mean 'error'? A section answers success, error or empty."),
        Case(
            arguments: ["sections", "--section-outcomes", "success,more,empty"],
            message: "unknown section outcome 'more'. A section answers success, error or empty."),
        Case(
            arguments: ["sections", "--section-outcomes", "success,,empty"],
            message: "empty item in --section-outcomes 'success,,empty'"),
        Case(
            arguments: ["sections", "--section-outcomes=success,error,"],
            message: "empty item in --section-outcomes 'success,error,'"),
        Case(
            arguments: ["sections", "--section-outcomes", "success,error"],
            message: "--section-outcomes 'success,error' names 2 of the 3 sections"),
        Case(
            arguments: ["sections", "--section-outcomes", "success,error,empty,success"],
            message: "--section-outcomes 'success,error,empty,success' names 4 of the 3 sections"),
        Case(arguments: ["sections", "--section-outcomes"], message: "missing value for --section-outcomes."),
        Case(
            arguments: ["success", "--section-outcomes", "success,error,empty"],
            message: "--section-outcomes needs the 'sections' command."),
        Case(arguments: ["sections", "success"], message: "'sections' cannot be combined with success, empty"),
        Case(arguments: ["flaky", "sections"], message: "'sections' cannot be combined with success, empty"),
        Case(arguments: ["sectons"], message: "unknown command 'sectons'. Did you mean 'sections'?"),
        Case(arguments: ["flaky", "interactive"], message: "'interactive' cannot be combined"),
        Case(arguments: ["sections", "--interval", "5ms"], message: "--interval paces the taps of commands"),
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
            "success", "empty", "error", "flaky", "more", "more-error", "interactive", "sections", "--latency",
            "--interval", "--seed", "--plain", "--immediate", "--retry", "--section-outcomes", "error,empty,success",
            "--retry=2",
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
