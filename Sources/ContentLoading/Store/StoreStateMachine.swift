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
///
/// Inlinable, as the store's paths that use it: specialized in the app's module for its key.
@usableFromInline
struct StoreStateMachine<Key: Hashable & Sendable>: Sendable {
    /// A fetch in flight for a key.
    @usableFromInline
    struct Fetch: Sendable, Equatable {
        /// The fetch's identity in the store.
        @usableFromInline let id: UInt64
        /// The key's generation when it began.
        @usableFromInline let startGeneration: UInt64
        /// How many callers wait for it.
        @usableFromInline var waiters: Int

        @inlinable
        init(id: UInt64, startGeneration: UInt64, waiters: Int) {
            self.id = id
            self.startGeneration = startGeneration
            self.waiters = waiters
        }
    }

    /// What the store knows of one key besides its value, its fetch in flight and its last
    /// signal (kept apart: most keys have neither, and a store keeps an entry per key;
    /// Memory.ContentLoading.Store.ThousandKeys).
    @usableFromInline
    struct Entry: Sendable {
        /// When the machine first knew the key, in the order of the keys it knows.
        @usableFromInline let made: UInt64
        /// Moves on each write, invalidation and landed fetch.
        @usableFromInline var generation: UInt64
        /// The store's use count at the key's last use, for least recently used eviction.
        @usableFromInline var lastUse: UInt64
        /// How many data sources are bound to the key.
        @usableFromInline var bound = 0
        /// When the last data source was unbound (or the key was made, unbound): the latest unbind,
        /// a released data source's as of its release.
        @usableFromInline var unboundAt: Duration
        /// When the value was stored, on the store's clock; `nil` when unknown (found in the persistence).
        @usableFromInline var storedAt: Duration?
        /// Whether the persistence holds a value for the key.
        @usableFromInline var hasValue = false
        /// Whether the key was invalidated since its value was stored.
        @usableFromInline var isInvalidated = false

        @inlinable
        init(made: UInt64, generation: UInt64, unboundAt: Duration, lastUse: UInt64) {
            self.made = made
            self.generation = generation
            self.lastUse = lastUse
            self.unboundAt = unboundAt
        }
    }

    /// What a waiter who asks for a key's value gets.
    @usableFromInline
    enum Request: Sendable, Equatable {
        /// Joins the current fetch `id`.
        case join(UInt64)
        /// Starts fetch `id`; `superseding` is an older fetch of the key, no longer current, to cancel.
        case start(UInt64, superseding: UInt64?)
    }

    /// What a fetch's result does.
    @usableFromInline
    enum Landing: Sendable, Equatable {
        /// It is current: store it; every waiter hears it.
        case lands
        /// It is not: drop it; its waiters already heard (or now hear) `superseded`.
        case dropped
    }

    /// What a read of a key finds.
    @usableFromInline
    enum Read: Sendable, Equatable {
        /// It was unbound for the retention or longer: evicted now.
        case expired
        /// The store knows it holds a value: marked used.
        case value
        /// The store knows no value for it (or does not know it).
        case noValue
    }

    /// What a waiter leaving does.
    @usableFromInline
    enum Departure: Sendable, Equatable {
        /// Others still wait: the fetch goes on.
        case fetchContinues
        /// It was the last waiter: cancel fetch `id`.
        case cancelsFetch(UInt64)
        /// The fetch had already ended or been superseded.
        case fetchGone
    }

    /// Each key's entry.
    @usableFromInline var entries: [Key: Entry] = [:]
    /// The fetch in flight of each key that has one.
    @usableFromInline var fetches: [Key: Fetch] = [:]
    /// When an app's signal last had each key revalidated; none for a key never revalidated so.
    @usableFromInline var signalledAt: [Key: Duration] = [:]
    /// How many keys the machine knows.
    @inlinable var count: Int { entries.count }
    /// How many keys the machine has made an entry for: the next entry's ``Entry/made``.
    @usableFromInline var made: UInt64 = 0
    /// The store's newest generation and fetch identity.
    @usableFromInline var lastGeneration: UInt64 = 0
    @usableFromInline var lastFetchID: UInt64 = 0
    /// Counts uses, for least recently used eviction.
    @usableFromInline var uses: UInt64 = 0
    /// No key nobody is bound to was unbound before this (`nil`: every key is bound), so no key
    /// can expire before it plus the retention: until then a sweep looks at no entry, and a
    /// write or a landed fetch costs the same in a store of any size.
    @usableFromInline var earliestUnbound: Duration?

    @inlinable
    init() {}

    // MARK: - Reading

    /// Whether `key`'s stored value is stale under `staleness` at `now`; a key with no value is.
    @inlinable
    func isStale(_ key: Key, now: Duration, staleness: StoreStaleness) -> Bool {
        guard let entry = entries[key], entry.hasValue else { return true }
        if entry.isInvalidated { return true }
        return staleness.isStale(age: entry.storedAt.map { now - $0 })
    }

    /// Whether the machine knows `key` (with or without a value).
    @inlinable
    func knows(_ key: Key) -> Bool { entries[key] != nil }

    /// Whether the store knows `key` holds a value.
    @inlinable
    func hasValue(_ key: Key) -> Bool { entries[key]?.hasValue ?? false }

    /// Whether `key` holds a value that was not invalidated since it was stored.
    @inlinable
    func holdsWrittenValue(_ key: Key) -> Bool {
        guard let entry = entries[key] else { return false }
        return entry.hasValue && !entry.isInvalidated
    }

    /// `key`'s generation: it moves on each write, invalidation and landed fetch.
    @inlinable
    func generation(of key: Key) -> UInt64? { entries[key]?.generation }

    /// The fetch in flight for `key`, current or not.
    @inlinable
    func fetch(of key: Key) -> Fetch? { fetches[key] }

    /// How many data sources are bound to `key`.
    @inlinable
    func boundCount(_ key: Key) -> Int { entries[key]?.bound ?? 0 }

    /// The keys the machine knows, in the order it first knew them.
    @usableFromInline
    var keys: [Key] { entries.sorted { $0.value.made < $1.value.made }.map(\.key) }

    /// Marks `key` used now, making its entry if needed.
    @inlinable
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
    @inlinable
    mutating func found(_ key: Key, now: Duration, age: Duration? = nil) {
        touch(key, now: now)
        entries[key]!.hasValue = true
        entries[key]!.storedAt = age.flatMap { $0 >= .zero ? now - $0 : nil }
    }

    // MARK: - Fetching

    /// A waiter asks for `key`'s value: it joins the current fetch or starts a new one.
    @inlinable
    mutating func request(_ key: Key, now: Duration) -> Request {
        touch(key, now: now)
        let generation = entries[key]!.generation
        let current = fetches[key]
        if var fetch = current, fetch.startGeneration == generation {
            fetch.waiters += 1
            fetches[key] = fetch
            return .join(fetch.id)
        }
        lastFetchID &+= 1
        fetches[key] = Fetch(id: lastFetchID, startGeneration: generation, waiters: 1)
        return .start(lastFetchID, superseding: current?.id)
    }

    /// Fetch `id` of `key` returned a value at `now`: it lands only if it is still current.
    @inlinable
    mutating func land(_ key: Key, fetch id: UInt64, now: Duration) -> Landing {
        guard let entry = entries[key], let fetch = fetches[key], fetch.id == id else { return .dropped }
        fetches[key] = nil
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
    @inlinable
    mutating func fail(_ key: Key, fetch id: UInt64) -> Bool {
        guard let fetch = fetches[key], fetch.id == id else { return false }
        fetches[key] = nil
        return fetch.startGeneration == entries[key]?.generation
    }

    /// A waiter of fetch `id` of `key` left.
    @inlinable
    mutating func leave(_ key: Key, fetch id: UInt64) -> Departure {
        guard var fetch = fetches[key], fetch.id == id else { return .fetchGone }
        fetch.waiters -= 1
        guard fetch.waiters == 0 else {
            fetches[key] = fetch
            return .fetchContinues
        }
        fetches[key] = nil
        return .cancelsFetch(id)
    }

    // MARK: - Writing and invalidating

    /// The app wrote `key`'s value at `now`; returns the fetch in flight it supersedes.
    @inlinable
    mutating func write(_ key: Key, now: Duration) -> UInt64? {
        touch(key, now: now)
        lastGeneration &+= 1
        entries[key]!.generation = lastGeneration
        entries[key]!.hasValue = true
        entries[key]!.storedAt = now
        entries[key]!.isInvalidated = false
        return fetches.removeValue(forKey: key)?.id
    }

    /// The app invalidated `key`: its value is stale; returns the fetch in flight it supersedes.
    /// A key the store does not know is left unknown.
    @inlinable
    mutating func invalidate(_ key: Key) -> UInt64? {
        guard entries[key] != nil else { return nil }
        lastGeneration &+= 1
        entries[key]!.generation = lastGeneration
        entries[key]!.isInvalidated = true
        return fetches.removeValue(forKey: key)?.id
    }

    /// `key`'s value is gone although it may be bound (an item whose create failed): it has none
    /// now; returns the fetch in flight it supersedes. A key the store does not know is left unknown.
    mutating func dropValue(_ key: Key, now: Duration) -> UInt64? {
        guard entries[key] != nil else { return nil }
        // As a write: the generation moves and the fetch in flight is superseded; but no value.
        let superseded = write(key, now: now)
        entries[key]!.hasValue = false
        entries[key]!.storedAt = nil
        return superseded
    }

    // MARK: - The app's signals

    /// The keys an app's signal at `now` revalidates, marked revalidated: bound, stale by
    /// `staleness`, with no fetch in flight, and not revalidated by a signal within `throttle`.
    @usableFromInline
    mutating func keysToRevalidate(
        now: Duration, throttle: Duration, staleness: (Key) -> StoreStaleness
    ) -> [Key] {
        let keys = self.keys.filter { key in
            guard entries[key]!.bound > 0, fetches[key] == nil, isStale(key, now: now, staleness: staleness(key))
            else { return false }
            return signalledAt[key].map { now - $0 >= throttle } ?? true
        }
        for key in keys { signalledAt[key] = now }
        return keys
    }

    // MARK: - Binding and eviction

    /// A data source was bound to `key`.
    @inlinable
    mutating func bind(_ key: Key, now: Duration) {
        touch(key, now: now)
        entries[key]!.bound += 1
    }

    /// A data source bound to `key` was unbound (or released) at `now`.
    ///
    /// A released data source is unbound when the store prunes it, as of its release: `now` may
    /// be before another key's unbind, or this key's (another data source unbound it since). So
    /// the key counts as unbound from its latest unbind, whichever came last to the machine.
    @inlinable
    mutating func unbind(_ key: Key, now: Duration) {
        guard let entry = entries[key], entry.bound > 0 else { return }
        entries[key]!.bound -= 1
        // Harmless while still bound: only an unbound key's time is read.
        let unboundAt = max(entry.unboundAt, now)
        entries[key]!.unboundAt = unboundAt
        if entry.bound == 1 { earliestUnbound = min(earliestUnbound ?? unboundAt, unboundAt) }
    }

    /// Forgets `key` (removed by the app); `false` if it is bound or in flight and so stays.
    @usableFromInline
    mutating func remove(_ key: Key) -> Bool {
        guard let entry = entries[key] else { return true }
        guard isEvictable(key, entry) else { return false }
        forget(key)
        return true
    }

    /// Forgets `key`, which the machine knows (and which has no fetch in flight).
    @inlinable
    mutating func forget(_ key: Key) {
        entries[key] = nil
        signalledAt[key] = nil
    }

    /// The keys to evict at `now`, removed: those unbound for `retention` or more, then the least
    /// recently used beyond `limit`. Never a key that is bound or has a fetch in flight.
    @usableFromInline
    mutating func evict(now: Duration, retention: Duration, limit: Int) -> [Key] {
        var evicted: [Key] = []
        if let earliestUnbound, now - earliestUnbound >= retention {
            evicted = keys.filter { isEvictable($0, entries[$0]!) && now - entries[$0]!.unboundAt >= retention }
            for key in evicted { forget(key) }
            // Keys with a fetch in flight count too: they expire as soon as it ends.
            self.earliestUnbound = entries.values.lazy.filter { $0.bound == 0 }.map(\.unboundAt).min()
        }
        if count > limit {
            let byAge = keys.filter { isEvictable($0, entries[$0]!) }.sorted {
                entries[$0]!.lastUse < entries[$1]!.lastUse
            }
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
    @inlinable
    mutating func read(_ key: Key, now: Duration?, retention: Duration) -> Read {
        guard let entry = entries[key] else { return .noValue }
        assert(now != nil || !isEvictable(key, entry), "a read without the time is of a bound key")
        if let now, now - entry.unboundAt >= retention, isEvictable(key, entry) {
            forget(key)
            return .expired
        }
        guard entry.hasValue else { return .noValue }
        uses &+= 1
        entries[key]!.lastUse = uses
        return .value
    }

    /// Whether `key`, whose entry is `entry`, may be evicted: nothing is bound to it or fetches it.
    @inlinable
    func isEvictable(_ key: Key, _ entry: Entry) -> Bool {
        entry.bound == 0 && fetches[key] == nil
    }
}
