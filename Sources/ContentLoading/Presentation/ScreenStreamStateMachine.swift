/// The pure logic behind ``ScreenStreamStorage``: one newest-value buffer per consumer of a
/// wrapper's screens.
///
/// Each consumer has at most one screen it has not taken yet, the newest: a newer screen
/// replaces it, so a slow consumer skips screens but never receives an older one after a newer
/// one. The machine never resumes a continuation; it hands back the ones to resume, which the
/// storage does after releasing its lock.
struct ScreenStreamStateMachine: Sendable {
    /// Checked, as every wait in the library (see ``ScreenStreamStorage/next(_:isolation:)``).
    typealias Continuation = CheckedContinuation<Screen?, Never>

    /// The continuations to resume with a screen, without allocating for the usual one.
    struct Resumptions: Sendable {
        /// The first continuation to resume, if any.
        var first: Continuation?
        /// The others, if more than one consumer waited.
        var rest: [Continuation] = []

        mutating func append(_ continuation: Continuation) {
            if first == nil { first = continuation } else { rest.append(continuation) }
        }
    }

    /// What a consumer's `next()` does.
    enum NextAction: Sendable {
        /// Returns this screen at once.
        case screen(Screen)
        /// Returns `nil`: the stream ended for this consumer.
        case end
        /// Waits for the next screen.
        case wait
    }

    private struct Consumer: Sendable {
        let id: UInt64
        /// The number of the newest screen the consumer has taken (see ``drawn``).
        var taken: UInt64
        /// The consumer's `next()`, waiting for a screen.
        var waiting: Continuation?
        /// Whether the consumer's task was cancelled: its stream ended.
        var isCancelled = false
    }

    /// The screen drawn now: where a new consumer starts, and what a consumer that has not
    /// taken it yet takes next. One copy, shared: a draw copies no screen per consumer.
    private var latest: Screen
    /// The number of ``latest``: it counts the screens sent (wrapping).
    private var drawn: UInt64 = 1
    private var consumers: [Consumer] = []
    /// How many consumers wait: a draw with none waiting touches no consumer.
    private var waitingCount = 0
    private var lastID: UInt64 = 0
    /// Whether the wrapper is gone: nothing more will be drawn.
    private var isFinished = false

    init(latest: Screen) {
        self.latest = latest
    }

    /// How many consumers are registered: their iterators exist, and their streams have not ended.
    var consumerCount: Int { consumers.count }

    /// How many consumers wait in `next()` for a screen.
    var waitingConsumerCount: Int { waitingCount }

    /// A new consumer, which starts with the screen drawn now; returns its identity. After the
    /// wrapper is gone, the consumer's stream is already over.
    mutating func subscribe() -> UInt64 {
        lastID &+= 1
        if !isFinished { consumers.append(Consumer(id: lastID, taken: drawn &- 1)) }
        return lastID
    }

    /// Forgets consumer `id`, whose iterator is gone (so it is not waiting).
    mutating func unsubscribe(_ id: UInt64) {
        guard let index = consumers.firstIndex(where: { $0.id == id }) else { return }
        if consumers[index].waiting != nil { waitingCount -= 1 }
        consumers.remove(at: index)
    }

    /// What consumer `id`'s `next()` does now.
    mutating func next(_ id: UInt64) -> NextAction {
        guard let index = consumers.firstIndex(where: { $0.id == id }) else { return .end }
        if consumers[index].isCancelled { return .end }
        if consumers[index].taken != drawn {
            consumers[index].taken = drawn
            return .screen(latest)
        }
        if isFinished {
            consumers.remove(at: index)
            return .end
        }
        // Misuse: a second `next()` while one waits (two tasks sharing one iterator) ends at once.
        return consumers[index].waiting == nil ? .wait : .end
    }

    /// Consumer `id` waits with `continuation`; returns the continuation and what to resume it
    /// with if it must not wait after all (a screen came, or the stream ended, in between).
    mutating func wait(_ id: UInt64, _ continuation: Continuation) -> (Continuation, Screen?)? {
        switch next(id) {
        case .screen(let screen): return (continuation, screen)
        case .end: return (continuation, nil)
        case .wait:
            let index = consumers.firstIndex { $0.id == id }!
            consumers[index].waiting = continuation
            waitingCount += 1
            return nil
        }
    }

    /// The wrapper drew `screen`: the consumers waiting get it; the others take it next, unless
    /// a newer one replaces it first. `screen` is swapped with the previous latest, which the
    /// caller releases after its lock (releasing a placeholder may run its action's deinit).
    mutating func send(_ screen: inout Screen) -> Resumptions {
        swap(&latest, &screen)
        drawn &+= 1
        var resumptions = Resumptions()
        guard waitingCount > 0 else { return resumptions }
        for index in consumers.indices {
            guard let waiting = consumers[index].waiting else { continue }
            consumers[index].waiting = nil
            consumers[index].taken = drawn
            resumptions.append(waiting)
        }
        waitingCount = 0
        return resumptions
    }

    /// Consumer `id`'s task was cancelled: its stream ends; returns its waiting `next()`, if any.
    mutating func cancel(_ id: UInt64) -> Continuation? {
        guard let index = consumers.firstIndex(where: { $0.id == id }) else { return nil }
        consumers[index].isCancelled = true
        guard let waiting = consumers[index].waiting else { return nil }
        consumers[index].waiting = nil
        waitingCount -= 1
        return waiting
    }

    /// The wrapper is gone: every stream ends once its consumer has taken the screen it holds.
    /// Returns the waiting consumers, to resume with `nil`.
    mutating func finish() -> Resumptions {
        isFinished = true
        var resumptions = Resumptions()
        for consumer in consumers {
            if let waiting = consumer.waiting { resumptions.append(waiting) }
        }
        waitingCount = 0
        let drawn = self.drawn
        consumers.removeAll { $0.taken == drawn || $0.isCancelled }
        return resumptions
    }
}
