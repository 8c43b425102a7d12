#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `demo sections`: the screen of three sections, composed, from the command line or interactively.
extension DemoApp {
    /// Loads the sections once, prints each change, then the composed state and each section's.
    func runSections(styled: Bool) async -> Int32 {
        await handleSignals()
        defer { shutDown() }
        let display = LineDisplay(styled: styled)
        self.display = display
        display.log(started(interval: nil))
        let controller = SectionsController(
            display: display, ledger: makeLedger(), outcomes: options.sectionOutcomes, policy: presentationPolicy,
            initialMessage: "Loading the sections as the command asked.")
        controller.load()
        await controller.waitUntilSettled()
        display.finish()
        display.log(controller.summaryEvent)
        display.log(finished(controller.ledger))
        return 0
    }

    /// The sections on the interactive screen: `s` loads them, `r` retries the failed ones.
    func runSectionsInteractive(styled: Bool) async -> Int32 {
        // Before the terminal changes, so that every change is undone whatever ends the demo.
        await handleSignals(alsoOnTheMainActor: [SIGTSTP, SIGCONT, SIGWINCH])
        defer { shutDown() }
        guard let display = enterInteractiveMode(styled: styled, keys: FullScreenDisplay.sectionKeys) else {
            return Self.usageFailure(UsageError(message: "interactive mode needs a terminal on standard input."))
        }
        if !styled { StandardStream.out("keys: s load the sections, r retry the failed ones, q quit\n") }
        let controller = SectionsController(
            display: display, ledger: makeLedger(), outcomes: options.sectionOutcomes, policy: presentationPolicy,
            initialMessage: "Press s to load the sections.", observing: styled)
        for await key in KeyReader.keys() {
            switch Character(Unicode.Scalar(key)) {
            case "s", "S": controller.load()
            case "r", "R": controller.retry()
            case "q", "Q", "\u{1B}", "\u{04}":  // q, Escape, Ctrl-D
                return 0
            default: continue
            }
        }
        return 0  // End of input.
    }
}
