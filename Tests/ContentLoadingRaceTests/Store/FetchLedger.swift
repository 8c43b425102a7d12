/// The fetches a store's reference model began, of every key, in order: the piece the store and
/// write models share, plain Swift like them.
///
/// A fetch is answered once (it lands or fails, current or late). What it lands names its place
/// among its key's fetches (`a#f2`), as the live fetchers number them.
struct FetchLedger {
    struct Fetch {
        /// Its place among the fetches of every key.
        let id: Int
        let key: String
        var isAnswered = false
    }

    /// Every fetch begun, oldest first.
    private(set) var all: [Fetch] = []

    /// How many fetches began per key.
    var counts: [String: Int] { Dictionary(all.map { ($0.key, 1) }, uniquingKeysWith: +) }

    /// The oldest unanswered fetch, of any key.
    var firstUnanswered: Fetch? { all.first { !$0.isAnswered } }

    /// The unanswered fetches of `key`, oldest first.
    func unanswered(_ key: String) -> [Fetch] { all.filter { $0.key == key && !$0.isAnswered } }

    /// Begins a fetch of `key`; returns its id.
    mutating func begin(_ key: String) -> Int {
        all.append(Fetch(id: all.count + 1, key: key))
        return all.count
    }

    /// Answers `key`'s oldest unanswered fetch, or its newest; `nil` when it has none.
    mutating func answer(_ key: String, newest: Bool) -> Fetch? {
        let open = unanswered(key)
        guard let fetch = newest ? open.last : open.first else { return nil }
        all[fetch.id - 1].isAnswered = true
        return fetch
    }

    /// What `fetch` lands: `key#fN` for its key's Nth fetch (not its ``Fetch/id``).
    func value(of fetch: Fetch) -> String { "\(fetch.key)#f\(all.count { $0.key == fetch.key && $0.id <= fetch.id })" }
}
