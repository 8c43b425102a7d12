/// The demo's command line, parsed by hand (the package has no dependencies): long options,
/// `--option value` and `--option=value`, and `--` to end the options.
struct CommandLineArguments: Equatable {
    /// The taps to make, in order.
    var outcomes: [Outcome] = []
    /// Whether `interactive` was asked for.
    var interactive = false
    /// Whether `sections` was asked for: the screen of three sections instead of the list.
    var sections = false
    /// The `store` command asked for: screens sharing a store's keys instead of the list.
    var store: StoreCommand?
    /// Whether a word followed `store` (`revisit`, `key-change`, …).
    var storeCommandGiven = false
    /// Each section's answer, warm, cool and neutral in order (`--section-outcomes`).
    var sectionOutcomes: [Outcome] = [.success, .success, .success]
    /// Whether `--section-outcomes` was given.
    var sectionOutcomesGiven = false
    /// How many times a failed load is tried again (`--retry`).
    var retries = 0
    /// Whether `--help` was given.
    var showHelp = false
    /// Whether `--version` was given.
    var showVersion = false
    /// Whether `--plain` was given.
    var plain = false
    /// Whether `--immediate` was given: `PresentationPolicy.immediate` instead of `.standard`.
    var immediate = false
    /// Whether `--sequential` was given: each tap waits for the previous load to settle.
    var sequential = false
    /// The time between taps.
    var interval: Duration = .milliseconds(150)
    /// The simulated service's answer times.
    var latency = LatencyRange.standard
    /// The seed, if one was given.
    var seed: UInt64?
    /// The first option given that paces the commands' taps (`--interval`, `--sequential`):
    /// interactive mode rejects them, as the keys are the taps there.
    var tapPacingOption: String?

    /// The options, for suggestions.
    static let optionNames = [
        "--help", "--version", "--plain", "--immediate", "--sequential", "--interval", "--latency", "--seed",
        "--retry", "--section-outcomes",
    ]

    /// The commands, for suggestions.
    static let commandNames = Outcome.allCases.map(\.rawValue) + ["interactive", "sections", "store"]

    /// The commands that tap, for messages.
    static let tapCommands = "success, empty, error, flaky, more or more-error"

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineArguments {
        var parsed = CommandLineArguments()
        var remaining = arguments[...]
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if !optionsEnded && argument == "--" {
                optionsEnded = true
            } else if !optionsEnded && argument.hasPrefix("-") && argument != "-" {
                try parsed.apply(option: argument, remaining: &remaining)
            } else if let outcome = Outcome(rawValue: argument) {
                parsed.outcomes.append(outcome)
            } else if argument == "interactive" {
                parsed.interactive = true
            } else if argument == "sections" {
                parsed.sections = true
            } else if argument == "store" && parsed.store == nil {
                parsed.store = .shared
            } else if parsed.store != nil && !parsed.storeCommandGiven {
                guard let command = StoreCommand(rawValue: argument) else {
                    let unknown = UsageError.unknown(
                        "store command", argument, candidates: StoreCommand.allCases.map(\.rawValue))
                    throw UsageError(message: unknown.message + " A store command is \(storeCommands).")
                }
                parsed.store = command
                parsed.storeCommandGiven = true
            } else if parsed.storeCommandGiven, StoreCommand(rawValue: argument) != nil {
                throw UsageError(message: "'store' takes one store command: \(storeCommands).")
            } else {
                // `demo help` and `demo version` are options misspelled as commands.
                throw .unknown("command", argument, candidates: commandNames, otherwise: optionNames)
            }
        }
        if parsed.interactive && !parsed.outcomes.isEmpty {
            throw UsageError(message: "'interactive' cannot be combined with \(tapCommands).")
        }
        if parsed.sections && !parsed.outcomes.isEmpty {
            throw UsageError(message: "'sections' cannot be combined with \(tapCommands).")
        }
        if parsed.sections && !parsed.interactive, let option = parsed.tapPacingOption {
            throw UsageError(
                message: "\(option) paces the taps of commands such as 'demo success error'; 'sections' is one tap.")
        }
        if parsed.store != nil {
            try parsed.checkStore()
        }
        if parsed.sectionOutcomesGiven && !parsed.sections {
            throw UsageError(message: "--section-outcomes needs the 'sections' command.")
        }
        if parsed.interactive, let option = parsed.tapPacingOption {
            throw .tapPacingInInteractiveMode(option)
        }
        return parsed
    }

    /// The `store` commands, for messages.
    static let storeCommands =
        "revisit, key-change, invalidate, star, star-fails, star-rapid, list-star, list-star-fails or list-move (or none: 'demo store')"

    /// Rejects what `store` cannot be combined with.
    private func checkStore() throws(UsageError) {
        if !outcomes.isEmpty || sections {
            let other = sections ? "sections" : Self.tapCommands
            throw UsageError(message: "'store' cannot be combined with \(other).")
        }
        if interactive && storeCommandGiven {
            throw UsageError(
                message: "'interactive store' takes no store command: its keys open, change and invalidate.")
        }
        if !interactive, let option = tapPacingOption {
            throw UsageError(
                message:
                    "\(option) paces the taps of commands such as 'demo success error'; 'store' paces its own steps.")
        }
        if retries > 0 {
            throw UsageError(message: "--retry retries the list's and the sections' loads; 'store' does not retry.")
        }
    }

    private mutating func apply(option argument: String, remaining: inout ArraySlice<String>) throws(UsageError) {
        var name = argument
        var inlineValue: String?
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            name = String(argument[..<equals])
            inlineValue = String(argument[argument.index(after: equals)...])
        }
        if name == "--" {
            throw UsageError(message: "malformed option '\(argument)': a name must follow '--'.")
        }
        if name == "--interval" || name == "--sequential" {
            tapPacingOption = tapPacingOption ?? name
        }
        switch name {
        case "--help", "-h", "--version", "--plain", "--immediate", "--sequential":
            if inlineValue != nil { throw UsageError(message: "option \(name) takes no value.") }
            switch name {
            case "--help", "-h": showHelp = true
            case "--version": showVersion = true
            case "--plain": plain = true
            case "--immediate": immediate = true
            default: sequential = true
            }
        case "--interval":
            let value = try Self.value(of: name, inline: inlineValue, remaining: &remaining)
            guard let duration = DurationText.parse(value) else {
                throw UsageError(message: "malformed duration '\(value)' for --interval: use \(DurationText.forms).")
            }
            interval = duration
        case "--latency":
            let value = try Self.value(of: name, inline: inlineValue, remaining: &remaining)
            guard let range = LatencyRange.parse(value) else {
                throw UsageError(
                    message:
                        "malformed latency '\(value)': use one duration or MIN..MAX with MIN <= MAX, each \(DurationText.forms)."
                )
            }
            latency = range
        case "--seed":
            let value = try Self.value(of: name, inline: inlineValue, remaining: &remaining)
            // Digits only: UInt64("+5") would accept a sign the usage does not mention.
            guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let number = UInt64(value) else {
                throw UsageError(message: "malformed seed '\(value)': use a whole number from 0 to \(UInt64.max).")
            }
            seed = number
        case "--retry":
            let value = try Self.value(of: name, inline: inlineValue, remaining: &remaining)
            guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(value),
                count <= RetrySettings.maximumRetries
            else {
                throw UsageError(
                    message:
                        "malformed retry count '\(value)' for --retry: use a whole number from 0 to \(RetrySettings.maximumRetries)."
                )
            }
            retries = count
        case "--section-outcomes":
            let value = try Self.value(of: name, inline: inlineValue, remaining: &remaining)
            sectionOutcomes = try Self.sectionOutcomes(value)
            sectionOutcomesGiven = true
        default:
            // `--success` and `--interactive` are commands written as options.
            throw .unknown("option", name, candidates: Self.optionNames, otherwise: Self.commandNames)
        }
    }

    /// The outcomes in `list`: exactly one for each section (warm, cool, neutral), separated by commas.
    private static func sectionOutcomes(_ list: String) throws(UsageError) -> [Outcome] {
        let words = Outcome.sectionOutcomes.map(\.rawValue)
        var outcomes: [Outcome] = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard !item.isEmpty else {
                throw UsageError(
                    message: "empty item in --section-outcomes '\(list)': give three of success, error and empty, "
                        + "separated by commas.")
            }
            guard let outcome = Outcome(rawValue: String(item)), Outcome.sectionOutcomes.contains(outcome) else {
                let unknown = UsageError.unknown("section outcome", String(item), candidates: words)
                throw UsageError(message: unknown.message + " A section answers success, error or empty.")
            }
            outcomes.append(outcome)
        }
        guard outcomes.count == Palette.allCases.count else {
            throw UsageError(
                message: "--section-outcomes '\(list)' names \(outcomes.count) of the 3 sections: give one outcome "
                    + "each for warm, cool and neutral, such as success,error,empty.")
        }
        return outcomes
    }

    /// The value of option `name`: after `=`, or the next argument unless that is another option.
    private static func value(
        of name: String, inline: String?, remaining: inout ArraySlice<String>
    ) throws(UsageError) -> String {
        if let inline {
            guard !inline.isEmpty else { throw UsageError(message: "missing value for \(name).") }
            return inline
        }
        guard let next = remaining.first, !next.hasPrefix("--") else {
            throw UsageError(message: "missing value for \(name).")
        }
        remaining.removeFirst()
        return next
    }
}
