import ContentLoading

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The demo from the command line to its exit status: parses the arguments, picks the
/// display, runs the taps or the interactive screen, and handles the signals that end,
/// stop or resize it, restoring the terminal on every way out.
@MainActor
final class DemoApp {
    /// `EX_USAGE`: bad command-line input.
    static let usageExitCode: Int32 = 64

    /// The signals that end the demo: each restores the terminal, then takes its default
    /// action, so the shell sees the death it expects (130 for Ctrl-C in bash). They are
    /// handled off the main actor, which may be blocked in a write (output paused with Ctrl-S).
    static let endingSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    let options: CommandLineArguments
    /// The seed given, or a random one (printed, to replay the run).
    let seed: UInt64
    let terminal = Terminal()
    var display: (any Display)?

    private init(options: CommandLineArguments) {
        self.options = options
        seed = options.seed ?? UInt64.random(in: 0...UInt64.max)
    }

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
        let interactive =
            options.interactive || (options.outcomes.isEmpty && !options.sections && options.store == nil)
        if interactive && !onTerminal {
            let what = options.interactive ? "interactive mode needs a terminal" : "missing command"
            return usageFailure(UsageError(message: "\(what): give commands such as 'demo success error'."))
        }
        if interactive, let option = options.tapPacingOption {
            return usageFailure(.tapPacingInInteractiveMode(option))
        }
        // Plain output: no escape codes and no animation (https://no-color.org).
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let styled = Terminal.isTerminal(1) && !options.plain && !noColor
        let app = DemoApp(options: options)
        if let store = options.store {
            return await interactive ? app.runStoreInteractive(styled: styled) : app.runStore(store, styled: styled)
        }
        if options.sections {
            return await interactive ? app.runSectionsInteractive(styled: styled) : app.runSections(styled: styled)
        }
        return await interactive ? app.runInteractive(styled: styled) : app.runCommands(styled: styled)
    }

    private func runCommands(styled: Bool) async -> Int32 {
        await handleSignals()
        defer { shutDown() }
        let display = LineDisplay(styled: styled)
        self.display = display
        display.log(started(interval: options.interval))
        let controller = DemoController(
            display: display, ledger: makeLedger(), policy: presentationPolicy,
            initialMessage: "Loading as the commands asked.")
        for (index, outcome) in options.outcomes.enumerated() {
            if index > 0 {
                // A page is asked for once the list before it is on screen, as scrolling to its
                // end would: `more` waits for the taps before it to settle. A reload after it
                // does not wait, so it lands while the page is in flight.
                if options.sequential || outcome.isPage {
                    await controller.waitUntilSettled()
                } else if options.retries > 0 && options.outcomes[index - 1].failsFirst {
                    // With retries, a tap after a load that fails first lands while that load
                    // waits to retry, as a person tapping during the wait would: it drops the
                    // retry. It comes as the wait begins, with no pause, whatever the interval.
                    await controller.waitUntilRetryingOrSettled()
                    controller.dataSource.load(outcome)
                    continue
                }
                // No pause at 0: the tap follows the one before it before any answer can be
                // handled (unless it waited above).
                if options.interval > .zero { try? await Task.sleep(for: options.interval) }
            }
            controller.dataSource.load(outcome)
        }
        await controller.waitUntilSettled()
        display.finish()
        display.log(finished(controller.dataSource.ledger))
        return 0
    }

    private func runInteractive(styled: Bool) async -> Int32 {
        // Before the terminal changes, so that every change is undone whatever ends the demo.
        await handleSignals(alsoOnTheMainActor: [SIGTSTP, SIGCONT, SIGWINCH])
        defer { shutDown() }
        guard let display = enterInteractiveMode(styled: styled, keys: FullScreenDisplay.listKeys) else {
            return Self.usageFailure(UsageError(message: "interactive mode needs a terminal on standard input."))
        }
        if !styled { StandardStream.out("keys: s success, e empty, x error, f flaky, m more, r retry, q quit\n") }
        // On a terminal the full screen reads an observable model, as an app's view would.
        let controller = DemoController(
            display: display, ledger: makeLedger(), policy: presentationPolicy,
            initialMessage: "Press s, e, x or f to load.", observing: styled)
        for await key in KeyReader.keys() {
            switch Character(Unicode.Scalar(key)) {
            case "s", "S", "1": controller.dataSource.load(.success)
            case "e", "E", "2": controller.dataSource.load(.empty)
            case "x", "X", "3": controller.dataSource.load(.error)
            case "f", "F": controller.dataSource.load(.flaky)
            case "m", "M": controller.dataSource.load(.more)
            case "r", "R": controller.retry()
            case "q", "Q", "\u{1B}", "\u{04}":  // q, Escape, Ctrl-D
                return 0
            default: continue
            }
        }
        return 0  // End of input.
    }

    /// Takes the terminal's keys and, when `styled`, its alternate screen for a full screen
    /// showing `keys`; logs the start. `nil` when standard input is not a terminal.
    func enterInteractiveMode(styled: Bool, keys: [String]) -> (any Display)? {
        guard terminal.enterKeyMode() else { return nil }
        let display: any Display
        if styled {
            terminal.enterScreen(
                AnsiStyle.enterAlternateScreen + AnsiStyle.hideCursor,
                leave: AnsiStyle.showCursor + AnsiStyle.leaveAlternateScreen)
            display = FullScreenDisplay(size: Terminal.size, keys: keys)
        } else {
            display = LineDisplay(styled: false)
        }
        self.display = display
        display.log(started(interval: nil))
        return display
    }

    func started(interval: Duration?) -> DemoEvent {
        .started(
            seed: seed, latency: options.latency, interval: interval,
            policy: options.immediate ? "immediate" : "standard",
            retry: RetrySettings(retries: options.retries, latency: options.latency))
    }

    /// The last line: the taps, the requests they sent, and the stale answers dropped.
    func finished(_ ledger: LoadLedger) -> DemoEvent {
        .finished(taps: ledger.tapCount, requests: ledger.requestCount, dropped: ledger.droppedCount)
    }

    /// The presentation policy `--immediate` chooses.
    var presentationPolicy: PresentationPolicy { options.immediate ? .immediate : .standard }

    /// The simulated service, seeded, and the retries `--retry` asks for.
    func makeLedger() -> LoadLedger {
        LoadLedger(
            loader: ColorsLoader(seed: seed, latency: options.latency),
            retry: RetrySettings(retries: options.retries, latency: options.latency))
    }

    /// Handles the ending signals from now on, and `numbers` on the main actor, between two
    /// drawings.
    func handleSignals(alsoOnTheMainActor numbers: [Int32] = []) async {
        await Signals.handle(Self.endingSignals) { Self.end(by: $0) }
        StandardStream.beforeOutputFailureExit = { [weak self] in self?.shutDown() }
        // Nothing to deliver, no task: one waiting on a stream that nothing feeds would wait
        // forever, and look like a leak to AddressSanitizer at exit.
        guard !numbers.isEmpty else { return }
        let signals = await Signals.deliver(numbers)
        // The task lives as long as the process; it holds the app only while handling a signal.
        Task { [weak self] in
            for await number in signals {
                self?.handle(number)
            }
        }
    }

    private func handle(_ number: Int32) {
        switch number {
        case SIGTSTP:
            // Ctrl-Z: give the shell its terminal back, stop, and take it again on `fg`.
            terminal.suspend()
            Signals.takeDefaultAction(of: SIGTSTP)
            terminal.resume()
            display?.redraw()
        case SIGCONT:
            // Also after a SIGSTOP, which no handler sees: key mode may have been changed.
            terminal.resume()
            display?.redraw()
        default:  // SIGWINCH
            display?.redraw()
        }
    }

    /// Ends the demo by the ending signal `number`, on the signals' queue: stops every change
    /// to the terminal (the frame under way is finished first, so nothing is drawn over the
    /// user's screen), restores the terminal, and takes the signal's default action.
    nonisolated private static func end(by number: Int32) {
        TerminalGate.shared.undoForGood()
        Signals.takeDefaultAction(of: number)
        _exit(128 + number)  // Not reached: the default action of these signals ends the process.
    }

    /// Stops drawing and restores the terminal; safe to call more than once.
    func shutDown() {
        display?.finish()
        terminal.restore()
    }

    static func usageFailure(_ error: UsageError) -> Int32 {
        StandardStream.error("demo: \(error.message)\n\n\(Usage.text)")
        return usageExitCode
    }
}
