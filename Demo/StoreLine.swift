/// A line of `demo store`: what its screens draw, what the store fetches, and what the user
/// does. Each prints as one stable line (the rows as one line each).
enum StoreLine: Sendable, CustomStringConvertible {
    /// Screen `name` drew a state: `screen A: content (5 colours of warm, from response #1)`.
    case screen(String, String)
    /// The colours of a value a screen drew for the first time.
    case rows([ColorRow])
    /// Screen `name` opened on a key: what the store held for it, if anything.
    case opened(String, Palette, stored: String?)
    /// Screen `name` closed: its data source was released.
    case closed(String, Palette)
    /// The store asked the service for a key's colours: one request, whichever screens wait.
    case fetch(ColorsRequest, Palette)
    /// The service answered a fetch; whether its colours land is the store's decision.
    case answered(ColorsRequest, Palette)
    /// A fetch no screen waited for any more was cancelled by the store.
    case cancelled(ColorsRequest, Palette)
    /// What the user did: `reload on screen A`, `invalidate key warm`, `screen A: key warm → cool`.
    case tap(String)
    /// What the simulated server did with a write: `server: write #1 lands`.
    case server(String)
    /// List `name` drew a change or sent a request: `list all: ~2 → [1, 2, 3, 4, 5]`.
    case list(String, String)
    /// A row a list drew, inserted or changed: `  2 #A0522D sienna ★`.
    case listRow(String)
    /// The run's end: how many screens were opened and how many requests the store made.
    case finished(screens: Int, requests: Int)

    var description: String {
        switch self {
        case .screen(let name, let state):
            return "screen \(name): \(state)"
        case .rows(let rows):
            return rows.map { "  \($0.hex)  \($0.name)" }.joined(separator: "\n")
        case .opened(let name, let key, let stored):
            let holds = stored.map { "the store holds \($0)" } ?? "the store holds nothing for it"
            return "screen \(name): opened on key \(key) — \(holds)"
        case .closed(let name, let key):
            return "screen \(name): closed (the store keeps key \(key))"
        case .fetch(let request, let key):
            return "fetch #\(request.number): key \(key) (answers in \(DurationText.format(request.latency)))"
        case .answered(let request, let key):
            return "answered: response #\(request.number) (key \(key))"
        case .cancelled(let request, let key):
            return "cancelled: fetch #\(request.number) (key \(key)): no screen waits for it"
        case .list(let name, let what):
            return "list \(name): \(what)"
        case .listRow(let row):
            return "  \(row)"
        case .tap(let what):
            return "tap: \(what)"
        case .server(let what):
            return "server: \(what)"
        case .finished(let screens, let requests):
            return
                "done: \(screens) \(screens == 1 ? "screen" : "screens"), \(requests) \(requests == 1 ? "request" : "requests")"
        }
    }
}
