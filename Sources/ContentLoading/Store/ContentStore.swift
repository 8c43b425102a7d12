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
///
/// Its paths that a screen uses often (a read, a write, an optimistic write and its draw) are
/// inlinable, as is the state they use: specialized in the app's module for its key and value.
@MainActor
public final class ContentStore<Key: Hashable & Sendable, Value: Sendable> {
    /// Fetches the value of a key, off the main actor.
    public typealias Fetch = @Sendable (Key) async throws -> Value
    private typealias Waiter = CheckedContinuation<StoreFetchOutcome<Value>, Never>

    private let fetcher: Fetch
    /// What staleness, retention and write retries are measured on.
    @usableFromInline let clock: PresentationClock
    @usableFromInline let persistence: any ContentStorePersistence<Key, Value>
    /// The store's decisions: which keys it knows, and each one's fetch, bindings and age.
    @usableFromInline var machine = StoreStateMachine<Key>()
    /// The staleness of keys that have their own.
    @usableFromInline var stalenessByKey: [Key: StoreStaleness] = [:]
    /// The task of each fetch in flight, by fetch.
    private var tasks: [UInt64: Task<Void, Never>] = [:]
    /// The callers waiting for each fetch, by fetch and then by waiter.
    private var waiters: [UInt64: [UInt64: Waiter]] = [:]
    private var lastWaiterID: UInt64 = 0
    /// The data sources bound to each key, held weakly; only keys with one or more.
    @usableFromInline var observers: [Key: [WeakStoreDataSource<Key, Value>]] = [:]
    /// The data sources released on the main actor since the observers were last pruned, each by
    /// its key and the time of its release: a key's retention counts from the release of its
    /// last data source, not from when the store noticed it (see ``pruneObservers()``).
    private var releases: [(key: Key, at: Duration)] = []
    /// Whether a data source was released off the main actor, unnoted, since the last prune:
    /// then the next looks at every key, and otherwise only at the keys of ``releases``, so that
    /// a write costs the same however many keys are bound.
    private var unnotedRelease = false
    /// The store's registration with its ``connectivity``, if it has one.
    private var connectivityObservation: ConnectivityObservation?
    /// How many signals the store has received, the app's and its connectivity's (for tests).
    private(set) var signalsReceived = 0
    /// The pending optimistic writes, layered over the committed values; made by the first write.
    /// The store calls it and acts on what it returns; it never calls the store.
    @usableFromInline var writeLane: StoreWriteLane<Key, Value>?
    /// Lists (Lists/ContentStore+Items.swift): when each key last changed while a list's request
    /// was in flight, how many are, and whether sweeps wait for the end of a list's landing.
    var itemChanges = StoreItemChanges<Key>()
    @usableFromInline var openItemMarks = 0
    var sweepsHeld = false
    /// Lists: the rows bound to each key, held weakly (see ``StoreItemObserver``).
    @usableFromInline var itemObservers: [Key: [WeakStoreItemObserver]] = [:]
    /// Lists: whether a row was released since the last prune.
    var itemObserversReleased = false
    /// What lists do once a landing ends, its changes gathered; `nil` while no list lands.
    var afterLanding: [@MainActor () -> Void]?
    /// Lists: the keys of items created under a temporary id, and the server's key each was given
    /// (ContentStore+TemporaryKeys.swift).
    @usableFromInline var temporaryKeys: StoreTemporaryKeys<Key>

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
        temporaryKeys = StoreTemporaryKeys(limit: max(countLimit, 0))
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
    @inlinable
    public func value(for key: Key) -> Value? {
        guard let committed = committedValue(for: key) else { return nil }
        return shown(committed, for: key)
    }

    /// ``value(for:)`` of `key` at `now` on the store's clock, for a data source bound to it:
    /// `nil` for `now` when it redraws (a bound key never expires, so the clock is read only if
    /// the key's value is looked for in the persistence).
    ///
    /// A redraw after a write applied or settled takes what the key's layers keep over its
    /// committed value, without reading that value from the persistence again.
    @inlinable
    func valueForDataSource(_ key: Key, now: Duration?) -> Value? {
        let read = machine.read(key, now: now, retention: retention)
        if read == .value, let writeLane,
            let shown = writeLane.shownOverKept(for: key, generation: machine.generation(of: key) ?? 0)
        {
            return shown
        }
        guard let committed = committedValue(for: key, read: read, now: now) else { return nil }
        return shown(committed, for: key)
    }

    /// `committed`, `key`'s committed value, with the pending writes' changes applied.
    @inlinable
    func shown(_ committed: Value, for key: Key) -> Value {
        guard let writeLane else { return committed }
        return writeLane.shown(committed, for: key, generation: machine.generation(of: key) ?? 0)
    }

    /// The value stored for `key`, without the changes of pending optimistic writes, or `nil`;
    /// marks the key used.
    @inlinable
    public func committedValue(for key: Key) -> Value? {
        let now = clock.now()
        // Only this key's retention is checked: a lookup costs the same in a store of any size.
        let read = machine.read(key, now: now, retention: retention)
        return committedValue(for: key, read: read, now: now)
    }

    /// ``committedValue(for:)`` of `key` at `now` (`nil`: read the clock if needed), after the
    /// state machine's `read` of it.
    @inlinable
    func committedValue(for key: Key, read: StoreStateMachine<Key>.Read, now: Duration?) -> Value? {
        switch read {
        case .expired: forget(key)
        case .value: return persistence.read(key)
        case .noValue: break
        }
        return find(key, now: now ?? clock.now())
    }

    /// A value the persistence had before the store knew `key`, or `nil`: its age is the
    /// persistence's to say.
    @usableFromInline
    func find(_ key: Key, now: Duration) -> Value? {
        guard let (value, age) = persistence.readWithAge(key) else { return nil }
        machine.found(key, now: now, age: age)
        return value
    }

    /// Whether `key`'s value is stale (or missing), by its staleness on the store's clock.
    @inlinable
    public func isStale(_ key: Key) -> Bool {
        machine.isStale(key, now: clock.now(), staleness: staleness(for: key))
    }

    /// Stores `value` for `key`: every data source bound to it shows it, and a fetch of the key
    /// in flight is superseded (its result is dropped, its waiters hear ``StoreFetchOutcome/superseded``).
    /// Does nothing from inside an optimistic write's change.
    @inlinable
    public func write(_ value: Value, for key: Key) {
        guard !isApplyingWriteChange else { return }
        let superseded = machine.write(key, now: clock.now())
        if openItemMarks > 0 { noteItemChange(key) }
        persistence.write(value, for: key)
        end(superseded, with: .superseded)
        notify(key) { $0.storeValueDidChange() }
        if !itemObservers.isEmpty { notifyItems(key) { $0.storeItemDidChange() } }
        sweep()
    }

    /// Marks `key` stale, supersedes its fetch in flight, and has the data sources bound to it
    /// revalidate: one fetch, however many there are. Does nothing from inside an optimistic
    /// write's change.
    public func invalidate(_ key: Key) {
        guard !isApplyingWriteChange else { return }
        // A key the store does not know is left unknown.
        guard machine.knows(key) else { return }
        let superseded = machine.invalidate(key)
        if openItemMarks > 0 { noteItemChange(key) }
        end(superseded, with: .superseded)
        notify(key) { $0.storeDidInvalidate() }
    }

    /// Invalidates every key the store knows that `isIncluded` selects (see ``invalidate(_:)``).
    ///
    /// `isIncluded` may use the store: it is asked about each key the store knows when the call
    /// begins, once, if the store still knows it when its turn comes (not about a key it removed,
    /// nor one evicted meanwhile, nor one written since the call began); the keys it selects are
    /// then invalidated, those the store still knows.
    public func invalidate(where isIncluded: (Key) -> Bool) {
        // Each key is asked about only if the store still knows it: the app's `isIncluded` may
        // remove or evict the keys after it.
        let known = machine.keys
        let selected = known.filter { machine.knows($0) && isIncluded($0) }
        for key in selected { invalidate(key) }
    }

    /// Forgets `key`'s value, unless a data source is bound to it or it is being fetched;
    /// returns whether it was removed (`false` from inside an optimistic write's change).
    @discardableResult
    public func removeValue(for key: Key) -> Bool {
        guard !isApplyingWriteChange else { return false }
        pruneObservers()
        guard machine.knows(key) else {
            // A key the store does not know: the persistence may hold a value for it all the same.
            persistence.remove(key)
            stalenessByKey[key] = nil
            if openItemMarks > 0 { noteItemChange(key) }
            return true
        }
        guard machine.remove(key) else { return false }
        if openItemMarks > 0 { noteItemChange(key) }
        forget(key)
        return true
    }

    /// Gives `key` its own staleness instead of ``staleAfter``.
    public func setStaleness(_ staleness: StoreStaleness, for key: Key) {
        stalenessByKey[key] = staleness
    }

    /// The staleness that applies to `key`.
    @inlinable
    public func staleness(for key: Key) -> StoreStaleness {
        stalenessByKey[key] ?? staleAfter
    }

    /// Evicts now the keys unbound for longer than ``retention`` and those beyond ``countLimit``.
    public func evictExpiredKeys() {
        // Asked for by the app: every key is looked at for a data source released unnoted.
        unnotedRelease = true
        sweep()
    }

    /// How many keys the store keeps.
    public var keyCount: Int { machine.count }

    /// Whether the store keeps `key` (with or without a value).
    public func contains(_ key: Key) -> Bool { machine.knows(key) }

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
            staleness(for: $0)
        }
        for key in revalidated { notify(key) { $0.storeShouldRevalidate() } }
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
        let request = machine.request(key, now: clock.now())
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
            guard machine.holdsWrittenValue(key) else { throw CancellationError() }
        }
    }

    /// Fetch `id` of `key` returned: its result lands if it is current, in this one step.
    private func fetchEnded(_ id: UInt64, key: Key, result: Result<Value, any Error>) {
        tasks[id] = nil
        // A key forgotten since its fetch began, and made again, has no fetch `id`: the result
        // is dropped.
        var dropped = false
        switch result {
        case .success(let value):
            switch machine.land(key, fetch: id, now: clock.now()) {
            case .lands:
                if openItemMarks > 0 { noteItemChange(key) }
                persistence.write(value, for: key)
                end(id, with: .committed(value))
                notify(key) { $0.storeFetchDidLand() }
                if !itemObservers.isEmpty { notifyItems(key) { $0.storeItemDidChange() } }
            case .dropped:
                dropped = true
                end(id, with: .superseded)
            }
        case .failure(let error):
            let fails = machine.fail(key, fetch: id)
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
        if case .cancelsFetch(let id) = machine.leave(key, fetch: fetchID) {
            tasks.removeValue(forKey: id)?.cancel()
        }
        waiter.resume(returning: .cancelled)
    }

    /// Ends fetch `id` (if any) for every waiter with `outcome`; cancels its task if it runs on.
    @inlinable
    func end(_ id: UInt64?, with outcome: StoreFetchOutcome<Value>) {
        guard let id else { return }
        endFetch(id, with: outcome)
    }

    /// Ends fetch `id` for every waiter with `outcome`; cancels its task if it runs on.
    @usableFromInline
    func endFetch(_ id: UInt64, with outcome: StoreFetchOutcome<Value>) {
        tasks.removeValue(forKey: id)?.cancel()
        for waiter in (waiters.removeValue(forKey: id) ?? [:]).values { waiter.resume(returning: outcome) }
    }

    /// How many callers wait for `key`'s current fetch; 0 when none is in flight.
    public func waiterCount(for key: Key) -> Int { machine.fetch(of: key)?.waiters ?? 0 }

    /// Whether a fetch of `key` is in flight.
    public func isFetching(_ key: Key) -> Bool { machine.fetch(of: key) != nil }

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

    /// Binds `dataSource` to `key` at `now` on the store's clock, held weakly.
    func bind(_ dataSource: StoreDataSource<Key, Value>, to key: Key, now: Duration) {
        machine.bind(key, now: now)
        observers[key, default: []].append(WeakStoreDataSource(dataSource))
    }

    /// Unbinds `dataSource` from `key`.
    func unbind(_ dataSource: StoreDataSource<Key, Value>, from key: Key) {
        // By identity, not by `ObjectIdentifier`: a released data source's entry (pruned later)
        // may carry the address of the one being unbound.
        guard let index = observers[key]?.firstIndex(where: { $0.dataSource === dataSource }) else { return }
        observers[key]!.remove(at: index)
        if observers[key]!.isEmpty { observers[key] = nil }
        machine.unbind(key, now: clock.now())
        sweep()
    }

    /// A data source bound to `key` is being released: called by its `deinit`, which runs on
    /// whichever thread released it last, and reads the clock there, at the release.
    ///
    /// On the main actor the release is noted for the next prune, which unbinds the data source
    /// as of its release; nothing else changes here, since a release may come from inside the
    /// store's own work. From another thread the store prunes and sweeps as soon as the main actor runs,
    /// which unbinds it as of that moment: a note arriving then could be for a data source a
    /// prune already unbound, and would date another's release.
    nonisolated func observerReleased(from key: Key) {
        let releasedAt = clock.now()
        if MainQueue.isCurrent {
            MainActor.assumeIsolated { releases.append((key, releasedAt)) }
        } else {
            Task { @MainActor in
                self.unnotedRelease = true
                self.sweep()
            }
        }
    }

    /// How many data sources are bound to `key` (released ones no longer count).
    public func boundCount(for key: Key) -> Int {
        pruneObservers()
        // Not the machine's count, which holds a key with pending writes as bound too; alive
        // only (one released off the main actor may not have been pruned yet).
        let dataSources = observers[key]?.count { $0.dataSource != nil } ?? 0
        return dataSources + (itemObservers[key]?.count { $0.observer != nil } ?? 0)
    }

    // MARK: - Acting on the write lane (StoreWriteLane.swift)

    /// Does what a write lane's event left to do on `key`, in the order ``StoreWriteLane/Effects`` lists.
    @inlinable
    func act(on effects: StoreWriteLane<Key, Value>.Effects, for key: Key) {
        // A write performed or settled changes the key for a list's generation check.
        if openItemMarks > 0 { noteItemChange(key) }
        // Held while the key has pending writes: counted as bound, so never evicted.
        if effects.holdsKey { machine.bind(key, now: clock.now()) }
        if let failed = effects.failed {
            failed.write.retryAction = retryAction(
                of: failed.write, change: failed.change, request: failed.request, on: key)
        }
        var redraws = effects.redraws
        if let commit = effects.commit {
            redraws = !self.commit(commit.write, answer: commit.answer, for: key) || redraws
        }
        for write in effects.starts where write.isPending {
            // Unless a data source told of a commit above cancelled it meanwhile.
            startRequest(of: write, on: key)
        }
        if redraws {
            notify(key) { $0.storeValueDidChange() }
            if !itemObservers.isEmpty { notifyItems(key) { $0.storeItemDidChange() } }
        }
        if let failure = effects.failure {
            // A failure no data source or list row shows goes to the app's handler, if it has one.
            if boundCount(for: key) > 0 {
                notify(key) { $0.storeWriteDidFail(failure) }
                if !itemObservers.isEmpty { notifyItems(key) { $0.storeItemWriteDidFail(failure) } }
            } else {
                writeLane?.onUnshownFailure?(key, failure)
            }
        }
        if effects.releasesKey {
            machine.unbind(key, now: clock.now())
            sweep()
        }
        if effects.revalidates { invalidate(key) }
        writeLane?.pendingCountDidChange(in: self)
    }

    /// Commits `write`, which succeeded on `key` with `answer` (`nil`: its change applied to the
    /// committed value); returns whether a value was committed (a key with no value has none).
    @inlinable
    func commit(_ write: StoreWrite<Value>, answer: Value?, for key: Key) -> Bool {
        var committed = answer
        if committed == nil, let writeLane, let value = committedValue(for: key) {
            committed = writeLane.applying(write, to: value)
        }
        // Settled before the commit is drawn: a callback of a data source drawing it finds the
        // write settled (``StoreWrite/isPending`` and ``StoreWrite/cancel()`` agree).
        write.settle(.committed(committed))
        // Committed as a store write: every fetch of the key begun before it is superseded.
        guard let committed else { return false }
        self.write(committed, for: key)
        return true
    }

    /// Tells every data source bound to `key`, after the store's change is done; it may call back.
    @inlinable
    func notify(_ key: Key, _ tell: (StoreDataSource<Key, Value>) -> Void) {
        guard let bound = observers[key] else { return }
        for index in bound.indices {
            if let dataSource = bound[index].dataSource { tell(dataSource) }
        }
    }

    /// Unbinds the data sources that were released, each as of its release if it noted one
    /// (``observerReleased(from:)``), else as of now, and the list rows released with their list.
    /// Looks only at the keys whose release was noted, unless one was not.
    @usableFromInline
    func pruneObservers() {
        guard !releases.isEmpty || unnotedRelease || itemObserversReleased else { return }
        let now = clock.now()
        // By key: how many releases were noted, and the latest. A release noted while this runs
        // stays for the next prune.
        var noted: [Key: (count: Int, latest: Duration)] = [:]
        for release in releases {
            let (count, latest) = noted[release.key] ?? (0, release.at)
            noted[release.key] = (count + 1, max(latest, release.at))
        }
        releases.removeAll(keepingCapacity: true)
        let keys = unnotedRelease ? Array(observers.keys) : Array(noted.keys)
        unnotedRelease = false
        for key in keys {
            guard let bound = observers[key], bound.contains(where: { $0.dataSource == nil }) else { continue }
            let alive = bound.filter { $0.dataSource != nil }
            // The key is unbound as of its last data source's release: known only if each one
            // released from it noted its release (one released off the main actor did not).
            let releasedAt = noted[key].flatMap { $0.count >= bound.count - alive.count ? $0.latest : nil }
            for _ in alive.count..<bound.count { machine.unbind(key, now: releasedAt ?? now) }
            observers[key] = alive.isEmpty ? nil : alive
        }
        if itemObserversReleased { pruneItemObservers(now: now) }
    }

    /// Evicts what retention and the count limit call for.
    @usableFromInline
    func sweep() {
        guard !sweepsHeld else { return }  // A list is landing its items: evicted once, after.
        pruneObservers()
        for key in machine.evict(now: clock.now(), retention: retention, limit: countLimit) { forget(key) }
    }

    /// Removes the value and settings of `key`, which the state machine forgot.
    @usableFromInline
    func forget(_ key: Key) {
        persistence.remove(key)
        stalenessByKey[key] = nil
    }
}
