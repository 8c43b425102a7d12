import ContentLoading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The demo from the command line to its exit status: parses the arguments, picks the
/// display, and runs the taps or the interactive screen.
@MainActor
enum DemoApp {
    /// `EX_USAGE`: bad command-line input.
    static let usageExitCode: Int32 = 64

    /// Runs the demo with `arguments` (without the program name); returns the exit status.
    static func run(_ arguments: [String], environment: [String: String]) async -> Int32 {
        let options: CommandLineArguments
        do {
            options = try CommandLineArguments.parse(arguments)
        } catch {
            return usageFailure(error)
        }
        if options.showHelp {
            StandardStream.out(Usage.text)
            return 0
        }
        if options.showVersion {
            StandardStream.out("demo \(Usage.version)\n")
            return 0
        }
        let onTerminal = Terminal.isTerminal(0) && Terminal.isTerminal(1)
        let interactive = options.interactive || options.outcomes.isEmpty
        if interactive && !onTerminal {
            let what = options.interactive ? "interactive mode needs a terminal" : "missing command"
            return usageFailure(UsageError(message: "\(what): give commands such as 'demo success error'."))
        }
        // Plain output: no escape codes and no animation (https://no-color.org).
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let styled = Terminal.isTerminal(1) && !options.plain && !noColor
        signal(SIGPIPE, SIG_IGN)  // A closed pipe ends the output, not the process.

        let seed = options.seed ?? UInt64.random(in: 0...UInt64.max)
        let policyName = options.immediate ? "immediate" : "standard"
        let loader = ColorsLoader(seed: seed, latency: options.latency)
        let terminal = Terminal()
        if styled { await terminal.installInterruptHandler() }
        defer { terminal.restore() }

        if interactive {
            return await runInteractive(
                styled: styled, terminal: terminal, loader: loader, options: options,
                started: .started(seed: seed, latency: options.latency, interval: nil, policy: policyName))
        }
        let display = LineDisplay(styled: styled)
        display.log(.started(seed: seed, latency: options.latency, interval: options.interval, policy: policyName))
        let controller = DemoController(
            display: display, loader: loader, policy: options.immediate ? .immediate : .standard,
            initialMessage: "Loading as the commands asked.")
        for (index, outcome) in options.outcomes.enumerated() {
            if index > 0 {
                if options.sequential { await controller.waitUntilSettled() }
                // No pause at 0: every tap is made before any answer can be handled.
                if options.interval > .zero { try? await Task.sleep(for: options.interval) }
            }
            controller.dataSource.load(outcome)
        }
        await controller.waitUntilSettled()
        display.finish()
        display.log(.finished(taps: controller.dataSource.tapCount, dropped: controller.dataSource.droppedCount))
        return 0
    }

    private static func runInteractive(
        styled: Bool, terminal: Terminal, loader: ColorsLoader, options: CommandLineArguments, started: DemoEvent
    ) async -> Int32 {
        // Ctrl-C must restore key mode even on plain output.
        if !styled { await terminal.installInterruptHandler() }
        guard terminal.enterKeyMode() else {
            return usageFailure(UsageError(message: "interactive mode needs a terminal on standard input."))
        }
        let display: any Display
        if styled {
            terminal.apply(
                AnsiStyle.enterAlternateScreen + AnsiStyle.hideCursor,
                undo: AnsiStyle.showCursor + AnsiStyle.leaveAlternateScreen)
            display = FullScreenDisplay(size: Terminal.size)
        } else {
            display = LineDisplay(styled: false)
        }
        display.log(started)
        if !styled { StandardStream.out("keys: s success, e empty, x error, r retry, q quit\n") }
        let controller = DemoController(
            display: display, loader: loader, policy: options.immediate ? .immediate : .standard,
            initialMessage: "Press s, e or x to load.")
        for await key in KeyReader.keys() {
            switch Character(Unicode.Scalar(key)) {
            case "s", "S", "1": controller.dataSource.load(.success)
            case "e", "E", "2": controller.dataSource.load(.empty)
            case "x", "X", "3": controller.dataSource.load(.error)
            case "r", "R": controller.retry()
            case "q", "Q", "\u{1B}", "\u{04}":  // q, Escape, Ctrl-D
                display.finish()
                return 0
            default: continue
            }
        }
        display.finish()
        return 0  // End of input.
    }

    private static func usageFailure(_ error: UsageError) -> Int32 {
        StandardStream.error("demo: \(error.message)\n\n\(Usage.text)")
        return usageExitCode
    }
}
