import ContentLoadingTestSupport
import Foundation  // NSLock

@testable import ContentLoading

/// The write requests of the race lane: every call waits until the test answers it, ignoring
/// cancellation (so a cancelled write's response still comes, late, when the test says).
final class WriteRaceRequests: @unchecked Sendable {
    // @unchecked: every mutable property is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var calls: [(write: Int, gate: AsyncGate<String?>, isAnswered: Bool)] = []
    private var returned = 0

    /// The request of write `number`.
    func request(_ number: Int) -> @Sendable () async throws -> String? {
        { [self] in
            let gate = AsyncGate<String?>()
            lock.withLock { calls.append((number, gate, false)) }
            defer { lock.withLock { returned += 1 } }
            return try await gate.wait()
        }
    }

    /// The writes whose requests started, in order.
    var started: [Int] { lock.withLock { calls.map(\.write) } }

    /// The writes whose requests started and are unanswered, in the order they started.
    var unanswered: [Int] { lock.withLock { calls.filter { !$0.isAnswered }.map(\.write) } }

    /// Answers write `number`'s request.
    func answer(_ number: Int, with result: Result<String?, any Error>) {
        let gate = lock.withLock {
            let index = calls.firstIndex { $0.write == number }!
            calls[index].isAnswered = true
            return calls[index].gate
        }
        gate.open(with: result)
    }

    /// Whether every answered request has returned to the store.
    var allAnsweredReturned: Bool { lock.withLock { returned == calls.count { $0.isAnswered } } }

    /// Answers every request not yet answered with a failure.
    func answerAll() {
        for number in unanswered { answer(number, with: .failure(CancellationError())) }
    }
}

/// The real store with optimistic writes, and its data sources, driven as screens and an app
/// would drive them; after every step it waits, bounded, until the main actor is done with it.
@MainActor
final class WriteLiveSystem {
    let clock = ManualClock()
    let fetcher = StoreRaceFetcher()
    let requests = WriteRaceRequests()
    let persistence = RecordingPersistence()
    /// The store, until a step releases it (``WriteStep/releaseStore``).
    private(set) var liveStore: ContentStore<String, String>?
    /// The store, watched after it was released.
    private(set) weak var watchedStore: ContentStore<String, String>?
    private(set) var dataSources: [StoreDataSource<String, String>] = []
    private(set) var released: [RaceHarness.Watched] = []
    private(set) var writes: [StoreWrite<String>] = []
    private var ids: [ObjectIdentifier: Int] = [:]
    private var made = 0
    private var storeWrites = 0

    init() {
        let fetcher = self.fetcher
        let store = ContentStore<String, String>(
            staleAfter: .never, retention: .seconds(1_000_000), persistence: persistence, clock: clock
        ) { try await fetcher.fetch($0) }
        liveStore = store
        watchedStore = store
    }

    /// Whether `key` has pending writes (none once the store is gone).
    func hasPendingWrites(_ key: String) -> Bool { liveStore?.hasPendingWrites(key) ?? false }

    func id(of dataSource: StoreDataSource<String, String>) -> Int { ids[ObjectIdentifier(dataSource)] ?? 0 }

    func apply(_ step: WriteStep) async -> String? {
        let answer = perform(step)
        await settle()
        return answer ?? describe(writes[pendingAnswer! - 1])
    }

    /// The write whose response the last step gave while it was pending: its outcome is the answer.
    private var pendingAnswer: Int?

    private func describe(_ write: StoreWrite<String>) -> String {
        switch write.outcome {
        case .failed: "failed"
        case let outcome?: "\(outcome)"
        case nil: "pending"
        }
    }

    private func resolve(_ index: Int) -> Int? { dataSources.isEmpty ? nil : index % dataSources.count }

    /// Performs `step`; `nil` when its answer is a write's outcome, known once it settles.
    private func perform(_ step: WriteStep) -> String? {
        pendingAnswer = nil
        guard let store = liveStore else { return afterRelease(step) }
        switch step {
        case .bind(let key):
            made += 1
            let dataSource = StoreDataSource(store: store, key: key)
            ids[ObjectIdentifier(dataSource)] = made
            dataSources.append(dataSource)
            return "bound \(made)"
        case .reload(let index):
            guard let position = resolve(index) else { return "none" }
            dataSources[position].loadContent()
            return "reloaded \(id(of: dataSources[position]))"
        case .write(let key, let change, let concurrent):
            let number = writes.count + 1
            let write = store.perform(
                "w\(number)", on: key, ordering: concurrent ? .concurrent : .serial,
                kind: change == .append ? .adds : .sets,
                change: { value in
                    switch change {
                    case .append: value += "+w\(number)"
                    case .set: value = "s\(number)"
                    }
                }, request: requests.request(number))
            writes.append(write)
            keys[number] = key
            return "applied w\(number)"
        case .misuse(let key, let misuse):
            let number = writes.count + 1
            let write = store.perform(
                "w\(number)", on: key, kind: .adds,
                change: { [unowned self] value in
                    self.misuse(misuse, on: key)
                    value += "+w\(number)"
                }, request: requests.request(number))
            writes.append(write)
            keys[number] = key
            return "applied w\(number)"
        case .releaseStore:
            released += dataSources.map { .init("data source \(id(of: $0)) released with the store", $0) }
            released.append(.init("the released store", store))
            dataSources.removeAll()
            liveStore = nil
            return "released the store"
        case .respond(let which, let response):
            let open = requests.unanswered
            guard let number = which == .oldest ? open.first : open.last else { return "none" }
            let write = writes[number - 1]
            let wasPending = write.isPending
            let key = keys[number] ?? "?"
            let result: Result<String?, any Error> =
                switch response {
                case .answer: .success("\(key)@w\(number)")
                case .nothing: .success(nil)
                case .failure: .failure(RaceError(number))
                case .cancellation: .failure(CancellationError())
                }
            requests.answer(number, with: result)
            guard wasPending else { return "ignored" }
            pendingAnswer = number
            return nil
        case .cancel(let which):
            let open = writes.filter(\.isPending)
            guard let write = which == .oldest ? open.first : open.last else { return "none" }
            write.cancel()
            return "cancelled \(write.description)"
        case .finish(let key, let which, let fails):
            return fetcher.finish(key, newest: which == .newest, fails: fails, in: store)
        case .invalidate(let key):
            store.invalidate(key)
            return "invalidated"
        case .storeWrite(let key):
            storeWrites += 1
            store.write("\(key)=v\(storeWrites)", for: key)
            return "wrote \(key)=v\(storeWrites)"
        case .release(let index):
            guard let position = resolve(index) else { return "none" }
            let dataSource = dataSources.remove(at: position)
            released.append(.init("released data source \(id(of: dataSource))", dataSource))
            return "released \(id(of: dataSource))"
        case .remove(let key):
            return store.removeValue(for: key) ? "removed" : "kept"
        }
    }

    /// What a change's `misuse` tries on the store, from inside the change: all refused.
    private func misuse(_ misuse: WriteStep.Misuse, on key: String) {
        guard let store = liveStore else { return }
        switch misuse {
        case .writesKey:
            store.write("\(key)=misused", for: key)
            store.invalidate(key)
            store.removeValue(for: key)
        case .cancelsOldest:
            writes.first(where: \.isPending)?.cancel()
        case .performs:
            store.perform("inner", on: key, change: { $0 += "+inner" }, request: { "inner" })
        }
    }

    /// A step after the store was released: a late response, or a fetch answered, is ignored;
    /// the rest find no store.
    private func afterRelease(_ step: WriteStep) -> String? {
        switch step {
        case .respond(let which, let response):
            let open = requests.unanswered
            guard let number = which == .oldest ? open.first : open.last else { return "none" }
            requests.answer(number, with: response == .failure ? .failure(RaceError(number)) : .success(nil))
            return "ignored"
        case .finish(let key, let which, _):
            let open = fetcher.unanswered(key)
            guard let index = which == .newest ? open.last : open.first else { return "none" }
            fetcher.answer(index, with: .success("\(key)#f?"))
            return "dropped"
        default:
            return "none"
        }
    }

    /// The key of each write, by number.
    private var keys: [Int: String] = [:]

    /// A signature of everything a step can set going, to see that nothing moves any more.
    private var signature: [Int] {
        [
            requests.started.count, requests.allAnsweredReturned ? 1 : 0, fetcher.keys.count,
            writes.count(where: \.isPending),
        ] + dataSources.map { $0.loadingCoordinator.isLoading ? 1 : 0 }
    }

    /// Whether the store's fetches match the data sources waiting for them.
    private var fetchesAreSettled: Bool {
        guard fetcher.allAnsweredReturned, requests.allAnsweredReturned else { return false }
        guard let store = liveStore else { return true }
        if let pendingAnswer, writes[pendingAnswer - 1].isPending { return false }
        // A request reaches the recorder through a hop off the main actor: wait for every write
        // the lane has started (the lane numbers writes as this system does, from 1).
        let running = ["a", "b"].flatMap { key in
            (store.writeLane?.pending(key) ?? []).filter(\.isRunning).map { Int($0.id) }
        }
        guard Set(running).isSubset(of: requests.started) else { return false }
        for key in Set(dataSources.map(\.key) + fetcher.keys) {
            let loading = dataSources.count { $0.key == key && $0.loadingCoordinator.isLoading }
            guard fetcher.isSettled(key, in: store, loading: loading) else { return false }
        }
        return true
    }

    /// Lets the main actor run what the step set going, until it is settled and unchanged over
    /// two rounds of yields; bounded.
    func settle() async { await RaceHarness.settle { fetchesAreSettled ? signature : nil } }

    /// Answers every request and fetch still waiting and lets everything end.
    func endAllWork() async {
        for _ in 0..<4 {
            requests.answerAll()
            fetcher.answerAll()
            await settle()
        }
    }
}
