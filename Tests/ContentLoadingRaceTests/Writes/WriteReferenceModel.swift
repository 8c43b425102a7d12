import ContentLoading

/// What optimistic writes on a shared store promise, restated in plain Swift from the
/// OptimisticWrites article and the table at the top of `WriteStateMachine`, sharing no code
/// with them: per key a committed value, and pending writes as layers applied over it in the
/// order the user made them.
///
/// The store's side (fetches, data sources) follows `StoreReferenceModel`, with staleness
/// `never`: a value goes stale only when invalidated.
struct WriteReferenceModel {
    /// A write, pending or not.
    struct Write {
        let number: Int
        let key: String
        let change: WriteStep.Change
        let isSerial: Bool
        var isRunning = false
        var isPending = true
        /// Whether its request started and has not answered.
        var awaitsResponse = false
        var outcome: String?
        /// The key's committed value when the write was applied (only a planted fault reads it).
        var committedAtApply: String?

        var name: String { "w\(number)" }

        func apply(to value: String) -> String {
            change == .append ? value + "+" + name : "s\(number)"
        }
    }

    struct Entry {
        var value: String?
        var isInvalidated = false
        /// The current fetch's id.
        var current: Int?
        /// The newest write on the key whose success committed, while the key has pending writes.
        var newestCommitted = 0
        /// Whether a write's request began since the key last had no pending write.
        var requested = false
    }

    struct Shown: Equatable {
        let id: Int
        var key: String
        var value: String?
        var state: ContentState
        var isLoading = false
        var writeFailure: String?
        /// A commit ended its load, which settles the screen only once the load's task hears of it
        /// (a hop to the main actor): until the step ends the state is still the load's.
        var settlesLater = false
    }

    let fault: WriteFault?
    private(set) var entries: [String: Entry] = [:]
    private(set) var fetches = FetchLedger()
    private(set) var writes: [Write] = []
    /// The writes whose requests started, in order.
    private(set) var requests: [Int] = []
    private(set) var dataSources: [Shown] = []
    private var made = 0
    private var storeWrites = 0
    /// Whether the app released the store (``WriteStep/releaseStore``).
    private(set) var storeReleased = false

    init(fault: WriteFault?) { self.fault = fault }

    /// The committed value per key (keys without one left out).
    var committedValues: [String: String] { entries.compactMapValues(\.value) }

    /// How many fetches began per key.
    var fetchCounts: [String: Int] { fetches.counts }

    /// Each write's outcome so far (`pending` while it is).
    var outcomes: [String] { writes.map { $0.outcome ?? "pending" } }

    /// The pending writes of `key`, in order.
    func pending(_ key: String) -> [Write] { writes.filter { $0.key == key && $0.isPending } }

    /// What `key` shows: its committed value with its pending writes applied in order, but for
    /// the writes that set the value older than a newer write's commit (their layers stopped).
    func shown(_ key: String) -> String? {
        guard let entry = entries[key], var value = entry.value else { return nil }
        for write in pending(key) where write.change == .append || write.number > entry.newestCommitted {
            value = write.apply(to: value)
        }
        return value
    }

    mutating func apply(_ step: WriteStep) -> String? {
        let answer = answer(step)
        for position in dataSources.indices where dataSources[position].settlesLater {
            dataSources[position].settlesLater = false
            dataSources[position].state = .content
        }
        return answer
    }

    private mutating func answer(_ step: WriteStep) -> String? {
        if storeReleased { return afterRelease(step) }
        switch step {
        case .bind(let key):
            made += 1
            _ = known(key)
            let value = shown(key)
            dataSources.append(Shown(id: made, key: key, value: value, state: value == nil ? .initial : .content))
            return "bound \(made)"
        case .reload(let index):
            guard let position = resolve(index) else { return "none" }
            loadContent(position)
            return "reloaded \(dataSources[position].id)"
        case .write(let key, let change, let concurrent):
            return perform(key, change, isSerial: !concurrent)
        case .misuse(let key, _):
            // The store refuses whatever a change tries on it: the write alone is made.
            return perform(key, .append, isSerial: true)
        case .releaseStore:
            // Every data source goes with the store; every pending write settles as cancelled,
            // with no revalidation and nothing started.
            storeReleased = true
            for index in writes.indices where writes[index].isPending {
                writes[index].isPending = false
                writes[index].outcome = "cancelled"
            }
            dataSources.removeAll()
            return "released the store"
        case .respond(let which, let response):
            // In the order the requests started.
            let open = requests.map { $0 - 1 }.filter { writes[$0].awaitsResponse }
            guard let index = which == .oldest ? open.first : open.last else { return "none" }
            writes[index].awaitsResponse = false
            return respond(index, response)
        case .cancel(let which):
            let open = writes.indices.filter { writes[$0].isPending }
            guard let index = which == .oldest ? open.first : open.last else { return "none" }
            cancel(index)
            return "cancelled \(writes[index].name)"
        case .finish(let key, let which, let fails):
            return finish(key, which, fails: fails)
        case .invalidate(let key):
            invalidate(key)
            return "invalidated"
        case .storeWrite(let key):
            storeWrites += 1
            let value = "\(key)=v\(storeWrites)"
            commit(value, for: key)
            return "wrote \(value)"
        case .release(let index):
            guard let position = resolve(index) else { return "none" }
            leave(position)
            return "released \(dataSources.remove(at: position).id)"
        case .remove(let key):
            // Refused for a key on screen, being fetched or with pending writes.
            guard let entry = entries[key] else { return "removed" }
            guard !dataSources.contains(where: { $0.key == key }), entry.current == nil, pending(key).isEmpty else {
                return "kept"
            }
            entries[key] = nil
            return "removed"
        }
    }

    /// A step after the store was released: only the requests still unanswered and the fetches
    /// still waiting answer (late, ignored); everything else finds no store.
    private mutating func afterRelease(_ step: WriteStep) -> String? {
        switch step {
        case .respond(let which, _):
            let open = requests.map { $0 - 1 }.filter { writes[$0].awaitsResponse }
            guard let index = which == .oldest ? open.first : open.last else { return "none" }
            writes[index].awaitsResponse = false
            return "ignored"
        case .finish(let key, let which, _):
            guard fetches.answer(key, newest: which == .newest) != nil else { return "none" }
            return "dropped"
        default:
            return "none"
        }
    }

    // MARK: - Writes

    private mutating func perform(_ key: String, _ change: WriteStep.Change, isSerial: Bool) -> String {
        _ = known(key)
        let startsNow = !isSerial || pending(key).isEmpty
        writes.append(
            Write(
                number: writes.count + 1, key: key, change: change, isSerial: isSerial,
                committedAtApply: entries[key]?.value))
        if startsNow { start(writes.count - 1) }
        layersChanged(key)
        return "applied w\(writes.count)"
    }

    private mutating func start(_ index: Int) {
        writes[index].isRunning = true
        writes[index].awaitsResponse = true
        entries[writes[index].key]!.requested = true
        requests.append(writes[index].number)
    }

    private mutating func respond(_ index: Int, _ response: WriteStep.Response) -> String {
        guard writes[index].isPending else { return "ignored" }
        let write = writes[index]
        switch response {
        case .answer, .nothing:
            let commits = write.number > entries[write.key]!.newestCommitted || fault == .staleToggleWins
            if commits { entries[write.key]!.newestCommitted = write.number }
            let starts = settle(index)
            var committed: String?
            if commits {
                committed =
                    response == .answer ? "\(write.key)@\(write.name)" : entries[write.key]!.value.map(write.apply)
            }
            writes[index].outcome = committed.map { "committed(\($0))" } ?? (commits ? "committed" : "superseded")
            if let committed { commit(committed, for: write.key) }
            act(write.key, starts: starts, layersChanged: committed == nil)
        case .failure:
            let starts = settle(index)
            writes[index].outcome = "failed"
            if fault == .rollbackToOptimisticValue, let shown = shown(write.key) {
                entries[write.key]!.value = shown
            }
            if fault == .rollbackOverNewerCommit { entries[write.key]!.value = write.committedAtApply }
            act(write.key, starts: starts, layersChanged: true, failure: write.name)
        case .cancellation:
            cancel(index)
        }
        return writes[index].outcome!
    }

    private mutating func cancel(_ index: Int) {
        let starts = settle(index)
        writes[index].outcome = "cancelled"
        act(writes[index].key, starts: starts, layersChanged: true)
    }

    /// Takes write `index` off its key's pending writes; returns the serial write that starts now.
    private mutating func settle(_ index: Int) -> Int? {
        writes[index].isPending = false
        let key = writes[index].key
        guard let first = writes.indices.first(where: { writes[$0].key == key && writes[$0].isPending }) else {
            return nil
        }
        return writes[first].isRunning ? nil : first
    }

    private mutating func act(_ key: String, starts: Int?, layersChanged: Bool, failure: String? = nil) {
        if let starts { start(starts) }
        if layersChanged { self.layersChanged(key) }
        if let failure {
            for position in dataSources.indices where dataSources[position].key == key {
                dataSources[position].writeFailure = failure
            }
        }
        let isLast = pending(key).isEmpty
        guard isLast || fault == .revalidatesAfterEachWrite else { return }
        let requested = entries[key]!.requested
        if isLast {
            entries[key]!.requested = false
            entries[key]!.newestCommitted = 0
        }
        if requested || fault == .revalidatesAfterEachWrite { invalidate(key) }
    }

    /// A layer of `key` was applied or removed: its data sources show the new value.
    private mutating func layersChanged(_ key: String) {
        guard let value = shown(key) else { return }
        for position in dataSources.indices where dataSources[position].key == key {
            dataSources[position].value = value
            if !dataSources[position].isLoading { dataSources[position].state = .content }
        }
    }

    // MARK: - The store

    /// `key`'s entry, made if the store did not know the key.
    private mutating func known(_ key: String) -> Entry {
        if entries[key] == nil { entries[key] = Entry() }
        return entries[key]!
    }

    private func resolve(_ index: Int) -> Int? { dataSources.isEmpty ? nil : index % dataSources.count }

    private func isStale(_ key: String) -> Bool {
        guard let entry = entries[key], entry.value != nil else { return true }
        return entry.isInvalidated
    }

    private func waiters(_ key: String) -> Int { dataSources.count { $0.key == key && $0.isLoading } }

    private mutating func invalidate(_ key: String) {
        guard entries[key] != nil else { return }
        entries[key]!.isInvalidated = true
        entries[key]!.current = nil
        for position in dataSources.indices where dataSources[position].key == key {
            dataSources[position].isLoading = false
            loadContent(position)
        }
    }

    private mutating func loadContent(_ position: Int) {
        let key = dataSources[position].key
        if !isStale(key), let value = shown(key) {
            leave(position)
            dataSources[position].value = value
            dataSources[position].state = .content
            dataSources[position].settlesLater = false
            return
        }
        leave(position)
        // A load begun while one is in flight (or its end on its way) keeps that load's state;
        // otherwise it refreshes content that a settled outcome shows.
        let state = dataSources[position].state
        if state != .loading && state != .refreshing {
            let refreshes = dataSources[position].value != nil && state != .initial
            dataSources[position].state = refreshes ? .refreshing : .loading
        }
        dataSources[position].settlesLater = false
        dataSources[position].isLoading = true
        if known(key).current == nil { entries[key]!.current = fetches.begin(key) }
    }

    private mutating func leave(_ position: Int) {
        guard dataSources[position].isLoading else { return }
        dataSources[position].isLoading = false
        let key = dataSources[position].key
        if waiters(key) == 0 { entries[key]?.current = nil }
    }

    /// Stores `value` as `key`'s committed value (a write, or a fetch that landed): the fetch in
    /// flight is superseded, and every data source bound to the key shows the value with the
    /// pending layers, its load settled.
    private mutating func commit(_ value: String, for key: String) {
        _ = known(key)
        entries[key]!.value = value
        entries[key]!.isInvalidated = false
        entries[key]!.current = nil
        let shown = fault == .refreshRevertsChange ? value : self.shown(key)
        for position in dataSources.indices where dataSources[position].key == key {
            if dataSources[position].isLoading {
                dataSources[position].settlesLater = true
            } else {
                dataSources[position].state = .content
            }
            dataSources[position].isLoading = false
            dataSources[position].value = shown
        }
    }

    private mutating func finish(_ key: String, _ which: WriteStep.Which, fails: Bool) -> String {
        guard let fetch = fetches.answer(key, newest: which == .newest) else { return "none" }
        let isCurrent = entries[key]?.current == fetch.id
        guard isCurrent else { return fails ? "failed, superseded" : "dropped" }
        if fails {
            entries[key]!.current = nil
            for position in dataSources.indices
            where dataSources[position].key == key && dataSources[position].isLoading {
                dataSources[position].isLoading = false
                // A refresh's failure keeps the content; a first load's is the error screen, even
                // when a write gave the key a value meanwhile.
                dataSources[position].state = dataSources[position].state == .refreshing ? .content : .error
            }
            return "failed"
        }
        commit(fetches.value(of: fetch), for: key)
        return "landed"
    }
}
