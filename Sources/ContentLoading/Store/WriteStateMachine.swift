/// The pure decision logic behind a ``ContentStore``'s optimistic writes: per key, which writes
/// are pending and in what order, when each one's request starts, whose success commits, and
/// when the key revalidates.
///
/// It holds no values, changes or requests and calls no app code: the store's write lane asks
/// it, then acts on the answer (starts requests, commits, removes a layer, revalidates) after
/// the change here is done.
///
/// Every write has an identity, taken from one counter for the whole store, so a newer write has
/// a larger identity. A key's pending writes are kept in the order the user made them, which is
/// the order their layers apply in.
///
/// | event                                   | the write's layer | commits                      | starts                          |
/// |-----------------------------------------|-------------------|------------------------------|---------------------------------|
/// | a write is applied                      | added on top      | —                            | now, unless serial behind another pending write |
/// | a write succeeds, no newer one committed| removed; so are the layers of the older pending writes that set the value (``WriteChangeKind/sets``) | its answer (or its change) | the serial writes now first |
/// | a write succeeds, a newer one committed | removed           | nothing: the newer one stands| the serial writes now first     |
/// | a write fails                           | removed           | nothing                      | the serial writes now first     |
/// | a write is cancelled                    | removed           | nothing                      | the serial writes now first     |
///
/// A write whose layer a newer write's commit removed stays pending until it settles (superseded,
/// failed or cancelled): only its change no longer applies, since the commit is the server's
/// value after the newer write, which the user made later. A change that adds
/// (``WriteChangeKind/adds``) still applies.
///
/// When the last pending write of a key settles, and one of the writes that settled since the key
/// last had none sent its request, the key revalidates once: never after each write.
///
/// Keys are the store's own keys.
@usableFromInline
struct WriteStateMachine<Key: Hashable & Sendable>: Sendable {
    /// A pending write.
    @usableFromInline
    struct Pending: Sendable, Equatable {
        /// The write's identity.
        @usableFromInline let id: UInt64
        /// Whether its request waits until every earlier pending write on the key has settled.
        @usableFromInline let isSerial: Bool
        /// Whether its change still applies over a newer write's commit (it adds to the value).
        @usableFromInline var replays = false
        /// Whether its request has started.
        @usableFromInline var isRunning = false
        /// Whether its layer applies: until a newer write commits, unless it ``replays``.
        @usableFromInline var isApplied = true

        @inlinable
        init(id: UInt64, isSerial: Bool, replays: Bool = false, isRunning: Bool = false) {
            self.id = id
            self.isSerial = isSerial
            self.replays = replays
            self.isRunning = isRunning
        }
    }

    /// What one key's writes are.
    @usableFromInline
    struct KeyWrites: Sendable {
        /// The pending writes, in the order the user made them.
        @usableFromInline var pending: [Pending] = []
        /// The newest write whose success committed; 0 when none.
        @usableFromInline var newestCommitted: UInt64 = 0
        /// Whether a request was sent since the key last had no pending write (a write waiting
        /// for the network, or cancelled before its task ran, sent none).
        @usableFromInline var requested = false

        @inlinable
        init() {}

        /// Puts write `id` on top; returns whether its request starts now (a serial write waits
        /// for every earlier pending write to settle).
        @inlinable
        mutating func append(_ id: UInt64, isSerial: Bool, replays: Bool) -> Bool {
            let startsNow = !isSerial || pending.isEmpty
            pending.append(Pending(id: id, isSerial: isSerial, replays: replays, isRunning: startsNow))
            return startsNow
        }

        /// Write `id` committed: the layers of the older pending writes that set the value stop
        /// applying; returns their identities.
        @inlinable
        mutating func stopLayers(olderThan id: UInt64) -> [UInt64] {
            var stopped: [UInt64] = []
            for position in pending.indices
            where pending[position].id < id && pending[position].isApplied && !pending[position].replays {
                pending[position].isApplied = false
                stopped.append(pending[position].id)
            }
            return stopped
        }

        /// Removes the pending write at `position`, and says what starts and whether the key
        /// revalidates. When it was the last, the caller removes the key's record.
        @inlinable
        mutating func take(at position: Int) -> Settlement {
            pending.remove(at: position)
            var settlement = Settlement()
            guard !pending.isEmpty else {
                settlement.isLast = true
                settlement.revalidates = requested
                return settlement
            }
            // A serial write starts once every write before it has settled: only the first
            // pending write can be one that waits.
            if !pending[0].isRunning {
                pending[0].isRunning = true
                settlement.starts.append(pending[0].id)
            }
            return settlement
        }
    }

    /// What a write that settles does.
    @usableFromInline
    struct Settlement: Sendable, Equatable {
        /// Whether its answer (or its change) becomes the key's committed value.
        @usableFromInline var commits = false
        /// Whether it was the key's last pending write.
        @usableFromInline var isLast = false
        /// Whether the key revalidates now: the last pending write settled after a request.
        @usableFromInline var revalidates = false
        /// The writes whose requests start now, in order.
        @usableFromInline var starts: [UInt64] = []
        /// The pending writes whose layers stop applying now: older writes that set the value,
        /// under the commit of a newer one.
        @usableFromInline var stopsLayers: [UInt64] = []

        @inlinable
        init(
            commits: Bool = false, isLast: Bool = false, revalidates: Bool = false, starts: [UInt64] = [],
            stopsLayers: [UInt64] = []
        ) {
            self.commits = commits
            self.isLast = isLast
            self.revalidates = revalidates
            self.starts = starts
            self.stopsLayers = stopsLayers
        }
    }

    /// Each key's writes; none for a key with no pending write.
    @usableFromInline var keys: [Key: KeyWrites] = [:]
    @usableFromInline var lastID: UInt64 = 0

    @inlinable
    init() {}

    /// `key`'s writes, if it has pending writes.
    @inlinable
    func writes(_ key: Key) -> KeyWrites? { keys[key] }

    /// Whether `key` has pending writes.
    @inlinable
    func hasPendingWrites(_ key: Key) -> Bool { writes(key) != nil }

    /// The pending writes of `key`, in the order the user made them.
    @inlinable
    func pending(_ key: Key) -> [Pending] { writes(key)?.pending ?? [] }

    /// How many writes are pending, over every key.
    @inlinable
    var pendingCount: Int { keys.values.reduce(0) { $0 + $1.pending.count } }

    /// A write on `key` is applied: it goes on top of the key's pending writes. Returns its
    /// identity and whether its request starts now (a serial write waits for every earlier
    /// pending write to settle). A write that `replays` keeps its layer over a newer commit.
    @inlinable
    mutating func apply(_ key: Key, isSerial: Bool, replays: Bool = false) -> (id: UInt64, startsNow: Bool) {
        lastID &+= 1
        let id = lastID
        // In place: no copy of the key's pending writes.
        return (id, keys[key, default: KeyWrites()].append(id, isSerial: isSerial, replays: replays))
    }

    /// Write `id` of `key` sends its request now: once the key's last write settles, it revalidates.
    @inlinable
    mutating func requestSent(_ id: UInt64, of key: Key) {
        guard isPending(id, of: key) else { return }
        keys[key]!.requested = true
    }

    /// Where write `id` is among the pending writes of `key` (0: the first made), if it is pending.
    /// Looked for from the newest down: settling the newest write costs the same however many
    /// are pending (Writes.ContentLoading.Settle.Ratio).
    @inlinable
    func position(of id: UInt64, of key: Key) -> Int? {
        writes(key)?.pending.lastIndex { $0.id == id }
    }

    /// Whether write `id` of `key` is pending.
    @inlinable
    func isPending(_ id: UInt64, of key: Key) -> Bool {
        position(of: id, of: key) != nil
    }

    /// Write `id` of `key` succeeded: it commits unless a newer write on the key committed
    /// since, and then the older pending writes that set the value stop applying their layers.
    /// `nil` when it is no longer pending (cancelled).
    @inlinable
    mutating func succeed(_ id: UInt64, of key: Key) -> Settlement? {
        guard let position = position(of: id, of: key) else { return nil }
        let commits = id > keys[key]!.newestCommitted
        var stopped: [UInt64] = []
        if commits {
            keys[key]!.newestCommitted = id
            stopped = keys[key]!.stopLayers(olderThan: id)
        }
        var settlement = take(at: position, of: key)
        settlement.commits = commits
        settlement.stopsLayers = stopped
        return settlement
    }

    /// Write `id` of `key` failed, or was cancelled: only its layer goes. `nil` when it is no
    /// longer pending.
    @inlinable
    mutating func remove(_ id: UInt64, of key: Key) -> Settlement? {
        guard let position = position(of: id, of: key) else { return nil }
        return take(at: position, of: key)
    }

    /// Removes the pending write at `position` of `key` (in place), and says what starts and
    /// whether the key revalidates.
    @inlinable
    mutating func take(at position: Int, of key: Key) -> Settlement {
        let settlement = keys[key]!.take(at: position)
        // The key's record goes with its last write; the newest commit with it, since no
        // response of an older write can come any more (each is settled).
        if settlement.isLast { keys[key] = nil }
        return settlement
    }
}
