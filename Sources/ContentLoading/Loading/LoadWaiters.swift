/// The callers awaiting loads, by the load they await: the bookkeeping behind
/// ``DataSource/reload(ownedBy:)`` (with ``LoadOutcome``s) and
/// ``PagedDataSource/loadMore(ownedBy:)`` (with ``PageOutcome``s), with no knowledge of tasks
/// or actors.
///
/// The coordinator (or the paged data source) tells it how each load ended and resumes the
/// continuations it hands back. While a caller is beginning a load it records every outcome, so
/// a load begun and ended in one synchronous `loadContent()` (or `loadMore()`) is still
/// answered; a container's reload records until its waiter is in, since it waits in a task of
/// its own.
struct LoadWaiters<Outcome: Sendable>: Sendable {
    typealias Continuation = CheckedContinuation<Outcome, Never>

    private struct Waiter {
        let id: UInt64
        let generation: UInt64
        let continuation: Continuation
    }

    private var waiting: [Waiter] = []
    private var lastID: UInt64 = 0
    /// How many callers are beginning a load now (nested: a `loadContent()` may await another).
    private var recordingDepth = 0
    private var recorded: [(generation: UInt64, outcome: Outcome)] = []

    /// Whether nobody waits and nobody is recording: resolving a load then does nothing.
    var isIdle: Bool { waiting.isEmpty && recordingDepth == 0 }

    /// A new waiter's identity, to find it again when its caller is cancelled.
    mutating func makeID() -> UInt64 {
        lastID &+= 1
        return lastID
    }

    /// Starts recording outcomes, while a caller begins a load.
    mutating func startRecording() {
        recordingDepth += 1
    }

    /// The recorded outcome of `generation`, if it ended while recording.
    func recordedOutcome(of generation: UInt64) -> Outcome? {
        recorded.last { $0.generation == generation }?.outcome
    }

    /// Stops recording (one level of it).
    mutating func stopRecording() {
        recordingDepth -= 1
        if recordingDepth == 0 { recorded.removeAll() }
    }

    /// Waits for load `generation` under `id`.
    mutating func add(_ continuation: Continuation, id: UInt64, generation: UInt64) {
        waiting.append(Waiter(id: id, generation: generation, continuation: continuation))
    }

    /// Load `generation` ended with `outcome`: the continuations to resume with it.
    mutating func resolve(_ generation: UInt64, _ outcome: Outcome) -> [Continuation] {
        if recordingDepth > 0 { recorded.append((generation, outcome)) }
        guard waiting.contains(where: { $0.generation == generation }) else { return [] }
        let resolved = waiting.filter { $0.generation == generation }.map(\.continuation)
        waiting.removeAll { $0.generation == generation }
        return resolved
    }

    /// The waiter `id`, removed, if it still waits.
    mutating func take(id: UInt64) -> Continuation? {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
        return waiting.remove(at: index).continuation
    }

    /// Whether waiter `id` still waits.
    func isWaiting(_ id: UInt64) -> Bool { waiting.contains { $0.id == id } }

    /// How many callers wait.
    var count: Int { waiting.count }

    /// Every waiter, removed.
    mutating func takeAll() -> [Continuation] {
        defer { waiting.removeAll() }
        return waiting.map(\.continuation)
    }
}
