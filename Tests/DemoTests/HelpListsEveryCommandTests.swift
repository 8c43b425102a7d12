import Foundation
import Testing

/// `demo --help` lists every command the READMEs name, read from the READMEs themselves, so a
/// command the manual names and the usage leaves out fails here.
@Suite(.timeLimit(.minutes(1)), .hangLimit) struct HelpListsEveryCommandTests {
    /// The repository's root, found from this file (Tests/DemoTests/).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The options that take a value: the word after one is not a command.
    static let optionsWithValues: Set = ["--retry", "--section-outcomes", "--latency", "--interval", "--seed"]

    /// The command words before a subcommand: `store revisit`, `interactive sections`.
    static let commandsWithSubcommands: Set = ["store", "interactive"]

    /// Every command the demo's manual names on its synopsis and example lines (those that begin
    /// `demo `): each plain command on its own, a store or interactive command with each of its
    /// subcommands (`demo [options] store [revisit | key-change]` names `store revisit` and
    /// `store key-change`).
    static func manualCommands() throws -> Set<String> {
        let manual = try String(contentsOf: root.appending(path: "Demo/README.md"), encoding: .utf8)
        var commands: Set<String> = []
        for line in manual.split(separator: "\n") where line.hasPrefix("demo ") {
            let invocation = line.prefix { $0 != "#" }.dropFirst("demo ".count)
                .replacingOccurrences(of: "[options]", with: " ")
                .replacingOccurrences(of: "...", with: " ")
            var words: [String] = []
            var skipsValue = false
            for word in invocation.split(whereSeparator: { " []|".contains($0) }).map(String.init) {
                if skipsValue {
                    skipsValue = false
                } else if word.hasPrefix("-") {
                    skipsValue = optionsWithValues.contains(word)
                } else {
                    words.append(word)
                }
            }
            guard let first = words.first else { continue }
            if commandsWithSubcommands.contains(first) {
                commands.insert(first)
                for subcommand in words.dropFirst() { commands.insert("\(first) \(subcommand)") }
            } else {
                commands.formUnion(words)
            }
        }
        return commands
    }

    /// Every store or interactive command the front page names in code spans (`store star`).
    static func frontPageCommands() throws -> Set<String> {
        let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
        let span = /`(?:demo )?((?:store|interactive)(?: [a-z-]+)?)`/
        return Set(readme.matches(of: span).map { String($0.output.1) })
    }

    @Test func theReadmesNameTheCommandsThisTestReads() throws {
        let manual = try Self.manualCommands()
        let frontPage = try Self.frontPageCommands()
        // A parse that found nothing would pass the test below without checking anything.
        #expect(manual.isSuperset(of: ["success", "more-error", "sections", "store", "store revisit"]), "\(manual)")
        #expect(frontPage.isSuperset(of: ["store", "store star"]), "\(frontPage)")
    }

    @Test func helpListsEveryCommandTheReadmesName() async throws {
        let help = try await DemoRunner.run(["--help"])
        #expect(help.status == 0)
        let text = help.standardOutput
        // The usage's alternatives, `[a | b | c]`, across its continuation lines.
        let usage = text.components(separatedBy: "\n\n")[0].replacingOccurrences(of: "\n", with: " ")
        let commandsSection =
            (text.components(separatedBy: "COMMANDS:").dropFirst().first ?? "").components(separatedBy: "OPTIONS:")[0]
        let listed = commandsSection.split(separator: "\n").compactMap { line -> String? in
            // A command's entry starts two spaces in: its name, then a space or the line's end.
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.dropFirst(2).components(separatedBy: "  ")[0]
        }
        for command in try Self.manualCommands().union(Self.frontPageCommands()) {
            let words = command.split(separator: " ").map(String.init)
            if words.count == 2 {
                let alternatives = usage.components(separatedBy: "\(words[0]) [").dropFirst().first ?? ""
                let offered = alternatives.prefix { $0 != "]" }
                    .components(separatedBy: CharacterSet(charactersIn: "| "))
                #expect(offered.contains(words[1]), "the usage does not offer '\(command)': \(offered)")
            }
            // `interactive store` is described under `interactive`; every other command has an entry.
            let entry = words[0] == "interactive" ? words[0] : command
            #expect(listed.contains(entry), "--help has no entry for '\(command)'")
        }
    }
}
