import ContentLoading

/// Wires `demo store list-star` together: one ``ContentStore`` of colours by number, and two
/// lists (``ListScreen``) that show some of the same colours: all five, and the user's
/// favourites, colours 2 and 4. A star on a colour is one optimistic write on its number, drawn
/// on every list that shows it.
@MainActor
final class ListsController {
    /// The numbers of the favourites list's colours.
    static let favourites = [2, 4]

    /// The shared store of colours, by number.
    private(set) var store: ContentStore<Int, ListedColor>!
    /// The lists: all colours, then the favourites.
    private(set) var lists: [ListScreen] = []
    /// How many requests the lists and the store made.
    private(set) var requestCount = 0
    private let loader: ColorsLoader
    private let display: any Display
    /// The server's colours, from its first answer: every later answer names the same ones.
    private var serverRows: [ColorRow]?
    /// The colours the simulated server keeps starred, by number.
    private var serverStars: Set<Int> = []
    /// How many star writes were made; the ones whose number is listed fail.
    private var starWrites = 0
    private var failingStarWrites: Set<Int> = []
    /// Requests and star writes that have not answered.
    private var inFlight = 0

    /// Creates the store and its two lists, fetching from `loader`, drawn under `policy` on `display`.
    init(loader: ColorsLoader, display: any Display, policy: PresentationPolicy) {
        self.loader = loader
        self.display = display
        store = ContentStore { [weak self] id in
            // A detail screen's fetch of one colour; the lists bring theirs with their answers.
            guard let colours = try await self?.fetch(list: "colour \(id)", ids: [id]) else {
                throw CancellationError()
            }
            guard let colour = colours.first else { throw CancellationError() }
            return colour
        }
        lists = [("all", nil), ("favourites", Self.favourites)].map { name, ids in
            ListScreen(name: name, store: store, display: display, policy: policy) { [weak self] in
                guard let colours = try await self?.fetch(list: name, ids: ids) else { throw CancellationError() }
                return colours
            }
        }
    }

    /// Every list loads.
    func loadAll() {
        display.log(.store(.tap("load the lists \(lists.map(\.name).joined(separator: " and "))")))
        for list in lists { list.dataSource.loadContent() }
    }

    /// The user taps the star of colour `id`: it toggles at once on every list that shows it (an
    /// optimistic write), and the simulated server answers with the colour after `latency`, or
    /// refuses if `fails`.
    func toggleStar(of id: Int, fails: Bool = false, latency: Duration = .milliseconds(15)) {
        starWrites += 1
        let number = starWrites
        if fails { failingStarWrites.insert(number) }
        let starring = !(store.value(for: id)?.starred ?? false)
        let description = "\(starring ? "Star" : "Unstar") colour \(id)"
        display.log(.store(.tap(description.lowercased())))
        inFlight += 1
        store.perform(description, on: id) { colour in
            colour.starred = starring
        } request: { [weak self] in
            try await Task.sleep(for: latency)
            return try await self?.serverToggles(id, starring: starring, write: number)
        }
    }

    /// Whether every request has answered and every list shows its final state.
    var isSettled: Bool {
        inFlight == 0 && store.pendingWriteCount == 0 && lists.allSatisfy(\.isSettled)
    }

    /// Returns once ``isSettled``.
    func waitUntilSettled() async {
        while !isSettled { try? await Task.sleep(for: .milliseconds(2)) }
    }

    /// The last line.
    var finished: DemoEvent { .store(.finished(screens: lists.count, requests: requestCount)) }

    /// Sends list `name`'s request for the colours `ids` (all when `nil`) and returns the
    /// server's answer, numbered, with the stars it keeps.
    nonisolated private func fetch(list name: String, ids: [Int]?) async throws -> [ListedColor] {
        let request = await send(list: name)
        // Like a real server, the service answers even when nobody waits any more.
        let result = await Task { await request.response() }.value
        return try await answer(request, list: name, ids: ids, rows: result.get().rows)
    }

    private func send(list name: String) -> ColorsRequest {
        let request = loader.request(.success, section: .warm)
        requestCount += 1
        inFlight += 1
        display.log(
            .store(.list(name, "request #\(request.number) (answers in \(DurationText.format(request.latency)))")))
        return request
    }

    private func answer(_ request: ColorsRequest, list name: String, ids: [Int]?, rows: [ColorRow]) -> [ListedColor] {
        inFlight -= 1
        display.log(.store(.list(name, "answered: response #\(request.number)")))
        let server = serverRows ?? rows
        serverRows = server
        return (ids ?? Array(1...server.count)).map { id in
            ListedColor(id: id, row: server[id - 1], starred: serverStars.contains(id))
        }
    }

    /// The simulated server applies star write `number` and answers with the colour, or refuses.
    private func serverToggles(_ id: Int, starring: Bool, write number: Int) throws -> ListedColor? {
        inFlight -= 1
        guard !failingStarWrites.contains(number) else {
            display.log(.store(.server("write #\(number) refused")))
            throw StarRefused()
        }
        display.log(.store(.server("write #\(number) lands")))
        if starring { serverStars.insert(id) } else { serverStars.remove(id) }
        return serverRows.map { ListedColor(id: id, row: $0[id - 1], starred: serverStars.contains(id)) }
    }
}
