import ContentLoading

/// Wires `demo store` together: one ``ContentStore`` of colours by palette, fetching from the
/// simulated service, and the screens (``StoreScreen``) bound to its keys, opened and closed
/// as an app's would be.
///
/// The store treats every value as stale (``StoreStaleness/always``, its default), so every
/// screen that opens on a stored value draws it at once and revalidates it.
@MainActor
final class StoreController {
    /// The shared store.
    private(set) var store: ContentStore<Palette, StoredColors>!
    /// The screens open, in the order they opened.
    private(set) var screens: [StoreScreen] = []
    /// How many screens were opened in all.
    private(set) var openedCount = 0
    /// How many requests the store made.
    private(set) var requestCount = 0
    private let loader: ColorsLoader
    private let display: any Display
    private let policy: PresentationPolicy
    /// Fetches whose answer has not come back.
    private var fetchesInFlight = 0
    /// What to do as each request is sent, by request number.
    private var requestActions: [Int: @MainActor () -> Void] = [:]
    /// The rows the simulated server keeps starred, by key: what a fetch answers.
    private var serverStars: [Palette: Set<Int>] = [:]
    /// How many star writes were made; the ones whose number is listed fail.
    private var starWrites = 0
    private var failingStarWrites: Set<Int> = []
    /// Star writes whose request has not answered.
    private var writesInFlight = 0

    /// Creates the store, fetching from `loader`, and draws its screens under `policy` on `display`.
    init(loader: ColorsLoader, display: any Display, policy: PresentationPolicy) {
        self.loader = loader
        self.display = display
        self.policy = policy
        store = ContentStore { [weak self] key in
            guard let request = await self?.send(key) else { throw CancellationError() }
            // Like a real server, the service answers even when nobody waits any more.
            let result = await Task { await request.response() }.value
            let cancelled = Task.isCancelled
            await self?.answered(request, key: key, cancelled: cancelled)
            if cancelled { throw CancellationError() }
            let starred = await self?.serverStars[key] ?? []
            return StoredColors(key: key, response: request.number, rows: try result.get().rows, starred: starred)
        }
    }

    /// The user taps the star of `row` on `key`: it toggles at once on every screen of the key (an
    /// optimistic write), and the simulated server toggles it after `latency`, or refuses if
    /// `fails`. Writes to a key reach the server one at a time, in the user's order.
    func toggleStar(of row: Int, on key: Palette, fails: Bool = false, latency: Duration = .milliseconds(15)) {
        starWrites += 1
        let number = starWrites
        if fails { failingStarWrites.insert(number) }
        let starring = !(store.value(for: key)?.starred.contains(row) ?? false)
        let description = "\(starring ? "Star" : "Unstar") row \(row)"
        display.log(.store(.tap("\(description.lowercased()) of \(key)")))
        writesInFlight += 1
        store.perform(description, on: key) { colours in
            if starring { colours.starred.insert(row) } else { colours.starred.remove(row) }
        } request: { [weak self] in
            try await Task.sleep(for: latency)
            try await self?.serverToggles(row, on: key, starring: starring, write: number)
            return nil
        }
    }

    /// The simulated server applies star write `number`, or refuses it.
    private func serverToggles(_ row: Int, on key: Palette, starring: Bool, write number: Int) throws {
        writesInFlight -= 1
        guard !failingStarWrites.contains(number) else {
            display.log(.store(.server("write #\(number) refused")))
            throw StarRefused()
        }
        display.log(.store(.server("write #\(number) lands")))
        if starring { serverStars[key, default: []].insert(row) } else { serverStars[key]?.remove(row) }
    }

    /// Opens a screen on `key`, named after the screens opened before it (A, B, …).
    @discardableResult
    func open(on key: Palette) -> StoreScreen {
        let name = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(openedCount % 26)))
        openedCount += 1
        let stored = store.value(for: key).map {
            "\($0.rows.count) colours of \($0.key), from response #\($0.response)"
        }
        display.log(.store(.opened(name, key, stored: stored)))
        let screen = StoreScreen(name: name, store: store, key: key, display: display, policy: policy)
        screens.append(screen)
        return screen
    }

    /// Closes `screen`: its data source is released, and the store keeps its key's value.
    func close(_ screen: StoreScreen) {
        display.log(.store(.closed(screen.name, screen.dataSource.key)))
        screen.close()
        screens.removeAll { $0 === screen }
    }

    /// Every open screen loads: each draws its key's value and revalidates it, sharing one fetch per key.
    func loadAll() {
        display.log(.store(.tap("load on \(names(screens))")))
        for screen in screens { screen.dataSource.loadContent() }
    }

    /// `screen` shows `key` instead: it keeps the previous colours as a placeholder until the new ones land.
    func changeKey(of screen: StoreScreen, to key: Palette) {
        display.log(.store(.tap("screen \(screen.name) changes key \(screen.dataSource.key) → \(key)")))
        screen.dataSource.changeKey(to: key)
        if screen.dataSource.isPlaceholder {
            display.log(.store(.screen(screen.name, "still shows \(screen.valueSummary)")))
        }
    }

    /// Marks `key` stale: each screen showing it revalidates, with one fetch for all of them.
    func invalidate(_ key: Palette) {
        display.log(.store(.tap("invalidate key \(key)")))
        store.invalidate(key)
    }

    /// Whether every fetch has answered and every screen shows its final state.
    var isSettled: Bool {
        fetchesInFlight == 0 && writesInFlight == 0 && !Palette.allCases.contains(where: store.hasPendingWrites)
            && screens.allSatisfy(\.isSettled)
    }

    /// Returns once ``isSettled``.
    func waitUntilSettled() async {
        while !isSettled { try? await Task.sleep(for: .milliseconds(2)) }
    }

    /// Runs `action` as the store sends its request number `count`, in the same turn of the main
    /// actor: before that request can answer, whatever its latency and the machine's load.
    func whenRequest(_ count: Int, is sent: @escaping @MainActor () -> Void) {
        requestActions[count] = sent
    }

    /// The last line.
    var finished: DemoEvent { .store(.finished(screens: openedCount, requests: requestCount)) }

    /// `screens A and B`, `screen A`.
    func names(_ screens: [StoreScreen]) -> String {
        let names = screens.map(\.name)
        guard let last = names.last else { return "no screen" }
        if names.count == 1 { return "screen \(last)" }
        return "screens \(names.dropLast().joined(separator: ", ")) and \(last)"
    }

    private func send(_ key: Palette) -> ColorsRequest {
        let request = loader.request(.success, section: key)
        requestCount += 1
        fetchesInFlight += 1
        display.log(.store(.fetch(request, key)))
        requestActions.removeValue(forKey: requestCount)?()
        return request
    }

    private func answered(_ request: ColorsRequest, key: Palette, cancelled: Bool) {
        fetchesInFlight -= 1
        display.log(.store(cancelled ? .cancelled(request, key) : .answered(request, key)))
    }
}
