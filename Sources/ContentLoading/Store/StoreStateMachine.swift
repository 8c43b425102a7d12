/// The pure decision logic behind ``ContentStore``: per key, which fetch is current, whose
/// result lands, who shares it, and which keys may be evicted.
///
/// It holds no values, calls no app code and knows nothing of tasks or clocks: the store asks
/// it (passing the time), then acts on the answer (starts or cancels a fetch task, writes the
/// persistence, resumes waiters, tells bound data sources), after the change here is done.
///
/// Every key has a generation, taken from one counter for the whole store, that moves on each
/// write, invalidation and landed fetch. A fetch records the generation it began at:
///
/// | event                         | the key's fetch in flight                    | generation |
/// |-------------------------------|----------------------------------------------|------------|
/// | a waiter asks, fetch current  | joined: one more waiter                      | same       |
/// | a waiter asks, none current   | a new fetch starts (an older one superseded) | same       |
/// | the fetch returns, current    | lands: stored, every waiter hears it         | moves      |
/// | the fetch returns, not current| dropped for every waiter: `superseded`       | same       |
/// | the fetch fails               | every waiter hears the failure               | same       |
/// | a write                       | superseded                                   | moves      |
/// | an invalidation               | superseded; the value is stale               | moves      |
/// | a waiter leaves               | one fewer waiter; cancelled with the last    | same       |
///
/// A fetch is current while it is the key's fetch and the key's generation is the one it began
/// at, so a waiter who asks after a write or an invalidation never joins a fetch begun before it
/// (TanStack/query #471, #2154), and a result lands only if nothing newer landed since its fetch
/// began.
///
/// Eviction never touches a key a data source is bound to or a fetch is in flight for: a key
/// nobody is bound to goes once it has been unbound for the retention time, and beyond the
/// count limit the least recently used keys go.
///
/// Keys are the store's own keys. Where the machine lists them (an invalidation by predicate, a
/// signal, eviction), it lists them in the order it first knew them.
struct StoreStateMachine<Key: Hashable & Sendable>: Sendable {
    /// A fetch in flight for a key.
    struct Fetch: Sendable, Equatable {
        /// The fetch's identity in the store.
        let id: UInt64
        /// The key's generation when it began.
        let startGeneration: UInt64
        /// How many callers wait for it.
        var waiters: Int
    }

    /// What the store knows of one key besides its value.
    struct Entry: Sendable {
        /// When the machine first knew the key, in the order of the keys it knows.
        let made: UInt64
        /// Moves on each write, invalidation and landed fetch.
        var generation: UInt64
        /// Whether the persistence holds a value for the key.
        var hasValue = false
        /// When the value was stored, on the store's clock; `nil` when unknown (found in the persistence).
        var storedAt: Duration?
        /// Whether the key was invalidated since its value was stored.
        var isInvalidated = false
        /// The fetch in flight; `nil` when none.
        var fetch: Fetch?
        /// How many data sources are bound to the key.
        var bound = 0
        /// When the last data source was unbound (or the key was made, unbound): the latest unbind,
        /// a released data source's as of its release.
        var unboundAt: Duration
        /// The store's use count at the key's last use, for least recently used eviction.
        var lastUse: UInt64
        /// When an app's signal last had the key revalidated; `nil` never.
        var signalledAt: Duration?
    }

    /// What a waiter who asks for a key's value gets.
    enum Request: Sendable, Equatable {
        /// Joins the current fetch `id`.
        case join(UInt64)
        /// Starts fetch `id`; `superseding` is an older fetch of the key, no longer current, to cancel.
        case start(UInt64, superseding: UInt64?)
    }

    /// What a fetch's result does.
    enum Landing: Sendable, Equatable {
        /// It is current: store it; every waiter hears it.
        case lands
        /// It is not: drop it; its waiters already heard (or now hear) `superseded`.
        case dropped
    }

    /// What a read of a key finds.
    enum Read: Sendable, Equatable {
        /// It was unbound for the retention or longer: evicted now.
        case expired
        /// The store knows it holds a value: marked used.
        case value
        /// The store knows no value for it (or does not know it).
        case noValue
    }

    /// What a waiter leaving does.
    enum Departure: Sendable, Equatable {
        /// Others still wait: the fetch goes on.
        case fetchContinues
        /// It was the last waiter: cancel fetch `id`.
        case cancelsFetch(UInt64)
        /// The fetch had already ended or been superseded.
        case fetchGone
    }

    /// Each key's entry.
    private var entries: [Key: Entry] = [:]
    /// How many keys the machine knows.
    var count: Int { entries.count }
    /// How many keys the machine has made an entry for: the next entry's ``Entry/made``.
    private var made: UInt64 = 0
    /// The store's newest generation and fetch identity.
    private var lastGeneration: UInt64 = 0
    private var lastFetchID: UInt64 = 0
    /// Counts uses, for least recently used eviction.
    private var uses: UInt64 = 0
    /// No key nobody is bound to was unbound before this (`nil`: every key is bound), so no key
    /// can expire before it plus the retention: until then a sweep looks at no entry, and a
    /// write or a landed fetch costs the same in a store of any size.
    private var earliestUnbound: Duration?

    // MARK: - Reading

    /// Whether `key`'s stored value is stale under `staleness` at `now`; a key with no value is.
    func isStale(_ key: Key, now: Duration, staleness: StoreStaleness) -> Bool {
        guard let entry = entry(key), entry.hasValue else { return true }
        if entry.isInvalidated { return true }
        return staleness.isStale(age: entry.storedAt.map { now - $0 })
    }

    /// Whether the machine knows `key` (with or without a value).
    func knows(_ key: Key) -> Bool { entries[key] != nil }

    /// Whether the store knows `key` holds a value.
    func hasValue(_ key: Key) -> Bool { entry(key)?.hasValue ?? false }

    /// Whether `key` holds a value that was not invalidated since it was stored.
    func holdsWrittenValue(_ key: Key) -> Bool {
        guard let entry = entry(key) else { return false }
        return entry.hasValue && !entry.isInvalidated
    }

    /// `key`'s generation: it moves on each write, invalidation and landed fetch.
    func generation(of key: Key) -> UInt64? { entry(key)?.generation }

    /// The fetch in flight for `key`, current or not.
    func fetch(of key: Key) -> Fetch? { entry(key)?.fetch }

    /// How many data sources are bound to `key`.
    func boundCount(_ key: Key) -> Int { entry(key)?.bound ?? 0 }

    /// The keys the machine knows, in the order it first knew them.
    var keys: [Key] { entries.sorted { $0.value.made < $1.value.made }.map(\.key) }

    /// `key`'s entry, if the machine knows it.
    private func entry(_ key: Key) -> Entry? { entries[key] }

    /// Marks `key` used now, making its entry if needed.
    mutating func touch(_ key: Key, now: Duration) {
        uses &+= 1
        if entries[key] != nil {
            entries[key]!.lastUse = uses
            return
        }
        lastGeneration &+= 1
        made &+= 1
        entries[key] = Entry(made: made, generation: lastGeneration, unboundAt: now, lastUse: uses)
        if earliestUnbound == nil { earliestUnbound = now }
    }

    /// A value for `key` was found in the persistence, stored `age` ago; `nil` (or a negative
    /// age, from a clock set back) when unknown, which makes it stale unless the key never goes stale.
    mutating func found(_ key: Key, now: Duration, age: Duration? = nil) {
        touch(key, now: now)
        entries[key]!.hasValue = true
        entries[key]!.storedAt = age.flatMap { $0 >= .zero ? now - $0 : nil }
    }

    // MARK: - Fetching

    /// A waiter asks for `key`'s value: it joins the current fetch or starts a new one.
    mutating func request(_ key: Key, now: Duration) -> Request {
        touch(key, now: now)
        let entry = entries[key]!
        if var fetch = entry.fetch, fetch.startGeneration == entry.generation {
            fetch.waiters += 1
            entries[key]!.fetch = fetch
            return .join(fetch.id)
        }
        lastFetchID &+= 1
        entries[key]!.fetch = Fetch(id: lastFetchID, startGeneration: entry.generation, waiters: 1)
        return .start(lastFetchID, superseding: entry.fetch?.id)
    }

    /// Fetch `id` of `key` returned a value at `now`: it lands only if it is still current.
    mutating func land(_ key: Key, fetch id: UInt64, now: Duration) -> Landing {
        guard let entry = entry(key), let fetch = entry.fetch, fetch.id == id else { return .dropped }
        entries[key]!.fetch = nil
        // Every write and invalidation takes the key's fetch, so the key's fetch always began at
        // its generation; checked again here, where a result is stored.
        guard fetch.startGeneration == entry.generation else { return .dropped }
        lastGeneration &+= 1
        entries[key]!.generation = lastGeneration
        entries[key]!.hasValue = true
        entries[key]!.storedAt = now
        entries[key]!.isInvalidated = false
        return .lands
    }

    /// Fetch `id` of `key` failed: `true` if it was the key's fetch (its waiters hear the failure).
    mutating func fail(_ key: Key, fetch id: UInt64) -> Bool {
        guard let fetch = entry(key)?.fetch, fetch.id == id else { return false }
        entries[key]!.fetch = nil
        return fetch.startGeneration == entries[key]!.generation
    }

    /// A waiter of fetch `id` of `key` left.
    mutating func leave(_ key: Key, fetch id: UInt64) -> Departure {
        guard var fetch = entry(key)?.fetch, fetch.id == id else { return .fetchGone }
        fetch.waiters -= 1
        guard fetch.waiters == 0 else {
            entries[key]!.fetch = fetch
            return .fetchContinues
        }
        entries[key]!.fetch = nil
        return .cancelsFetch(id)
    }

    // MARK: - Writing and invalidating

    /// The app wrote `key`'s value at `now`; returns the fetch in flight it supersedes.
    mutating func write(_ key: Key, now: Duration) -> UInt64? {
        touch(key, now: now)
        lastGeneration &+= 1
        entries[key]!.generation = lastGeneration
        entries[key]!.hasValue = true
        entries[key]!.storedAt = now
        entries[key]!.isInvalidated = false
        return takeFetch(of: key)
    }

    /// The app invalidated `key`: its value is stale; returns the fetch in flight it supersedes.
    /// A key the store does not know is left unknown.
    mutating func invalidate(_ key: Key) -> UInt64? {
        guard entry(key) != nil else { return nil }
        lastGeneration &+= 1
        entries[key]!.generation = lastGeneration
        entries[key]!.isInvalidated = true
        return takeFetch(of: key)
    }

    private mutating func takeFetch(of key: Key) -> UInt64? {
        let fetch = entry(key)?.fetch
        if fetch != nil { entries[key]!.fetch = nil }
        return fetch?.id
    }

    // MARK: - The app's signals

    /// The keys an app's signal at `now` revalidates, marked revalidated: bound, stale by
    /// `staleness`, with no fetch in flight, and not revalidated by a signal within `throttle`.
    mutating func keysToRevalidate(
        now: Duration, throttle: Duration, staleness: (Key) -> StoreStaleness
    ) -> [Key] {
        let keys = self.keys.filter { key in
            let entry = entries[key]!
            guard entry.bound > 0, entry.fetch == nil, isStale(key, now: now, staleness: staleness(key)) else {
                return false
            }
            return entry.signalledAt.map { now - $0 >= throttle } ?? true
        }
        for key in keys { entries[key]!.signalledAt = now }
        return keys
    }

    // MARK: - Binding and eviction

    /// A data source was bound to `key`.
    mutating func bind(_ key: Key, now: Duration) {
        touch(key, now: now)
        entries[key]!.bound += 1
    }

    /// A data source bound to `key` was unbound (or released) at `now`.
    ///
    /// A released data source is unbound when the store prunes it, as of its release: `now` may
    /// be before another key's unbind, or this key's (another data source unbound it since). So
    /// the key counts as unbound from its latest unbind, whichever came last to the machine.
    mutating func unbind(_ key: Key, now: Duration) {
        guard let entry = entry(key), entry.bound > 0 else { return }
        entries[key]!.bound -= 1
        // Harmless while still bound: only an unbound key's time is read.
        let unboundAt = max(entry.unboundAt, now)
        entries[key]!.unboundAt = unboundAt
        if entry.bound == 1 { earliestUnbound = min(earliestUnbound ?? unboundAt, unboundAt) }
    }

    /// Forgets `key` (removed by the app); `false` if it is bound or in flight and so stays.
    mutating func remove(_ key: Key) -> Bool {
        guard let entry = entry(key) else { return true }
        guard isEvictable(entry) else { return false }
        forget(key)
        return true
    }

    /// Forgets `key`, which the machine knows.
    private mutating func forget(_ key: Key) {
        entries[key] = nil
    }

    /// The keys to evict at `now`, removed: those unbound for `retention` or more, then the least
    /// recently used beyond `limit`. Never a key that is bound or has a fetch in flight.
    mutating func evict(now: Duration, retention: Duration, limit: Int) -> [Key] {
        var evicted: [Key] = []
        if let earliestUnbound, now - earliestUnbound >= retention {
            evicted = keys.filter { isEvictable(entries[$0]!) && now - entries[$0]!.unboundAt >= retention }
            for key in evicted { forget(key) }
            // Keys with a fetch in flight count too: they expire as soon as it ends.
            self.earliestUnbound = entries.values.lazy.filter { $0.bound == 0 }.map(\.unboundAt).min()
        }
        if count > limit {
            let byAge = keys.filter { isEvictable(entries[$0]!) }.sorted { entries[$0]!.lastUse < entries[$1]!.lastUse }
            for key in byAge.prefix(count - limit) {
                forget(key)
                evicted.append(key)
            }
        }
        return evicted
    }

    /// A read of `key` at `now`: evicts it alone if it has been unbound for `retention`, else
    /// marks it used if it holds a value. Only this key is checked, so a read costs the same in a
    /// store of any size.
    /// `now` is `nil` only for a key a data source is bound to, which never expires.
    mutating func read(_ key: Key, now: Duration?, retention: Duration) -> Read {
        guard let entry = entry(key) else { return .noValue }
        assert(now != nil || !isEvictable(entry), "a read without the time is of a bound key")
        if isEvictable(entry), let now, now - entry.unboundAt >= retention {
            forget(key)
            return .expired
        }
        guard entry.hasValue else { return .noValue }
        uses &+= 1
        entries[key]!.lastUse = uses
        return .value
    }

    private func isEvictable(_ entry: Entry) -> Bool {
        entry.bound == 0 && entry.fetch == nil
    }
}
