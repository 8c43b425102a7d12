#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `demo store`: screens sharing a ``ContentStore``'s keys, from the command line or interactively.
extension DemoApp {
    /// Runs the `store` command `command`, printing each screen's changes and the store's
    /// fetches, then how many requests the store made.
    func runStore(_ command: StoreCommand, styled: Bool) async -> Int32 {
        await handleSignals()
        defer { shutDown() }
        let display = LineDisplay(styled: styled)
        self.display = display
        display.log(started(interval: nil))
        if command == .listStar || command == .listStarFails || command == .listMove {
            return await runLists(command, display: display)
        }
        let controller = StoreController(
            loader: ColorsLoader(seed: seed, latency: options.latency), display: display, policy: presentationPolicy)
        switch command {
        case .shared:
            // Two screens of one key load at once: one request, and both draw its answer.
            controller.open(on: .warm)
            controller.open(on: .warm)
            controller.loadAll()
        case .revisit:
            // A screen loads the key and closes; the next screen on the key draws the stored
            // colours on its first frame, then revalidates them as a refresh.
            controller.open(on: .warm)
            controller.loadAll()
            await controller.waitUntilSettled()
            controller.close(controller.screens[0])
            controller.open(on: .warm)
            controller.loadAll()
        case .keyChange:
            // A screen shows warm, reloads it, and changes to cool before the reload answers: it
            // keeps warm's colours as a placeholder until cool's land; the reload never shows.
            let screen = controller.open(on: .warm)
            controller.loadAll()
            await controller.waitUntilSettled()
            controller.whenRequest(2) { controller.changeKey(of: screen, to: .cool) }
            controller.loadAll()
        case .invalidate:
            // Two screens show the key; invalidating it revalidates it once, and both redraw.
            controller.open(on: .warm)
            controller.open(on: .warm)
            controller.loadAll()
            await controller.waitUntilSettled()
            controller.invalidate(.warm)
        case .star, .starFails:
            // Two screens show the key; a star shows on both at once, then lands (or is refused
            // and rolled back, announced beside the colours); the key revalidates once after.
            controller.open(on: .warm)
            controller.open(on: .warm)
            controller.loadAll()
            await controller.waitUntilSettled()
            controller.toggleStar(of: 2, on: .warm, fails: command == .starFails)
        case .listStar, .listStarFails, .listMove:
            break  // Run above, by runLists.
        case .starRapid:
            // The user taps a star three times while a refresh is in flight: each tap shows at
            // once, the refresh lands under them, and the screen ends on the server's truth.
            let screen = controller.open(on: .warm)
            controller.loadAll()
            await controller.waitUntilSettled()
            controller.whenRequest(2) {
                for _ in 0..<3 { controller.toggleStar(of: 2, on: screen.dataSource.key) }
            }
            controller.loadAll()
        }
        await controller.waitUntilSettled()
        display.finish()
        display.log(controller.finished)
        return 0
    }

    /// Runs `store list-star` (or `list-star-fails`): two lists show colour 2; a star on it
    /// redraws its row on both in one turn, then lands (or is refused, and rolled back on both).
    /// `store list-move`: colour 5 moves to the top at once; another user reorders the list on
    /// the server; a refresh lands under the pending move, which lands after it; the list ends on
    /// the server's order.
    private func runLists(_ command: StoreCommand, display: LineDisplay) async -> Int32 {
        let controller = ListsController(
            loader: ColorsLoader(seed: seed, latency: options.latency), display: display, policy: presentationPolicy)
        controller.loadAll()
        await controller.waitUntilSettled()
        if command == .listMove {
            controller.move(5, to: 0)
            controller.reorderOnServer([3, 1, 2, 4, 5])
            await controller.refreshAll()
        } else {
            controller.toggleStar(of: 2, fails: command == .listStarFails)
        }
        await controller.waitUntilSettled()
        display.finish()
        display.log(controller.finished)
        return 0
    }

    /// `demo interactive store`: one line per change, as the command prints, with keys to load,
    /// open and close a second screen on the same key, change the first screen's key and invalidate it.
    func runStoreInteractive(styled: Bool) async -> Int32 {
        // Before the terminal changes, so that every change is undone whatever ends the demo.
        await handleSignals(alsoOnTheMainActor: [SIGTSTP, SIGCONT])
        defer { shutDown() }
        guard terminal.enterKeyMode() else {
            return Self.usageFailure(UsageError(message: "interactive mode needs a terminal on standard input."))
        }
        let display = LineDisplay(styled: styled)
        self.display = display
        display.log(started(interval: nil))
        StandardStream.out(
            "keys: s load, o open a screen on the same key, c close it, k change key, i invalidate, * star row 1, q quit\n"
        )
        let controller = StoreController(
            loader: ColorsLoader(seed: seed, latency: options.latency), display: display, policy: presentationPolicy)
        let first = controller.open(on: .warm)
        for await key in KeyReader.keys() {
            switch Character(Unicode.Scalar(key)) {
            case "s", "S": controller.loadAll()
            case "o", "O": controller.open(on: first.dataSource.key).dataSource.loadContent()
            case "c", "C":
                if let last = controller.screens.last, last !== first { controller.close(last) }
            case "k", "K":
                let palettes = Palette.allCases
                let next = palettes[(palettes.firstIndex(of: first.dataSource.key)! + 1) % palettes.count]
                controller.changeKey(of: first, to: next)
            case "i", "I": controller.invalidate(first.dataSource.key)
            case "*": controller.toggleStar(of: 1, on: first.dataSource.key)
            case "q", "Q", "\u{1B}", "\u{04}":  // q, Escape, Ctrl-D
                return 0
            default: continue
            }
        }
        return 0  // End of input.
    }
}

/// The `store` commands: what `demo store …` shows of the shared store.
enum StoreCommand: String, CaseIterable, Sendable {
    /// `demo store`: two screens of one key load at once, with one request.
    case shared
    /// `demo store revisit`: a second visit draws the stored value at once, then revalidates.
    case revisit
    /// `demo store key-change`: a key change keeps the previous value as a placeholder.
    case keyChange = "key-change"
    /// `demo store invalidate`: invalidating a key two screens show makes one request.
    case invalidate
    /// `demo store star`: a star shows at once on both screens of a key, then lands.
    case star
    /// `demo store star-fails`: the server refuses a star: rolled back and announced.
    case starFails = "star-fails"
    /// `demo store star-rapid`: three taps on a star during a refresh end on the server's truth.
    case starRapid = "star-rapid"
    /// `demo store list-star`: a star on a colour redraws its row on both lists that show it.
    case listStar = "list-star"
    /// `demo store list-star-fails`: the server refuses that star: rolled back on both lists.
    case listStarFails = "list-star-fails"
    /// `demo store list-move`: a refresh that reorders the rows under a pending move ends on the
    /// server's order.
    case listMove = "list-move"
}
