import ContentLoading

/// What the store and its data sources promise, restated in plain Swift from the table at the
/// top of `StoreStateMachine` and the `StoreDataSource` docs, sharing no code with them.
///
/// Per key: the value, when it was stored, whether it was invalidated since, and the current
/// fetch (a fetch is current from its start until it lands, fails, is superseded by a write or
/// an invalidation, or loses its last waiter). A loading data source waits for its key's
/// current fetch, so a key's waiters are its loading data sources. Staleness is 60 s; nothing
/// is evicted (the retention is out of reach).
struct StoreReferenceModel {
    struct Fetch {
        let id: Int
        let key: String
        var isAnswered = false
    }

    struct Entry {
        var value: String?
        var storedAt = 0
        var isInvalidated = false
        /// The current fetch's id.
        var current: Int?
    }

    struct Shown: Equatable {
        let id: Int
        var key: String
        var value: String?
        var isPlaceholder = false
        var state: ContentState
        var isLoading = false
    }

    static let staleAfter = 60

    let fault: StoreFault?
    private(set) var now = 0
    private(set) var entries: [String: Entry] = [:]
    private(set) var fetches: [Fetch] = []
    /// The data sources alive, in the order they were made.
    private(set) var dataSources: [Shown] = []
    private var made = 0
    private var writes = 0
    /// Each prefetch: its key, the fetch it waits for, and its outcome once it has one.
    private(set) var prefetches: [(key: String, fetch: Int, outcome: String?)] = []
    /// The responses of fetches that were not current when they came: never stored, never shown.
    private(set) var supersededResults: Set<String> = []

    init(fault: StoreFault?) { self.fault = fault }

    /// The store's value per key (keys without one left out).
    var storeValues: [String: String] { entries.compactMapValues(\.value) }

    /// How many fetches began per key.
    var fetchCounts: [String: Int] { Dictionary(fetches.map { ($0.key, 1) }, uniquingKeysWith: +) }

    /// The unanswered fetches of `key`, oldest first.
    func unanswered(_ key: String) -> [Fetch] { fetches.filter { $0.key == key && !$0.isAnswered } }

    private func isStale(_ key: String) -> Bool {
        guard let entry = entries[key], entry.value != nil else { return true }
        return entry.isInvalidated || now - entry.storedAt >= Self.staleAfter
    }

    private func waiters(_ key: String) -> Int {
        dataSources.count { $0.key == key && $0.isLoading }
            + prefetches.count { $0.key == key && $0.outcome == nil && $0.fetch == entries[key]?.current }
    }

    /// The prefetches waiting for `key`'s current fetch hear `outcome`.
    private mutating func endPrefetches(of key: String, with outcome: String) {
        guard let current = entries[key]?.current else { return }
        for index in prefetches.indices where prefetches[index].fetch == current && prefetches[index].outcome == nil {
            prefetches[index].outcome = outcome
        }
    }

    /// The prefetches' outcomes, in order: `waiting` for those still waiting.
    var prefetchOutcomes: [String] { prefetches.map { $0.outcome ?? "waiting" } }

    /// `key`'s current fetch, started if there is none.
    private mutating func request(_ key: String) -> Int {
        if let current = known(key).current { return current }
        fetches.append(Fetch(id: fetches.count + 1, key: key))
        entries[key]!.current = fetches.count
        return fetches.count
    }

    mutating func apply(_ step: StoreStep) -> String? {
        switch step {
        case .bind(let key):
            made += 1
            let value = known(key).value
            dataSources.append(Shown(id: made, key: key, value: value, state: value == nil ? .initial : .content))
            return "bound \(made)"
        case .reload(let index):
            guard let position = resolve(index) else { return "none" }
            loadContent(position)
            return "reloaded \(dataSources[position].id)"
        case .prefetch(let key):
            prefetches.append((key, request(key), nil))
            return "prefetching \(prefetches.count)"
        case .finish(let key, let which, let fails):
            return finish(key, which, fails: fails)
        case .write(let key):
            writes += 1
            let value = "\(key)=w\(writes)"
            endPrefetches(of: key, with: "superseded")
            entries[key, default: Entry()].current = nil
            store(value, for: key)
            return "wrote \(value)"
        case .invalidate(let key):
            guard entries[key] != nil else { return "unknown" }
            entries[key]!.isInvalidated = true
            if fault != .joinsPreInvalidationFetch {
                endPrefetches(of: key, with: "superseded")
                entries[key]!.current = nil
            }
            // Every data source bound to the key revalidates; their old waits ended with the fetch.
            for position in dataSources.indices where dataSources[position].key == key {
                if fault != .joinsPreInvalidationFetch { dataSources[position].isLoading = false }
                loadContent(position)
            }
            return "invalidated"
        case .release(let index):
            guard let position = resolve(index) else { return "none" }
            leave(position)
            return "released \(dataSources.remove(at: position).id)"
        case .changeKey(let index, let key):
            guard let position = resolve(index) else { return "none" }
            guard dataSources[position].key != key else { return "same key" }
            leave(position)
            dataSources[position].key = key
            if let value = known(key).value {
                settle(position, showing: value)
                if isStale(key) { beginLoad(position) }
            } else {
                if fault == .keyChangeDropsPlaceholder { dataSources[position].value = nil }
                dataSources[position].isPlaceholder = dataSources[position].value != nil
                beginLoad(position)
            }
            return "changed \(dataSources[position].id)"
        case .advance(let seconds):
            now += seconds
            return "now \(now)"
        }
    }

    /// `key`'s entry, made if the store did not know the key (binding, fetching or writing it does).
    private mutating func known(_ key: String) -> Entry {
        if entries[key] == nil { entries[key] = Entry() }
        return entries[key]!
    }

    private func resolve(_ index: Int) -> Int? { dataSources.isEmpty ? nil : index % dataSources.count }

    /// `loadContent()`: a fresh stored value is settled on at once; otherwise a load revalidates.
    private mutating func loadContent(_ position: Int) {
        let key = dataSources[position].key
        if !isStale(key), let value = entries[key]?.value { return settle(position, showing: value) }
        beginLoad(position)
    }

    /// The data source's load in flight, if any, is superseded: its waiter leaves the fetch,
    /// which is cancelled with its last waiter.
    private mutating func leave(_ position: Int) {
        guard dataSources[position].isLoading else { return }
        dataSources[position].isLoading = false
        let key = dataSources[position].key
        if waiters(key) == 0 || fault == .departureCancelsSharedFetch { entries[key]?.current = nil }
    }

    /// A load begins (keeping content): the old one's waiter leaves first, then the new one joins
    /// the key's current fetch or starts one.
    private mutating func beginLoad(_ position: Int) {
        leave(position)
        let key = dataSources[position].key
        dataSources[position].state = dataSources[position].value == nil ? .loading : .refreshing
        dataSources[position].isLoading = true
        _ = request(key)
    }

    /// Settles at once on `value`, superseding the load in flight.
    private mutating func settle(_ position: Int, showing value: String) {
        leave(position)
        dataSources[position].value = value
        dataSources[position].isPlaceholder = false
        dataSources[position].state = .content
    }

    /// Stores `value` for `key` (a write or a landed fetch): every data source bound to it shows
    /// it, and the loads waiting for it commit.
    private mutating func store(_ value: String, for key: String) {
        entries[key, default: Entry()].value = value
        entries[key]!.storedAt = now
        entries[key]!.isInvalidated = false
        for position in dataSources.indices where dataSources[position].key == key {
            dataSources[position].isLoading = false
            dataSources[position].value = value
            dataSources[position].isPlaceholder = false
            dataSources[position].state = .content
        }
    }

    private mutating func finish(_ key: String, _ which: StoreStep.Which, fails: Bool) -> String {
        let open = unanswered(key)
        guard let fetch = which == .newest ? open.last : open.first else { return "none" }
        fetches[fetch.id - 1].isAnswered = true
        let isCurrent = entries[key]?.current == fetch.id
        if fails {
            guard isCurrent else { return "failed, superseded" }
            endPrefetches(of: key, with: "failed")
            entries[key]!.current = nil
            for position in dataSources.indices
            where dataSources[position].key == key && dataSources[position].isLoading {
                dataSources[position].isLoading = false
                let keepsContent = dataSources[position].value != nil && fault != .failureHidesContent
                dataSources[position].state = keepsContent ? .content : .error
            }
            return "failed"
        }
        let value = "\(key)#f\(fetch.id)"
        guard isCurrent || fault == .storesSupersededResult else {
            supersededResults.insert(value)
            return "dropped"
        }
        if isCurrent {
            endPrefetches(of: key, with: "landed(\(value))")
            entries[key]!.current = nil
        }
        store(value, for: key)
        return "landed"
    }
}
