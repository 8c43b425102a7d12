/// Values by key that outlive their screens: shown at once, fetched once however many screens
/// ask, revalidated without races.
///
/// ```swift
/// let profiles = ContentStore(staleAfter: .after(.seconds(60))) { (id: User.ID) in
///     try await api.profile(id)
/// }
/// let dataSource = StoreDataSource(store: profiles, key: userID)
/// ```
///
/// Overlapping fetches of one key share one call of the store's fetch, and a fetch's result
/// lands only if no write or invalidation of its key came after it began: the check and the
/// commit are one step on the main actor, as a load's token is checked. Data sources bound
/// to a key (``StoreDataSource``) all show its value and redraw when it changes.
///
/// Keys no data source is bound to are evicted once unbound for ``retention``, and beyond
/// ``countLimit`` the least recently used go; neither touches a key that is bound or being
/// fetched. The store checks both whenever it is used (and at ``evictExpiredKeys()``): it runs
/// no timer. See <doc:SharingContent>.
@MainActor
public final class ContentStore<Key: Hashable & Sendable, Value: Sendable> {
    /// Fetches the value of a key, off the main actor.
    public typealias Fetch = @Sendable (Key) async throws -> Value
    private typealias Waiter = CheckedContinuation<StoreFetchOutcome<Value>, Never>

    // Store.ContentLoading.Write.Ratio ≤ 150% and Writes.ContentLoading.ApplyAndDraw.Ratio ≤ 400%:
    // keyed by `Key`, with generic state machines and exclusivity checks, the store broke both
    // (docs/Benchmarks.md, "The store written plainly"). So keys have integer slots, the read
    // steps below hand on a `Value` or stay out of line, and this state is unchecked for
    // exclusivity: it is used only on the main actor, and nothing is mutated in place across a
    // call to app code.
    private let fetcher: Fetch
    /// What staleness, retention and write retries are measured on.
    let clock: PresentationClock
    private let persistence: any ContentStorePersistence<Key, Value>
    /// The store's decisions, kept by slot (see ``slots``).
    @exclusivity(unchecked) private var machine = StoreStateMachine()
    /// The slot of each key the store knows: the integer its state is kept under. A call looks
    /// its key up here once; the state machine and the tables below are keyed by `Int`, so their
    /// code is specialized in this module instead of running generic over `Key` in the app's
    /// (whose generic metadata lookups made up most of a first frame's cost; docs/Benchmarks.md).
    /// A key's slot lives as long as its entry in the state machine.
    @exclusivity(unchecked) private var slots: [Key: Int] = [:]
    /// The key of each slot, by slot; `nil` for a slot freed and not yet taken again.
    private var slotKeys: [Key?] = []
    /// The slots freed by eviction or removal, taken again before new ones.
    private var freeSlots: [Int] = []
    /// The staleness of keys that have their own.
    private var stalenessByKey: [Key: StoreStaleness] = [:]
    /// The task of each fetch in flight, by fetch.
    private var tasks: [UInt64: Task<Void, Never>] = [:]
    /// The callers waiting for each fetch, by fetch and then by waiter.
    private var waiters: [UInt64: [UInt64: Waiter]] = [:]
    private var lastWaiterID: UInt64 = 0
    /// The data sources bound to each key, held weakly, at its slot (one list for each slot taken,
    /// as ``slotKeys``; empty when none is bound): a notification finds them without hashing.
    @exclusivity(unchecked) private var observers: [[WeakStoreObserver]] = []
    /// The slots whose lists in ``observers`` are not empty: what ``pruneObservers()`` looks at,
    /// so that it costs the same in a store of any size.
    private var observedSlots: Set<Int> = []
    /// The data sources released on the main actor since the observers were last pruned, each by
    /// its key's slot and the time of its release: a key's retention counts from the release of
    /// its last data source, not from when the store noticed it (see ``pruneObservers()``).
    private var releases: [(slot: Int, at: Duration)] = []
    /// The store's registration with its ``connectivity``, if it has one.
    private var connectivityObservation: ConnectivityObservation?
    /// How many signals the store has received, the app's and its connectivity's (for tests).
    private(set) var signalsReceived = 0
    /// The pending optimistic writes, layered over the committed values; made by the first write.
    @exclusivity(unchecked) var writeLane: StoreWriteLane<Key, Value>?
    /// Lists (Lists/ContentStore+Items.swift): when each key last changed while a list's request
    /// was in flight, how many are, and whether sweeps wait for the end of a list's landing.
    var itemChanges = StoreItemChanges<Key>()
    var openItemMarks = 0
    var sweepsHeld = false
    /// What lists do once a landing ends, its changes gathered; `nil` while no list lands.
    var afterLanding: [@MainActor () -> Void]?

    /// How long a value stays fresh, unless its key has its own (``setStaleness(_:for:)``).
    public let staleAfter: StoreStaleness
    /// How long a key no data source is bound to is kept.
    public let retention: Duration
    /// How many keys the store keeps at most, besides those bound or being fetched.
    public let countLimit: Int
    /// The least time between two revalidations of a key that the app's signals cause.
    public let signalThrottle: Duration
    /// The app's word on the network: each time it says the app is back online, the store
    /// receives ``StoreSignal/reachable``; `nil` when the app tells the store itself.
    public let connectivity: Connectivity?

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - staleAfter: How long a value stays fresh; by default it is always stale, so every
    ///     screen that shows it revalidates it.
    ///   - retention: How long a key no data source is bound to is kept; by default five minutes.
    ///   - countLimit: How many keys are kept at most; beyond it the least recently used go.
    ///   - signalThrottle: The least time between two revalidations of a key that the app's
    ///     signals (``receive(_:)``) cause; by default ten seconds.
    ///   - persistence: Where the values are kept; by default in memory.
    ///   - connectivity: The app's word on the network; coming back online is a
    ///     ``StoreSignal/reachable`` signal. By default none.
    ///   - clock: What staleness and retention are measured on.
    ///   - fetch: Fetches a key's value, off the main actor.
    public init<C: Clock>(
        staleAfter: StoreStaleness = .always,
        retention: Duration = .seconds(300),
        countLimit: Int = 1000,
        signalThrottle: Duration = .seconds(10),
        persistence: any ContentStorePersistence<Key, Value> = MemoryPersistence<Key, Value>(),
        connectivity: Connectivity? = nil,
        clock: C = ContinuousClock(),
        fetch: @escaping Fetch
    ) where C.Duration == Duration {
        self.staleAfter = staleAfter
        self.retention = retention
        self.countLimit = max(countLimit, 0)
        self.signalThrottle = signalThrottle
        self.persistence = persistence
        self.clock = PresentationClock(clock)
        self.fetcher = fetch
        self.connectivity = connectivity
        // Heard on whichever thread the app set it: the signal hops to the store's actor.
        connectivityObservation = connectivity?.observe { [weak self] isOnline in
            guard isOnline else { return }
            Task { @MainActor in self?.receive(.reachable) }
        }
    }

    deinit {
        // Nobody can land these fetches any more. (A waiter's own wait holds the store, so none
        // is left here unless the store went some other way.)
        for task in tasks.values { task.cancel() }
        for waiter in waiters.values.flatMap(\.values) { waiter.resume(returning: .cancelled) }
    }

    // MARK: - Reading and writing

    /// The value shown for `key`: the committed value with the pending optimistic writes'
    /// changes applied in order (see <doc:OptimisticWrites>), or `nil`; marks the key used.
    public func value(for key: Key) -> Value? {
        let committed = committedValue(for: key)
        guard let writeLane, let slot = slots[key], let committed else { return committed }
        return writeLane.shown(committed, forSlot: slot, generation: machine.generation(of: slot) ?? 0)
    }

    /// Calls `body` with ``value(for:)`` of `key`, bound in `slot` (a bound key keeps its slot),
    /// at `now` on the store's clock, if the key has a value; returns whether it did. For a bound
    /// data source: without looking the key up again (and for one just bound, without reading the
    /// clock again). Handing on a `Value` rather than returning a `Value?` spares each function on
    /// the way a generic metadata lookup of the optional (docs/Benchmarks.md, "Optimistic writes").
    ///
    /// `now` is `nil` for a redraw of a data source bound to the key: a bound key never expires,
    /// so the clock is read only if the key's value is looked for in the persistence.
    @discardableResult
    func withValue(for key: Key, inSlot slot: Int, now: Duration?, _ body: (Value) -> Void) -> Bool {
        let read = machine.read(slot, now: now, retention: retention)
        // A redraw after a write applied or settled: the key's layers keep what their changes
        // show over its committed value, so that value is not read from the persistence.
        if read == .value, let writeLane,
            writeLane.withShown(forSlot: slot, generation: machine.generation(of: slot) ?? 0, body)
        {
            return true
        }
        return withCommittedValue(for: key, inSlot: slot, read: read, now: now, body)
    }

    /// ``withValue(for:inSlot:now:_:)`` from the committed value, after the state machine's `read`
    /// of `slot`. Apart from it, whose every call would otherwise look up the generic metadata of
    /// the `Value?` read here, which a redraw from the write lane's layers does not read.
    @inline(never)
    private func withCommittedValue(
        for key: Key, inSlot slot: Int, read: StoreStateMachine.Read, now: Duration?, _ body: (Value) -> Void
    ) -> Bool {
        guard let committed = committedValue(for: key, inSlot: slot, read: read, now: now) else { return false }
        guard let writeLane else {
            body(committed)
            return true
        }
        body(writeLane.shown(committed, forSlot: slot, generation: machine.generation(of: slot) ?? 0))
        return true
    }

    /// The value stored for `key`, without the changes of pending optimistic writes, or `nil`;
    /// marks the key used.
    public func committedValue(for key: Key) -> Value? {
        committedValue(for: key, inSlot: slots[key], now: clock.now())
    }

    /// ``committedValue(for:)`` of `key`, whose slot is `slot` (`nil`: the store does not know
    /// it), at `now`.
    private func committedValue(for key: Key, inSlot slot: Int?, now: Duration) -> Value? {
        guard let slot else { return find(key, now: now) }
        // Only this key's retention is checked: a lookup costs the same in a store of any size.
        let read = machine.read(slot, now: now, retention: retention)
        return committedValue(for: key, inSlot: slot, read: read, now: now)
    }

    /// ``committedValue(for:)`` of `key`, whose slot is `slot`, at `now` (`nil`: read the clock
    /// if needed), after the state machine's `read` of the slot.
    private func committedValue(
        for key: Key, inSlot slot: Int, read: StoreStateMachine.Read, now: Duration?
    ) -> Value? {
        switch read {
        case .expired: forget(slot)
        case .value: return persistence.read(key)
        case .noValue: break
        }
        return find(key, now: now ?? clock.now())
    }

    /// A value the persistence had before the store knew `key`, or `nil`: its age is the
    /// persistence's to say. Apart from ``committedValue(for:)``, whose every call would otherwise
    /// look up the generic metadata of the `(Value, Duration?)` this returns.
    @inline(never)
    private func find(_ key: Key, now: Duration) -> Value? {
        guard let (value, age) = persistence.readWithAge(key) else { return nil }
        machine.found(slot(for: key), now: now, age: age)
        return value
    }

    /// Whether `key`'s value is stale (or missing), by its staleness on the store's clock.
    public func isStale(_ key: Key) -> Bool {
        guard let slot = slots[key] else { return true }
        return machine.isStale(slot, now: clock.now(), staleness: staleness(for: key))
    }

    /// Stores `value` for `key`: every data source bound to it shows it, and a fetch of the key
    /// in flight is superseded (its result is dropped, its waiters hear ``StoreFetchOutcome/superseded``).
    /// Does nothing from inside an optimistic write's change.
    public func write(_ value: Value, for key: Key) {
        guard !isApplyingWriteChange else { return }
        let slot = slot(for: key)
        let superseded = machine.write(slot, now: clock.now())
        if openItemMarks > 0 { itemChanges.note(key) }  // Lists
        persistence.write(value, for: key)
        end(superseded, with: .superseded)
        notify(slot) { $0.storeValueDidChange() }
        sweep()
    }

    /// Marks `key` stale, supersedes its fetch in flight, and has the data sources bound to it
    /// revalidate: one fetch, however many there are. Does nothing from inside an optimistic
    /// write's change.
    public func invalidate(_ key: Key) {
        guard !isApplyingWriteChange else { return }
        // A key the store does not know is left unknown.
        guard let slot = slots[key] else { return }
        let superseded = machine.invalidate(slot)
        if openItemMarks > 0 { itemChanges.note(key) }  // Lists
        end(superseded, with: .superseded)
        notify(slot) { $0.storeDidInvalidate() }
    }

    /// Invalidates every key the store knows that `isIncluded` selects (see ``invalidate(_:)``).
    ///
    /// `isIncluded` may use the store: it is asked about each key the store knows when the call
    /// begins, once, if the store still knows it when its turn comes (not about a key it removed,
    /// nor one evicted meanwhile, nor one written since the call began); the keys it selects are
    /// then invalidated, those the store still knows.
    public func invalidate(where isIncluded: (Key) -> Bool) {
        // The keys themselves are taken first, not their slots: a key the app's `isIncluded`
        // removes frees its slot, which a key it writes may take.
        let known = machine.keys.map(key(ofSlot:))
        let selected = known.filter { slots[$0] != nil && isIncluded($0) }
        for key in selected { invalidate(key) }
    }

    /// Forgets `key`'s value, unless a data source is bound to it or it is being fetched;
    /// returns whether it was removed (`false` from inside an optimistic write's change).
    @discardableResult
    public func removeValue(for key: Key) -> Bool {
        guard !isApplyingWriteChange else { return false }
        pruneObservers()
        guard let slot = slots[key] else {
            // A key the store does not know: the persistence may hold a value for it all the same.
            persistence.remove(key)
            stalenessByKey[key] = nil
            if openItemMarks > 0 { itemChanges.note(key) }  // Lists
            return true
        }
        guard machine.remove(slot) else { return false }
        if openItemMarks > 0 { itemChanges.note(key) }  // Lists
        forget(slot)
        return true
    }

    /// Gives `key` its own staleness instead of ``staleAfter``.
    public func setStaleness(_ staleness: StoreStaleness, for key: Key) {
        stalenessByKey[key] = staleness
    }

    /// The staleness that applies to `key`.
    public func staleness(for key: Key) -> StoreStaleness {
        stalenessByKey[key] ?? staleAfter
    }

    /// Evicts now the keys unbound for longer than ``retention`` and those beyond ``countLimit``.
    public func evictExpiredKeys() { sweep() }

    /// How many keys the store keeps.
    public var keyCount: Int { machine.count }

    /// Whether the store keeps `key` (with or without a value).
    public func contains(_ key: Key) -> Bool { slots[key] != nil }

    // MARK: - The app's signals

    /// The app says content may have gone stale (it became active, the network is back, an
    /// interval went by): every stale key a data source is bound to revalidates, once for all of
    /// its data sources.
    ///
    /// Throttled: a key that a signal revalidated less than ``signalThrottle`` ago is left alone,
    /// and so is a key being fetched. A data source whose own load is in flight (a refresh the
    /// user started) keeps it: a signal never supersedes a load.
    ///
    /// A store made with a ``connectivity`` receives ``StoreSignal/reachable`` each time it
    /// says the app is back online.
    public func receive(_ signal: StoreSignal) {
        signalsReceived += 1
        let revalidated = machine.keysToRevalidate(now: clock.now(), throttle: signalThrottle) {
            staleness(for: key(ofSlot: $0))
        }
        for slot in revalidated { notify(slot) { $0.storeShouldRevalidate() } }
    }

    // MARK: - Fetching

    /// Fetches `key`'s value, sharing the fetch in flight if it began after the key's last write
    /// or invalidation, and waits for it.
    ///
    /// Cancelling the waiting task ends this wait (``StoreFetchOutcome/cancelled``) and not the
    /// fetch, unless no other caller waits for it: then the fetch is cancelled too.
    public func fetch(_ key: Key) async -> StoreFetchOutcome<Value> {
        if Task.isCancelled { return .cancelled }
        lastWaiterID &+= 1
        let waiterID = lastWaiterID
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                join(key, waiter: waiterID, continuation)
            }
        } onCancel: {
            // Called on whichever thread cancelled the task: hop to the store's actor.
            Task { @MainActor in self.waiterLeft(waiterID, key: key) }
        }
    }

    /// Adds a waiter for `key`'s value, starting a fetch if none current is in flight.
    private func join(_ key: Key, waiter: UInt64, _ continuation: Waiter) {
        let request = machine.request(slot(for: key), now: clock.now())
        let id: UInt64
        switch request {
        case .join(let joined):
            id = joined
        case .start(let started, let superseded):
            id = started
            end(superseded, with: .superseded)
            startTask(started, for: key)
        }
        waiters[id, default: [:]][waiter] = continuation
    }

    private func startTask(_ id: UInt64, for key: Key) {
        let fetcher = self.fetcher
        tasks[id] = Task { [weak self] in
            let result: Result<Value, any Error>
            do {
                result = .success(try await fetcher(key))
            } catch {
                result = .failure(error)
            }
            self?.fetchEnded(id, key: key, result: result)
        }
    }

    /// Fetches `key`'s value for a ``StoreDataSource``'s load: returns once the store holds the
    /// newest value (landed by this fetch, or written after it began), throws the fetch's error,
    /// or a cancellation when the wait ended without a value to show.
    func fetchForDataSource(_ key: Key) async throws {
        switch await fetch(key) {
        case .committed: return
        case .failed(let error): throw error
        case .cancelled: throw CancellationError()
        case .superseded:
            // Written after the fetch began: the written value is the newest. Invalidated: the
            // bound data sources were told to revalidate, which superseded this load.
            guard let slot = slots[key], machine.holdsWrittenValue(slot) else { throw CancellationError() }
        }
    }

    /// Fetch `id` of `key` returned: its result lands if it is current, in this one step.
    private func fetchEnded(_ id: UInt64, key: Key, result: Result<Value, any Error>) {
        tasks[id] = nil
        // A key forgotten since its fetch began has no slot, and a slot taken again by another
        // key has no fetch `id`: either way the result is dropped.
        let slot = slots[key]
        var dropped = false
        switch result {
        case .success(let value):
            switch slot.map({ machine.land($0, fetch: id, now: clock.now()) }) ?? .dropped {
            case .lands:
                if openItemMarks > 0 { itemChanges.note(key) }  // Lists
                persistence.write(value, for: key)
                end(id, with: .committed(value))
                if let slot { notify(slot) { $0.storeFetchDidLand() } }
            case .dropped:
                dropped = true
                end(id, with: .superseded)
            }
        case .failure(let error):
            let fails = slot.map { machine.fail($0, fetch: id) } ?? false
            dropped = !fails
            end(id, with: fails ? .failed(error) : .superseded)
        }
        sweep()
        // Counted once the result is handled, for a test awaiting the drop.
        if dropped { droppedResultCount += 1 }
    }

    /// Waiter `waiterID` of `key` was cancelled: it stops waiting; the fetch stops with its last waiter.
    private func waiterLeft(_ waiterID: UInt64, key: Key) {
        guard let fetchID = waiters.first(where: { $0.value[waiterID] != nil })?.key,
            let waiter = waiters[fetchID]?.removeValue(forKey: waiterID)
        else { return }
        if waiters[fetchID]?.isEmpty == true { waiters[fetchID] = nil }
        if let slot = slots[key], case .cancelsFetch(let id) = machine.leave(slot, fetch: fetchID) {
            tasks.removeValue(forKey: id)?.cancel()
        }
        waiter.resume(returning: .cancelled)
    }

    /// Ends fetch `id` (if any) for every waiter with `outcome`; cancels its task if it runs on.
    private func end(_ id: UInt64?, with outcome: StoreFetchOutcome<Value>) {
        guard let id else { return }
        tasks.removeValue(forKey: id)?.cancel()
        for waiter in (waiters.removeValue(forKey: id) ?? [:]).values { waiter.resume(returning: outcome) }
    }

    /// How many callers wait for `key`'s current fetch; 0 when none is in flight.
    public func waiterCount(for key: Key) -> Int { slots[key].flatMap { machine.fetch(of: $0) }?.waiters ?? 0 }

    /// Whether a fetch of `key` is in flight.
    public func isFetching(_ key: Key) -> Bool { slots[key].flatMap { machine.fetch(of: $0) } != nil }

    /// How many fetches returned after they were superseded, and had their result (a value or
    /// an error) dropped: by a write or an invalidation of their key, a newer fetch, their last
    /// waiter leaving, or their key's removal or eviction.
    ///
    /// Each such fetch counts once, when it returns and the store has dropped its result. A test
    /// whose fetch ignores cancellation and answers late awaits the drop with it rather than by
    /// yielding a number of times: `await eventually { store.droppedResultCount == 1 }` (see
    /// <doc:TestingDataSources>). A fetch that observes cancellation counts too, when it throws.
    public private(set) var droppedResultCount = 0

    // MARK: - Binding

    /// Binds `observer` to `key` at `now` on the store's clock, held weakly; returns the key's
    /// slot, which stays its own while it is bound.
    @discardableResult
    func bind(_ observer: any StoreObserver, to key: Key, now: Duration) -> Int {
        let slot = slot(for: key)
        machine.bind(slot, now: now)
        if observers[slot].isEmpty { observedSlots.insert(slot) }
        observers[slot].append(WeakStoreObserver(observer: observer))
        return slot
    }

    /// Unbinds `observer` from `key`.
    func unbind(_ observer: any StoreObserver, from key: Key) {
        // By identity, not by `ObjectIdentifier`: a released data source's entry (pruned later)
        // may carry the address of the one being unbound.
        guard let slot = slots[key], let index = observers[slot].firstIndex(where: { $0.observer === observer }) else {
            return
        }
        observers[slot].remove(at: index)
        if observers[slot].isEmpty { observedSlots.remove(slot) }
        machine.unbind(slot, now: clock.now())
        sweep()
    }

    /// A data source bound to the key in `slot` is being released: called by its `deinit`, which
    /// runs on whichever thread released it last, and reads the clock there, at the release.
    ///
    /// On the main actor the release is noted for the next prune, which unbinds the data source
    /// as of its release; nothing else changes here, since a release may come from inside the
    /// store's own work. From another thread the store prunes and sweeps as soon as the main actor runs,
    /// which unbinds it as of that moment: a note arriving then could be for a data source a
    /// prune already unbound, and would date another's release.
    nonisolated func observerReleased(fromSlot slot: Int) {
        let releasedAt = clock.now()
        if MainQueue.isCurrent {
            MainActor.assumeIsolated { releases.append((slot, releasedAt)) }
        } else {
            Task { @MainActor in self.sweep() }
        }
    }

    /// How many data sources are bound to `key` (released ones no longer count).
    public func boundCount(for key: Key) -> Int {
        pruneObservers()
        // Not the machine's count, which holds a key with pending writes as bound too.
        return slots[key].map { observers[$0].count } ?? 0
    }

    // MARK: - The write lane's hooks (StoreWriteLane.swift)

    /// Holds `key` while it has pending writes: counted as bound, so never evicted. Returns its
    /// slot, which stays the key's until ``releaseAfterWrites(_:)``.
    func holdForWrites(_ key: Key) -> Int {
        let slot = slot(for: key)
        machine.bind(slot, now: clock.now())
        return slot
    }

    /// Releases the hold of ``holdForWrites(_:)`` once the last write of the key in `slot` settled.
    func releaseAfterWrites(_ slot: Int) {
        machine.unbind(slot, now: clock.now())
        sweep()
    }

    /// A write's layer on the key in `slot` was applied or removed: the bound data sources show the new value.
    func writeLayersDidChange(_ slot: Int) {
        if openItemMarks > 0 { itemChanges.note(key(ofSlot: slot)) }  // Lists
        notify(slot) { $0.storeValueDidChange() }
    }

    /// A write on the key in `slot` failed: the bound data sources show it beside their content.
    func writeDidFail(_ failure: WriteFailure, slot: Int) { notify(slot) { $0.storeWriteDidFail(failure) } }

    /// The slot a key with pending writes holds (see ``holdForWrites(_:)``), if it has one.
    func writeSlot(_ key: Key) -> Int? { slots[key] }

    /// Tells every data source bound to the key in `slot`, after the store's change is done; it may call back.
    private func notify(_ slot: Int, _ tell: (any StoreObserver) -> Void) {
        let bound = observers[slot]
        guard !bound.isEmpty else { return }
        // One data source, the usual case, is told without making an array of those alive.
        if bound.count == 1 {
            if let observer = bound[0].observer { tell(observer) }
            return
        }
        for observer in bound.compactMap(\.observer) { tell(observer) }
    }

    /// Unbinds the data sources that were released, each as of its release if it noted one
    /// (``observerReleased(fromSlot:)``), else as of now.
    private func pruneObservers() {
        let now = clock.now()
        // By slot: how many releases were noted, and the latest.
        var noted: [Int: (count: Int, latest: Duration)] = [:]
        for release in releases {
            let (count, latest) = noted[release.slot] ?? (0, release.at)
            noted[release.slot] = (count + 1, max(latest, release.at))
        }
        for slot in observedSlots where observers[slot].contains(where: { $0.observer == nil }) {
            let bound = observers[slot]
            let alive = bound.filter { $0.observer != nil }
            // The key is unbound as of its last data source's release: known only if each one
            // released from it noted its release (one released off the main actor did not).
            let releasedAt = noted[slot].flatMap { $0.count >= bound.count - alive.count ? $0.latest : nil }
            for _ in alive.count..<bound.count { machine.unbind(slot, now: releasedAt ?? now) }
            observers[slot] = alive
            if alive.isEmpty { observedSlots.remove(slot) }
        }
        // A release noted during this prune (a data source released from inside it) is dropped
        // too: its data source, alive when looked at, is unbound as of the next prune.
        if !releases.isEmpty { releases.removeAll(keepingCapacity: true) }
    }

    /// Evicts what retention and the count limit call for.
    private func sweep() {
        guard !sweepsHeld else { return }  // Lists
        pruneObservers()
        for slot in machine.evict(now: clock.now(), retention: retention, limit: countLimit) { forget(slot) }
    }

    /// The slot of `key`, taken (a free one first) if the store does not know the key yet: only
    /// just before the state machine makes the key's entry.
    private func slot(for key: Key) -> Int {
        slots[key] ?? takeSlot(for: key)
    }

    /// A slot for `key`, which has none. Apart from ``slot(for:)``, whose every call would
    /// otherwise look up the generic metadata of `slotKeys`'s `Key?`.
    @inline(never)
    private func takeSlot(for key: Key) -> Int {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slotKeys[slot] = key
        } else {
            slot = slotKeys.count
            slotKeys.append(key)
            observers.append([])
        }
        slots[key] = slot
        return slot
    }

    /// The key in `slot`, which is in use.
    private func key(ofSlot slot: Int) -> Key { slotKeys[slot]! }

    /// Removes the value and settings of the key in `slot`, which the state machine forgot, and
    /// frees the slot.
    private func forget(_ slot: Int) {
        let key = key(ofSlot: slot)
        persistence.remove(key)
        stalenessByKey[key] = nil
        slots[key] = nil
        slotKeys[slot] = nil
        freeSlots.append(slot)
    }
}
