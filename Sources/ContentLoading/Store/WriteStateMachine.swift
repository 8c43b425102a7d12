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
struct WriteStateMachine<Key: Hashable & Sendable>: Sendable {
    /// A pending write.
    struct Pending: Sendable, Equatable {
        /// The write's identity.
        let id: UInt64
        /// Whether its request waits until every earlier pending write on the key has settled.
        let isSerial: Bool
        /// Whether its change still applies over a newer write's commit (it adds to the value).
        var replays = false
        /// Whether its request has started.
        var isRunning = false
        /// Whether its layer applies: until a newer write commits, unless it ``replays``.
        var isApplied = true
    }

    /// What one key's writes are.
    struct KeyWrites: Sendable {
        /// The pending writes, in the order the user made them.
        var pending: [Pending] = []
        /// The newest write whose success committed; 0 when none.
        var newestCommitted: UInt64 = 0
        /// Whether a request was sent since the key last had no pending write (a write waiting
        /// for the network, or cancelled before its task ran, sent none).
        var requested = false

        /// Puts write `id` on top; returns whether its request starts now (a serial write waits
        /// for every earlier pending write to settle).
        mutating func append(_ id: UInt64, isSerial: Bool, replays: Bool) -> Bool {
            let startsNow = !isSerial || pending.isEmpty
            pending.append(Pending(id: id, isSerial: isSerial, replays: replays, isRunning: startsNow))
            return startsNow
        }

        /// Write `id` committed: the layers of the older pending writes that set the value stop
        /// applying; returns their identities.
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
    struct Settlement: Sendable, Equatable {
        /// Whether its answer (or its change) becomes the key's committed value.
        var commits = false
        /// Whether it was the key's last pending write.
        var isLast = false
        /// Whether the key revalidates now: the last pending write settled after a request.
        var revalidates = false
        /// The writes whose requests start now, in order.
        var starts: [UInt64] = []
        /// The pending writes whose layers stop applying now: older writes that set the value,
        /// under the commit of a newer one.
        var stopsLayers: [UInt64] = []
    }

    /// Each key's writes; none for a key with no pending write.
    private var keys: [Key: KeyWrites] = [:]
    private var lastID: UInt64 = 0

    /// `key`'s writes, if it has pending writes.
    private func writes(_ key: Key) -> KeyWrites? { keys[key] }

    /// Whether `key` has pending writes.
    func hasPendingWrites(_ key: Key) -> Bool { writes(key) != nil }

    /// The pending writes of `key`, in the order the user made them.
    func pending(_ key: Key) -> [Pending] { writes(key)?.pending ?? [] }

    /// How many writes are pending, over every key.
    var pendingCount: Int { keys.values.reduce(0) { $0 + $1.pending.count } }

    /// A write on `key` is applied: it goes on top of the key's pending writes. Returns its
    /// identity and whether its request starts now (a serial write waits for every earlier
    /// pending write to settle). A write that `replays` keeps its layer over a newer commit.
    mutating func apply(_ key: Key, isSerial: Bool, replays: Bool = false) -> (id: UInt64, startsNow: Bool) {
        lastID &+= 1
        let id = lastID
        // In place: no copy of the key's pending writes.
        return (id, keys[key, default: KeyWrites()].append(id, isSerial: isSerial, replays: replays))
    }

    /// Write `id` of `key` sends its request now: once the key's last write settles, it revalidates.
    mutating func requestSent(_ id: UInt64, of key: Key) {
        guard isPending(id, of: key) else { return }
        keys[key]!.requested = true
    }

    /// Where write `id` is among the pending writes of `key` (0: the first made), if it is pending.
    /// Looked for from the newest down: settling the newest write costs the same however many
    /// are pending (Writes.ContentLoading.Settle.Ratio).
    func position(of id: UInt64, of key: Key) -> Int? {
        writes(key)?.pending.lastIndex { $0.id == id }
    }

    /// Whether write `id` of `key` is pending.
    func isPending(_ id: UInt64, of key: Key) -> Bool {
        position(of: id, of: key) != nil
    }

    /// Write `id` of `key` succeeded: it commits unless a newer write on the key committed
    /// since, and then the older pending writes that set the value stop applying their layers.
    /// `nil` when it is no longer pending (cancelled).
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
    mutating func remove(_ id: UInt64, of key: Key) -> Settlement? {
        guard let position = position(of: id, of: key) else { return nil }
        return take(at: position, of: key)
    }

    /// Removes the pending write at `position` of `key` (in place), and says what starts and
    /// whether the key revalidates.
    private mutating func take(at position: Int, of key: Key) -> Settlement {
        let settlement = keys[key]!.take(at: position)
        // The key's record goes with its last write; the newest commit with it, since no
        // response of an older write can come any more (each is settled).
        if settlement.isLast { keys[key] = nil }
        return settlement
    }
}
