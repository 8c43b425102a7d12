/// What the demo's command line asks for: a run, its help or its version. Parsed by hand, as
/// the root package's `demo` does: long options, `--option value` and `--option=value`.
enum DemoCommand: Equatable {
    /// Run the demo with these options.
    case run(Options)
    /// Print the help (`--help`, `-h`) to standard output.
    case help
    /// Print the version (`--version`) to standard output.
    case version
    /// Run the feed (`grdb-demo feed`) with these options.
    case feed(Options)
    /// Print the feed's help (`grdb-demo feed --help`) to standard output.
    case feedHelp

    /// The options, for suggestions.
    static let optionNames = ["--database", "--offline", "--latency", "--write", "--help", "--version"]
    /// The feed's options, for suggestions.
    static let feedOptionNames = ["--database", "--offline", "--latency", "--star", "--help", "--version"]

    /// Parses `arguments` (without the program name). `--help` and `--version` need no
    /// `--database`; the first of them given wins. A first argument `feed` runs the feed, whose
    /// options are the same but for `--star ID` in place of `--write TEXT`.
    static func parse(_ arguments: [String]) throws(UsageError) -> DemoCommand {
        var path: String?
        var options = Options(path: "")
        var asked: DemoCommand?
        var remaining = arguments[...]
        let isFeed = remaining.first == "feed"
        if isFeed { remaining.removeFirst() }
        let optionNames = isFeed ? feedOptionNames : optionNames
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("-"), argument != "-" else {
                // Only a first `feed` is a command: `offline` is probably `--offline`.
                var message =
                    "unexpected argument '\(argument)': \(isFeed ? "grdb-demo feed" : "grdb-demo") takes options only."
                if let suggestion = Suggestion.nearest(to: argument, in: optionNames) {
                    message += " Did you mean '\(suggestion)'?"
                }
                throw UsageError(message: message)
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            switch name {
            case "--help", "-h", "--version", "--offline":
                if inlineValue != nil { throw UsageError(message: "option \(name) takes no value.") }
                switch name {
                case "--help", "-h": asked = asked ?? (isFeed ? .feedHelp : .help)
                case "--version": asked = asked ?? .version
                default: options.isOffline = true
                }
            case "--database":
                path = try value(of: name, inline: inlineValue, remaining: &remaining)
            case "--write" where !isFeed:
                options.write = try value(of: name, inline: inlineValue, remaining: &remaining)
            case "--latency":
                let value = try value(of: name, inline: inlineValue, remaining: &remaining)
                // Digits only: Int("+5") would accept a sign the usage does not mention.
                guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let milliseconds = Int(value) else {
                    throw UsageError(
                        message: "malformed latency '\(value)' for --latency: use a whole number of milliseconds, "
                            + "such as 300.")
                }
                options.latency = .milliseconds(milliseconds)
            case "--star" where isFeed:
                let value = try value(of: name, inline: inlineValue, remaining: &remaining)
                guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int(value), id > 0 else {
                    throw UsageError(
                        message: "malformed article '\(value)' for --star: use an article's number, such as 3.")
                }
                options.star = id
            default:
                throw .unknown("option", name, candidates: optionNames)
            }
        }
        if let asked { return asked }
        guard let path else {
            throw UsageError(message: "missing --database PATH: the database file to use (created if absent).")
        }
        options.path = path
        return isFeed ? .feed(options) : .run(options)
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
