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
    /// The order of the list of all colours on the simulated server.
    private var serverOrder = Array(1...5)
    /// Edits of the list whose request waits for a refresh of it to land first.
    private var heldEdits: [CheckedContinuation<Void, Never>] = []
    /// The list edits not settled yet.
    private var pendingEdits: [ListEdit<ListedColor>] = []
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

    /// The user drags colour `id` to `offset` on the list of all colours: it moves there at once (an
    /// optimistic edit), and the simulated server makes the same move once the list's next refresh
    /// has landed, so that the refresh lands under the pending move.
    func move(_ id: Int, to offset: Int) {
        display.log(.store(.tap("move colour \(id) to the top of the list all")))
        inFlight += 1
        let edit = lists[0].dataSource.move("Move colour \(id)", id: id, to: offset) { [weak self] id in
            await self?.serverMoves(id, to: offset)
        }
        pendingEdits.append(edit)
    }

    /// Another user reorders the list on the simulated server.
    func reorderOnServer(_ order: [Int]) {
        serverOrder = order
        display.log(.store(.server("the list all is reordered: \(order)")))
    }

    /// The list of all colours refreshes; once its answer has landed, the held edits go on.
    func refreshAll() async {
        display.log(.store(.tap("refresh the list all")))
        _ = await lists[0].dataSource.reload(ownedBy: .caller)
        for held in heldEdits { held.resume() }
        heldEdits = []
    }

    private func serverMoves(_ id: Int, to offset: Int) async {
        await withCheckedContinuation { heldEdits.append($0) }
        inFlight -= 1
        serverOrder.removeAll { $0 == id }
        serverOrder.insert(id, at: min(offset, serverOrder.count))
        display.log(.store(.server("the move of colour \(id) lands: \(serverOrder)")))
    }

    /// Whether every request has answered and every list shows its final state.
    var isSettled: Bool {
        inFlight == 0 && store.pendingWriteCount == 0 && !pendingEdits.contains(where: \.isPending)
            && lists.allSatisfy(\.isSettled)
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
        return (ids ?? serverOrder).map { id in
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
