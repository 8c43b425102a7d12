import ContentLoadingTestSupport
import Testing

/// `grdb-demo` end to end, over a file in a temporary folder: the first run
/// fetches and stores, the next draws the stored rows at once and revalidates them, and one with
/// the network off keeps them on screen with the failure beside them; a write made with the
/// network off is shown, survives a restart and is sent when the network returns (item 4).
@MainActor
@Suite("grdb-demo", .timeLimit(.minutes(1)), .hangLimit)
struct GRDBDemoTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Runs the demo to its end and returns its exit status and lines.
    func run(_ arguments: [String]) async throws -> (status: Int32, lines: [String]) {
        let demo = try ChildProcess(
            ["--database", folder.path("demo.sqlite"), "--latency", "0"] + arguments, executable: "grdb-demo")
        let status = try await demo.exited.wait()
        // The process has ended; its output pipe drains to its end.
        await eventually { demo.lines.last?.hasPrefix("  pending writes stored:") == true || status != 0 }
        return (status, demo.lines)
    }

    @Test func aFirstRunFetchesAndStoresAndTheNextDrawsTheStoredRowsThenRevalidates() async throws {
        let first = try await run([])
        #expect(first.status == 0)
        #expect(first.lines.contains("  first frame: nothing stored yet"))
        #expect(first.lines.contains("  screen: loading…"))
        #expect(first.lines.contains("  refresh: committed(hasContent: true)"))

        let second = try await run([])
        #expect(second.status == 0)
        #expect(second.lines.contains("  first frame: the stored rows"))
        #expect(second.lines.contains("  first frame: the stored message"))
        #expect(!second.lines.contains("  screen: loading…"), "stored rows on the first frame: no spinner")
        #expect(second.lines.contains { $0.hasPrefix("  screen: content, refreshing: red, green, blue") })
        #expect(second.lines.contains("  refresh: committed(hasContent: true)"))
    }

    @Test func withTheNetworkOffTheStoredRowsStayWithTheFailureBeside() async throws {
        _ = try await run([])
        let offline = try await run(["--offline"])
        #expect(offline.status == 0)
        #expect(offline.lines.contains("  first frame: the stored rows"))
        #expect(offline.lines.contains("  refresh: failed(the network is off)"))
        #expect(!offline.lines.contains { $0.hasPrefix("  screen: error") })
    }

    @Test func aFirstRunOfflineShowsTheErrorScreen() async throws {
        let offline = try await run(["--offline"])
        #expect(offline.status == 0)
        #expect(offline.lines.contains("  screen: error: the network is off"))
    }

    @Test func aWriteMadeOfflineIsShownSurvivesARestartAndIsSentWhenTheNetworkReturns() async throws {
        _ = try await run([])
        let offline = try await run(["--offline", "--write", "hello"])
        #expect(offline.status == 0)
        #expect(offline.lines.contains("  wrote \"hello\": shown at once, stored until sent: hello"))
        #expect(offline.lines.contains("  offline: 1 write(s) pending, sent when the network returns"))
        #expect(offline.lines.contains("  pending writes stored: 1"))

        let restarted = try await run(["--offline"])
        #expect(restarted.status == 0)
        #expect(restarted.lines.contains("  restored 1 pending write(s) from an earlier run"))
        #expect(restarted.lines.contains("  shown: hello"), "the write's layer, on the first frame")
        #expect(restarted.lines.contains("  pending writes stored: 1"))

        let online = try await run([])
        #expect(online.status == 0)
        #expect(online.lines.contains("  restored 1 pending write(s) from an earlier run"))
        #expect(online.lines.contains("  write Post \"hello\": committed(hello)"))
        #expect(online.lines.contains("  pending writes stored: 0"))

        let after = try await run(["--offline"])
        #expect(!after.lines.contains { $0.hasPrefix("  restored") }, "sent once: nothing left to restore")
        #expect(after.lines.contains { $0.hasPrefix("  shown: hello") }, "the server's message now")
    }

    @Test(arguments: [["--latency", "soon"], ["--database", "x.sqlite", "--write"]])
    func aUsageErrorExits64(arguments: [String]) async throws {
        let demo = try ChildProcess(arguments, executable: "grdb-demo")
        #expect(try await demo.exited.wait() == 64)
    }

    @Test func aUsageErrorNamesTheArgumentOnStandardErrorWithTheUsage() async throws {
        let demo = try ChildProcess(["--database", "x.sqlite", "--ofline"], executable: "grdb-demo")
        #expect(try await demo.exited.wait() == 64)
        await eventually { demo.errorLines.contains { $0.hasPrefix("USAGE: grdb-demo") } }
        #expect(demo.errorLines.first == "grdb-demo: unknown option '--ofline'. Did you mean '--offline'?")
        #expect(demo.lines.isEmpty, "nothing on standard output")
    }

    @Test(arguments: [["--help"], ["-h"], ["--version"]])
    func helpAndVersionPrintToStandardOutputAndExit0(arguments: [String]) async throws {
        let demo = try ChildProcess(arguments, executable: "grdb-demo")
        #expect(try await demo.exited.wait() == 0)
        let expected =
            arguments == ["--version"]
            ? "grdb-demo 0.1.0" : "USAGE: grdb-demo --database PATH [--offline] [--latency MS] [--write TEXT]"
        await eventually { demo.lines.first == expected }
        #expect(demo.errorLines.isEmpty)
    }
}
