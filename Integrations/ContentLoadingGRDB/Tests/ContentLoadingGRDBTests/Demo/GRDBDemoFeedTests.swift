import ContentLoadingTestSupport
import Testing

@testable import GRDBDemo

/// `grdb-demo feed` end to end, over a file in a temporary folder: an online run fetches and
/// stores two pages; an offline relaunch shows them on its first frame and says in the footer
/// where they end; a star made offline shows at once, survives a restart and is sent once when a
/// run is online; bad arguments are named and exit 64.
@MainActor
@Suite("grdb-demo feed", .timeLimit(.minutes(1)), .hangLimit)
struct GRDBDemoFeedTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Runs the feed to its end and returns its exit status and lines.
    func run(_ arguments: [String]) async throws -> (status: Int32, lines: [String]) {
        let demo = try ChildProcess(
            ["feed", "--database", folder.path("feed.sqlite"), "--latency", "0"] + arguments, executable: "grdb-demo")
        let status = try await demo.exited.wait()
        // The process has ended; its output pipe drains to its end.
        await eventually { demo.lines.last?.hasPrefix("  pending writes stored:") == true || status != 0 }
        return (status, demo.lines)
    }

    @Test func anOnlineRunFetchesAndStoresPages() async throws {
        let online = try await run([])
        #expect(online.status == 0)
        #expect(online.lines.contains("  first frame: nothing stored yet"))
        #expect(online.lines.contains("  screen: loading…"))
        #expect(online.lines.contains("  refresh: committed(hasContent: true)"))
        #expect(online.lines.contains("  load more: committed(hasMore: true)"))
        #expect(online.lines.contains("  rows: +5 +6 +7 +8"), "the page's rows, as one difference")
        #expect(online.lines.contains("  shown: 1, 2, 3, 4, 5, 6, 7, 8"))
        #expect(online.lines.contains("  stored articles: 8"))
    }

    @Test func anOfflineRelaunchShowsTheStoredPagesAtOnceAndWhereTheyEnd() async throws {
        _ = try await run([])
        let offline = try await run(["--offline"])
        #expect(offline.status == 0)
        #expect(offline.lines.contains("  first frame: 4 stored article(s): 1, 2, 3, 4"))
        // The renderer, set after the first frame, is handed the rows whole at the observation's
        // first delivery or at the next page, whichever comes first: the second page's rows may
        // come with them.
        let firstRows = offline.lines.first { $0.hasPrefix("  rows: ") }
        #expect(
            firstRows == "  rows: +1 +2 +3 +4" || firstRows == "  rows: +1 +2 +3 +4 +5 +6 +7 +8",
            "the list renderer is handed the stored rows: \(firstRows ?? "none")")
        #expect(!offline.lines.contains("  screen: loading…"), "stored pages on the first frame: no spinner")
        #expect(!offline.lines.contains { $0.hasPrefix("  screen: error") })
        #expect(offline.lines.contains("  load more: committed(hasMore: true)"), "the second stored page")
        #expect(offline.lines.contains("  screen: page appended: 1, 2, 3, 4, 5, 6, 7, 8"))
        #expect(
            offline.lines.contains(
                "  footer: after article 8: The saved pages end here; the next page could not be loaded "
                    + "(the network is off)."))
        #expect(offline.lines.contains("  shown: 1, 2, 3, 4, 5, 6, 7, 8"))
        #expect(offline.lines.contains("  stored articles: 8"), "nothing lost offline")
    }

    @Test func aStarMadeOfflineShowsSurvivesARestartAndIsSentOnceOnline() async throws {
        _ = try await run([])
        let offline = try await run(["--offline", "--star", "3"])
        #expect(offline.status == 0)
        #expect(offline.lines.contains("  starred article 3: shown at once: 1, 2, 3★, 4, 5, 6, 7, 8"))
        #expect(offline.lines.contains("  offline: 1 write(s) pending, sent when the network returns"))
        #expect(offline.lines.contains("  pending writes stored: 1"))

        let restarted = try await run(["--offline"])
        #expect(restarted.lines.contains("  restored 1 pending write(s) from an earlier run"))
        #expect(restarted.lines.contains("  first frame: 4 stored article(s): 1, 2, 3★, 4"), "on the first frame")
        #expect(restarted.lines.contains("  pending writes stored: 1"))

        let online = try await run([])
        #expect(online.lines.contains("  restored 1 pending write(s) from an earlier run"))
        #expect(online.lines.contains("  write Star article 3: committed([3])"))
        #expect(online.lines.contains("  shown: 1, 2, 3★, 4, 5, 6, 7, 8"))
        #expect(online.lines.contains("  pending writes stored: 0"))

        let again = try await run([])
        #expect(!again.lines.contains { $0.hasPrefix("  restored") }, "sent once: nothing left to send")
        #expect(!again.lines.contains { $0.hasPrefix("  write ") })
        #expect(again.lines.contains("  shown: 1, 2, 3★, 4, 5, 6, 7, 8"), "the server's stars now")
    }

    @Test func aBadArgumentIsNamedAndExits64() async throws {
        let demo = try ChildProcess(["feed", "--database", "x.sqlite", "--star", "three"], executable: "grdb-demo")
        #expect(try await demo.exited.wait() == 64)
        await eventually { demo.errorLines.contains { $0.hasPrefix("USAGE: grdb-demo feed") } }
        #expect(
            demo.errorLines.first
                == "grdb-demo: malformed article 'three' for --star: use an article's number, such as 3.")
        #expect(demo.lines.isEmpty, "nothing on standard output")
    }

    @Test func helpNamesTheCommandAndExits0() async throws {
        let demo = try ChildProcess(["feed", "--help"], executable: "grdb-demo")
        #expect(try await demo.exited.wait() == 0)
        await eventually {
            demo.lines.first == "USAGE: grdb-demo feed --database PATH [--offline] [--latency MS] [--star ID]"
        }
        #expect(demo.errorLines.isEmpty)
    }

    @Test func theFeedsArgumentsParseAndTheirErrorsNameTheArgument() throws {
        #expect(
            try DemoCommand.parse(["feed", "--database", "a", "--offline", "--star=3", "--latency", "0"])
                == .feed(Options(path: "a", isOffline: true, latency: .zero, star: 3)))
        #expect(try DemoCommand.parse(["feed", "-h"]) == .feedHelp)
        #expect(try DemoCommand.parse(["feed", "--version"]) == .version)
        #expect(error(["feed", "--database", "a", "--write", "hi"]) == "unknown option '--write'.")
        #expect(error(["--database", "a", "--star", "3"]) == "unknown option '--star'.")
        #expect(error(["feed", "--database", "a", "--stra", "3"]) == "unknown option '--stra'. Did you mean '--star'?")
        #expect(error(["feed", "--database", "a", "--star"]) == "missing value for --star.")
        #expect(error(["feed", "--database", "a", "--star", "0"]) != nil)
        #expect(error(["feed"]) == "missing --database PATH: the database file to use (created if absent).")
        #expect(
            error(["feed", "--database", "a", "offline"])
                == "unexpected argument 'offline': grdb-demo feed takes options only. Did you mean '--offline'?")
    }

    /// The usage error `arguments` make, or `nil` if they parse.
    func error(_ arguments: [String]) -> String? {
        do {
            _ = try DemoCommand.parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }
}
