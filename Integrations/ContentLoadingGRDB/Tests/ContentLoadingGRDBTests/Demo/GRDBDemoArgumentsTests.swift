import ContentLoadingTestSupport
import Testing

@testable import GRDBDemo

/// `grdb-demo`'s command line, as the root package's `demo` answers its own: a bad argument is
/// named, with what was probably meant, and exits 64; `--help` and `--version` print to
/// standard output and exit 0.
@MainActor
@Suite("grdb-demo arguments", .timeLimit(.minutes(1)), .hangLimit)
struct GRDBDemoArgumentsTests {
    /// The usage error `arguments` make, or `nil` if they parse.
    func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try DemoCommand.parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theOptionsParseInBothForms() throws {
        let parsed = try DemoCommand.parse(["--database", "a.sqlite", "--offline", "--latency=0", "--write", "hi"])
        #expect(parsed == .run(Options(path: "a.sqlite", isOffline: true, latency: .zero, write: "hi")))
        #expect(try DemoCommand.parse(["--database=b.sqlite"]) == .run(Options(path: "b.sqlite")))
        #expect(
            try DemoCommand.parse(["--database", "c", "--write=--not-an-option"])
                == .run(Options(path: "c", write: "--not-an-option")))
    }

    @Test func helpAndVersionNeedNoDatabase() throws {
        #expect(try DemoCommand.parse(["--help"]) == .help)
        #expect(try DemoCommand.parse(["-h"]) == .help)
        #expect(try DemoCommand.parse(["--version"]) == .version)
        #expect(try DemoCommand.parse(["--database", "a", "--help"]) == .help)
    }

    @Test func aMistypedOptionIsNamedWithWhatWasMeant() {
        #expect(usageError(["--database", "a", "--ofline"]) == "unknown option '--ofline'. Did you mean '--offline'?")
        #expect(usageError(["--databse", "a"]) == "unknown option '--databse'. Did you mean '--database'?")
        #expect(usageError(["--database", "a", "--colour"]) == "unknown option '--colour'.")
        #expect(
            usageError(["--database", "a", "offline"])
                == "unexpected argument 'offline': grdb-demo takes options only. Did you mean '--offline'?")
    }

    @Test func aMissingOrMalformedValueIsNamed() {
        #expect(usageError([]) == "missing --database PATH: the database file to use (created if absent).")
        #expect(usageError(["--database"]) == "missing value for --database.")
        #expect(usageError(["--database", "a", "--write"]) == "missing value for --write.")
        #expect(usageError(["--database", "--offline"]) == "missing value for --database.")
        #expect(
            usageError(["--database", "a", "--latency", "soon"])
                == "malformed latency 'soon' for --latency: use a whole number of milliseconds, such as 300.")
        #expect(usageError(["--database", "a", "--latency", "-5"]) != nil)
        #expect(usageError(["--database", "a", "--offline=yes"]) == "option --offline takes no value.")
    }
}
