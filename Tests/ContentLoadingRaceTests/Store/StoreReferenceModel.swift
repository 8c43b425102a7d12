import ContentLoading

/// What the store and its data sources promise, restated in plain Swift from the table at the
/// top of `StoreStateMachine` and the `StoreDataSource` docs, sharing no code with them.
///
/// Per key: the value, when it was stored, whether it was invalidated since, and the current
/// fetch (a fetch is current from its start until it lands, fails, is superseded by a write or
/// an invalidation, or loses its last waiter). A loading data source waits for its key's
/// current fetch, so a key's waiters are its loading data sources. Staleness is 60 s.
///
/// Eviction: a key no data source is bound to and with no fetch goes once it has been unbound
/// for 90 s, and beyond the count limit the least recently used such keys go. The store looks
/// only when it sweeps: after a write, after every fetch returns, and when a data source changes
/// key (between unbinding the old key and binding the new one). A released data source stays
/// bound, as far as the store knows, until the next sweep prunes it, which unbinds it as of its
/// release: a key counts as unbound from its latest unbind. A key is used when it is
/// bound, requested, written, and read by a data source that shows it (the store's
/// `value(for:)`, which a data source calls when it is made or changes key, when it settles on
/// a fresh value, and when the key's value changes).
///
/// The app's signals (`.signal`, and coming back online) revalidate each key that is bound,
/// stale and not being fetched, unless a signal revalidated it less than 45 s ago.
struct StoreReferenceModel {
    struct Entry {
        var value: String?
        var storedAt = 0
        var isInvalidated = false
        /// The current fetch's id.
        var current: Int?
        /// How many data sources the store counts as bound (a released one, until it is pruned).
        var bound = 0
        /// When the last data source was unbound (or the key was made, unbound).
        var unboundAt: Int
        /// The store's use count at the key's last use.
        var lastUse: Int
        /// When a signal last had the key revalidated.
        var signalledAt: Int?

        var isEvictable: Bool { bound == 0 && current == nil }
    }

    struct Shown: Equatable {
        let id: Int
        var key: String
        var value: String?
        var isPlaceholder = false
        var state: ContentState
        var isLoading = false
        /// The load in flight (or the last one), numbered across the model.
        var load = 0
        /// Where cancelling the load in flight returns to: the state when it began.
        var stateBeforeLoad = ContentState.initial
    }

    static let staleAfter = 60
    static let retention = 90
    static let signalThrottle = 45

    let fault: StoreFault?
    let countLimit: Int
    private(set) var now = 0
    private var uses = 0
    /// The keys of released data sources the store has not pruned yet, one per data source, and
    /// when each was released.
    private var unpruned: [(key: String, at: Int)] = []
    private var isOnline = true
    private var loads = 0
    /// The reloads the app awaits: the data source and the load each waits for.
    private var awaited: [(dataSource: Int, load: Int)] = []
    private(set) var entries: [String: Entry] = [:]
    private(set) var fetches = FetchLedger()
    /// The data sources alive, in the order they were made.
    private(set) var dataSources: [Shown] = []
    private var made = 0
    private var writes = 0
    /// Each prefetch: its key, the fetch it waits for, and its outcome once it has one.
    private(set) var prefetches: [(key: String, fetch: Int, outcome: String?)] = []
    /// The responses of fetches that were not current when they came: never stored, never shown.
    private(set) var supersededResults: Set<String> = []

    init(fault: StoreFault?, countLimit: Int = StoreRaceLane.noCountLimit) {
        self.fault = fault
        self.countLimit = countLimit
    }

    /// The keys the store keeps, sorted.
    var keptKeys: [String] { entries.keys.sorted() }

    /// The store's value per key (keys without one left out).
    var storeValues: [String: String] { entries.compactMapValues(\.value) }

    /// How many fetches began per key.
    var fetchCounts: [String: Int] { fetches.counts }

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
        touch(key)
        if let current = entries[key]!.current { return current }
        let id = fetches.begin(key)
        entries[key]!.current = id
        return id
    }

    mutating func apply(_ step: StoreStep) -> String? {
        switch step {
        case .bind(let key):
            made += 1
            bindInStore(key)
            let value = read(key)
            dataSources.append(Shown(id: made, key: key, value: value, state: value == nil ? .initial : .content))
            return "bound \(made)"
        case .reload(let index):
            guard let position = resolve(index) else { return "none" }
            loadContent(position)
            return "reloaded \(dataSources[position].id)"
        case .awaitReload(let index):
            guard let position = resolve(index) else { return "none" }
            loadContent(position)
            // A load that settled at once (a fresh value) is over: cancelling its task does nothing.
            awaited.append((dataSources[position].id, dataSources[position].isLoading ? dataSources[position].load : 0))
            return "awaiting \(dataSources[position].id)"
        case .cancelAwaited:
            let count = awaited.count
            cancelAwaited { _ in true }
            return "cancelled \(count)"
        case .prefetch(let key):
            prefetches.append((key, request(key), nil))
            return "prefetching \(prefetches.count)"
        case .finish(let key, let which, let fails):
            return finish(key, which, fails: fails)
        case .write(let key):
            writes += 1
            let value = "\(key)=w\(writes)"
            touch(key)
            endPrefetches(of: key, with: "superseded")
            entries[key]!.current = nil
            store(value, for: key)
            sweep()
            return "wrote \(value)"
        case .writeReentering(let key, let index, let reentry):
            return writeReentering(key, index, reentry)
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
            // The screen's tasks go with it: a reload it awaited is cancelled.
            let id = dataSources[position].id
            cancelAwaited { $0 == id }
            leave(position)
            unpruned.append((dataSources[position].key, now))
            return "released \(dataSources.remove(at: position).id)"
        case .changeKey(let index, let key):
            guard let position = resolve(index) else { return "none" }
            guard dataSources[position].key != key else { return "same key" }
            unbindInStore(dataSources[position].key)
            // The old key's fetch is still in flight at this sweep: its waiter leaves later.
            sweep()
            leave(position)
            dataSources[position].key = key
            bindInStore(key)
            if let value = read(key) {
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
        case .signal:
            revalidateOnSignal()
            return "signalled"
        case .online(let online):
            guard online != isOnline else { return "unchanged" }
            isOnline = online
            if online && fault != .onlineIsNoSignal { revalidateOnSignal() }
            return online ? "online" : "offline"
        case .invalidateWhere(let removing, let writing):
            return invalidate(removing: removing, writing: writing)
        }
    }

    /// `invalidate(where:)` selecting every key, whose predicate, asked first about one of the
    /// keys the store knows, removes `removing` (unless it is bound or being fetched) and then
    /// writes `writing` if the store does not know it: then each key known before the call and
    /// still known is invalidated; one written meanwhile is not. (A key the store knows is not
    /// written: its data sources' loads would be taken over by the write and the invalidation
    /// at once, which the plain steps reach apart.)
    private mutating func invalidate(removing: String, writing: String) -> String {
        let before = keptKeys
        guard !before.isEmpty else { return "invalidated []" }
        // `removeValue(for:)`: prunes the released data sources, then forgets the key if it may.
        prune()
        if let entry = entries[removing], entry.isEvictable { entries[removing] = nil }
        let writes = entries[writing] == nil
        if writes { _ = apply(.write(writing)) }
        let invalidated = before.filter { entries[$0] != nil }
        var selected = invalidated
        if fault == .invalidatesKeyWrittenMeanwhile, writes { selected.append(writing) }
        for key in selected { _ = apply(.invalidate(key)) }
        return "invalidated \(invalidated)"
    }

    /// A write whose data source `index` (if bound to the key) does `reentry` from inside its
    /// `isEmpty`, asked as it shows the write: as if done right after the write (the newer change
    /// stands, never the value being shown), except that a key change finds the data source as
    /// it was before the write, whose showing it overtook: what it showed (kept as the
    /// placeholder) and its load in flight, if any, which the new key's load begins over,
    /// keeping the state it finds (a first load stays loading).
    private mutating func writeReentering(_ key: String, _ index: Int, _ reentry: StoreStep.Reentry) -> String {
        let position = resolve(index).flatMap { dataSources[$0].key == key ? $0 : nil }
        let before = position.map { dataSources[$0] }
        var answer = apply(.write(key))!
        guard let position, let before else { return answer }
        switch reentry {
        case .write:
            answer += ", then " + apply(.write(key))!
        case .changeKey(let other):
            if other != key { dataSources[position] = before }
            answer += ", then " + apply(.changeKey(index, to: other))!
        case .cancel(let index):
            guard let cancelled = resolve(index) else { break }
            answer += ", then cancelled \(dataSources[cancelled].id)"
            // A data source of the written key already ended its load on the written value (told
            // before, it took it during the load; told after, it settles on it once told).
            guard dataSources[cancelled].key != key, dataSources[cancelled].isLoading else { break }
            leave(cancelled)
            let from = dataSources[cancelled].stateBeforeLoad
            dataSources[cancelled].state = from == .error && dataSources[cancelled].value != nil ? .content : from
        }
        return answer
    }

    /// Cancels the awaited reloads of the data sources `isIncluded` selects: a reload whose load
    /// is still the data source's load in flight cancels it, back to where it began, re-evaluated
    /// (an error with a value on screen gives way to the content).
    private mutating func cancelAwaited(_ isIncluded: (Int) -> Bool) {
        for (id, load) in awaited where isIncluded(id) {
            guard fault != .awaitedCancelKeepsLoad,
                let position = dataSources.firstIndex(where: { $0.id == id }),
                dataSources[position].isLoading, dataSources[position].load == load
            else { continue }
            leave(position)
            let before = dataSources[position].stateBeforeLoad
            dataSources[position].state = before == .error && dataSources[position].value != nil ? .content : before
        }
        awaited.removeAll { isIncluded($0.dataSource) }
    }

    /// Marks `key` used, making its entry if the store did not know the key.
    private mutating func touch(_ key: String) {
        uses += 1
        if entries[key] == nil {
            entries[key] = Entry(unboundAt: now, lastUse: uses)
        } else {
            entries[key]!.lastUse = uses
        }
    }

    /// The store's `value(for:)`: `key`'s value, marking the key used if it has one.
    private mutating func read(_ key: String) -> String? {
        guard let value = entries[key]?.value else { return nil }
        touch(key)
        return value
    }

    private mutating func bindInStore(_ key: String) {
        touch(key)
        entries[key]!.bound += 1
    }

    /// Unbinds a data source from `key` as of `at` (by default now): the key counts as unbound
    /// from its latest unbind, which a released data source's, pruned later, may not be.
    private mutating func unbindInStore(_ key: String, at: Int? = nil) {
        guard let entry = entries[key], entry.bound > 0 else { return }
        entries[key]!.bound -= 1
        entries[key]!.unboundAt = max(entry.unboundAt, fault == .retentionFromThePrune ? now : at ?? now)
    }

    /// Prunes the released data sources, then evicts the keys unbound for the retention, then
    /// the least recently used beyond the count limit.
    private mutating func sweep() {
        prune()
        if fault != .ignoresRetention {
            for (key, entry) in entries where entry.isEvictable && now - entry.unboundAt >= Self.retention {
                entries[key] = nil
            }
        }
        guard entries.count > countLimit, fault != .ignoresCountLimit else { return }
        let byAge = entries.filter(\.value.isEvictable).sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, _) in byAge.prefix(entries.count - countLimit) { entries[key] = nil }
    }

    /// Unbinds the released data sources, each as of its release.
    private mutating func prune() {
        for (key, at) in unpruned { unbindInStore(key, at: at) }
        unpruned = []
    }

    /// An app's signal: each key bound, stale, not being fetched and not revalidated by a
    /// signal within the throttle has its data sources that are not loading load.
    private mutating func revalidateOnSignal() {
        let keys = entries.keys.sorted().filter { key in
            let entry = entries[key]!
            guard entry.bound > 0, entry.current == nil, isStale(key) else { return false }
            if fault == .signalIgnoresThrottle { return true }
            return entry.signalledAt.map { now - $0 >= Self.signalThrottle } ?? true
        }
        for key in keys {
            entries[key]!.signalledAt = now
            for position in dataSources.indices where dataSources[position].key == key {
                if !dataSources[position].isLoading { loadContent(position) }
            }
        }
    }

    private func resolve(_ index: Int) -> Int? { dataSources.isEmpty ? nil : index % dataSources.count }

    /// `loadContent()`: a fresh stored value is settled on at once; otherwise a load revalidates.
    private mutating func loadContent(_ position: Int) {
        let key = dataSources[position].key
        if !isStale(key), let value = read(key) { return settle(position, showing: value) }
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
        // A load begun while the state is loading or refreshing (a load in flight, or one a key
        // change superseded a moment ago) keeps the state the first began from.
        // So is the state itself: a first load whose data source took a value meanwhile stays
        // loading.
        let state = dataSources[position].state
        let keepsState = state == .loading || state == .refreshing
        if !keepsState { dataSources[position].stateBeforeLoad = state }
        loads += 1
        dataSources[position].load = loads
        leave(position)
        let key = dataSources[position].key
        if !keepsState { dataSources[position].state = dataSources[position].value == nil ? .loading : .refreshing }
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
        entries[key]!.value = value
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
        guard let fetch = fetches.answer(key, newest: which == .newest) else { return "none" }
        let isCurrent = entries[key]?.current == fetch.id
        // Every fetch that returns has the store sweep, current or not.
        defer { sweep() }
        if fails {
            guard isCurrent else { return "failed, superseded" }
            endPrefetches(of: key, with: "failed")
            entries[key]!.current = nil
            for position in dataSources.indices
            where dataSources[position].key == key && dataSources[position].isLoading {
                dataSources[position].isLoading = false
                // A placeholder only stood in for the key's value: the failure shows on its own.
                if dataSources[position].isPlaceholder {
                    dataSources[position].value = nil
                    dataSources[position].isPlaceholder = false
                }
                let keepsContent = dataSources[position].value != nil && fault != .failureHidesContent
                dataSources[position].state = keepsContent ? .content : .error
            }
            return "failed"
        }
        let value = fetches.value(of: fetch)
        guard isCurrent || fault == .storesSupersededResult else {
            supersededResults.insert(value)
            return "dropped"
        }
        if isCurrent {
            endPrefetches(of: key, with: "landed(\(value))")
            entries[key]!.current = nil
        }
        guard entries[key] != nil else { return "landed" }  // only with storesSupersededResult
        store(value, for: key)
        // The data sources bound to the key read the new value before the sweep.
        if dataSources.contains(where: { $0.key == key }) { touch(key) }
        return "landed"
    }
}
