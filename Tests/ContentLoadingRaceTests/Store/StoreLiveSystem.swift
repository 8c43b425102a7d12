import ContentLoadingTestSupport

@testable import ContentLoading

/// The real store and its data sources, driven as screens and an app would drive them.
///
/// After every step it waits, bounded, until the main actor has nothing left to do for it:
/// every loading data source waits in its key's fetch, every answered fetch has returned, a
/// key is being fetched exactly when a data source bound to it is loading, and its current
/// fetch has reached the fetcher.
@MainActor
final class StoreLiveSystem {
    let clock = ManualClock()
    let fetcher: StoreRaceFetcher
    let persistence = RecordingPersistence()
    let connectivity = Connectivity()
    let store: ContentStore<String, String>
    private(set) var dataSources: [StoreDataSource<String, String>] = []
    private(set) var released: [RaceHarness.Watched] = []
    /// Each prefetch's key and outcome (`nil` while it waits).
    private(set) var prefetches: [(key: String, outcome: String?)] = []
    private var writes = 0
    private var made = 0
    private var ids: [ObjectIdentifier: Int] = [:]
    /// How many signals the store should have received: coming back online reaches it through a hop.
    private var signalsSent = 0
    /// The app's tasks awaiting reloads: the data source, the task, whether it has begun its
    /// reload and whether it has ended.
    private var awaited: [(dataSource: Int, task: Task<Void, Never>, began: Bool, ended: Bool)] = []
    /// The awaited reloads cancelled, which must end.
    private var cancelledAwaits: [Int] = []
    /// Each data source's screen, by its id.
    private var screens: [Int: StoreRaceScreen] = [:]
    /// What the screens showed that their data sources did not hold, after the step's own turn
    /// and once settled.
    private(set) var screenMismatches: [String] = []
    /// The data source whose `isEmpty` does what, once, the next time it is asked.
    private var armed: (id: Int, reentry: StoreStep.Reentry)?
    /// What the armed `isEmpty` did.
    private var reentered: String?

    init(countLimit: Int, fetchHop: Duration = .zero) {
        let fetcher = StoreRaceFetcher(hop: fetchHop)
        self.fetcher = fetcher
        store = ContentStore(
            staleAfter: .after(.seconds(StoreReferenceModel.staleAfter)),
            retention: .seconds(StoreReferenceModel.retention), countLimit: countLimit,
            signalThrottle: .seconds(StoreReferenceModel.signalThrottle), persistence: persistence,
            connectivity: connectivity, clock: clock
        ) { try await fetcher.fetch($0) }
    }

    func id(of dataSource: StoreDataSource<String, String>) -> Int { ids[ObjectIdentifier(dataSource)] ?? 0 }

    func apply(_ step: StoreStep) async -> String? {
        let answer = perform(step)
        // Checked in the step's own turn too: a value taken and drawn only by a later commit
        // would be fine once settled.
        screenMismatches = mismatchedScreens()
        await settle()
        screenMismatches += mismatchedScreens()
        return answer
    }

    /// Every screen whose drawing differs from what its data source holds, with why.
    private func mismatchedScreens() -> [String] {
        dataSources.compactMap { dataSource in
            let id = id(of: dataSource)
            return screens[id]?.mismatch(with: dataSource).map { "screen \(id): \($0)" }
        }
    }

    /// The app's `isEmpty` of data source `id`, asked as it shows a value: does what it was armed
    /// to, once. Never empty.
    private func isEmptyAsked(by id: Int) -> Bool {
        guard let (armedID, reentry) = armed, armedID == id,
            let dataSource = dataSources.first(where: { self.id(of: $0) == id })
        else { return false }
        armed = nil
        switch reentry {
        case .write:
            writes += 1
            store.write("\(dataSource.key)=w\(writes)", for: dataSource.key)
            reentered = "wrote \(dataSource.key)=w\(writes)"
        case .changeKey(let key):
            guard dataSource.key != key else {
                reentered = "same key"
                return false
            }
            dataSource.changeKey(to: key)
            reentered = "changed \(id)"
        case .cancel(let index):
            guard let position = resolve(index) else { return false }
            dataSources[position].loadingCoordinator.cancel()
            reentered = "cancelled \(self.id(of: dataSources[position]))"
        }
        return false
    }

    private func resolve(_ index: Int) -> Int? { dataSources.isEmpty ? nil : index % dataSources.count }

    private func perform(_ step: StoreStep) -> String? {
        switch step {
        case .bind(let key):
            made += 1
            let id = made
            // Weak: the data source keeps its `isEmpty`, and this system keeps the data source.
            let dataSource = StoreDataSource(store: store, key: key) { [weak self] _ in
                self?.isEmptyAsked(by: id) ?? false
            }
            ids[ObjectIdentifier(dataSource)] = made
            dataSources.append(dataSource)
            screens[id] = StoreRaceScreen(dataSource)
            return "bound \(made)"
        case .reload(let index):
            guard let position = resolve(index) else { return "none" }
            dataSources[position].loadContent()
            return "reloaded \(id(of: dataSources[position]))"
        case .awaitReload(let index):
            guard let position = resolve(index) else { return "none" }
            let dataSource = dataSources[position]
            let entry = awaited.count
            let task = Task {
                self.awaited[entry].began = true
                _ = await dataSource.reload(ownedBy: .caller)
                self.awaited[entry].ended = true
            }
            awaited.append((id(of: dataSource), task, false, false))
            return "awaiting \(id(of: dataSource))"
        case .cancelAwaited:
            let open = awaited.indices.filter { !cancelledAwaits.contains($0) }
            for entry in open { awaited[entry].task.cancel() }
            cancelledAwaits += open
            return "cancelled \(open.count)"
        case .prefetch(let key):
            prefetches.append((key, nil))
            let index = prefetches.count - 1
            Task { [store] in
                let outcome = await store.fetch(key)
                self.prefetches[index].outcome =
                    switch outcome {
                    case .committed(let value): "landed(\(value))"
                    case .failed: "failed"
                    case .superseded: "superseded"
                    case .cancelled: "cancelled"
                    }
            }
            return "prefetching \(prefetches.count)"
        case .finish(let key, let which, let fails):
            return fetcher.finish(key, newest: which == .newest, fails: fails, in: store)
        case .write(let key):
            writes += 1
            store.write("\(key)=w\(writes)", for: key)
            return "wrote \(key)=w\(writes)"
        case .writeReentering(let key, let index, let reentry):
            if let position = resolve(index) { armed = (id(of: dataSources[position]), reentry) }
            reentered = nil
            writes += 1
            let value = "\(key)=w\(writes)"
            store.write(value, for: key)
            // Armed only for this write: a data source bound to another key was not asked.
            armed = nil
            return reentered.map { "wrote \(value), then \($0)" } ?? "wrote \(value)"
        case .invalidate(let key):
            guard store.contains(key) else { return "unknown" }
            store.invalidate(key)
            return "invalidated"
        case .release(let index):
            guard let position = resolve(index) else { return "none" }
            let dataSource = dataSources.remove(at: position)
            // The screen's tasks go with it: a reload it awaited is cancelled.
            let open = awaited.indices.filter {
                awaited[$0].dataSource == id(of: dataSource) && !cancelledAwaits.contains($0)
            }
            for entry in open { awaited[entry].task.cancel() }
            cancelledAwaits += open
            screens[id(of: dataSource)] = nil
            released.append(.init("released data source \(id(of: dataSource))", dataSource))
            return "released \(id(of: dataSource))"
        case .changeKey(let index, let key):
            guard let position = resolve(index) else { return "none" }
            guard dataSources[position].key != key else { return "same key" }
            dataSources[position].changeKey(to: key)
            return "changed \(id(of: dataSources[position]))"
        case .advance(let seconds):
            clock.advance(by: .seconds(seconds))
            return "now \(clock.now.offset.components.seconds)"
        case .signal:
            signalsSent += 1
            store.receive(.becameActive)
            return "signalled"
        case .online(let online):
            guard online != connectivity.isOnline else { return "unchanged" }
            if online { signalsSent += 1 }
            connectivity.isOnline = online
            return online ? "online" : "offline"
        case .invalidateWhere(let removing, let writing):
            return invalidate(removing: removing, writing: writing)
        }
    }

    /// `invalidate(where:)` selecting every key, whose predicate, when first asked, removes
    /// `removing` and then writes `writing` if the store does not know it (into the slot the
    /// removal freed, if it did); answers the keys known before and after, which it invalidated.
    private func invalidate(removing: String, writing: String) -> String {
        let keys = ["a", "b", "c"]
        let before = keys.filter(store.contains)
        var changed = false
        store.invalidate { _ in
            if !changed {
                changed = true
                store.removeValue(for: removing)
                if !store.contains(writing) { _ = perform(.write(writing)) }
            }
            return true
        }
        return "invalidated \(before.filter(store.contains))"
    }

    /// Whether nothing the last step set going is still on its way.
    private var isSettled: Bool {
        guard fetcher.allAnsweredReturned, store.signalsReceived == signalsSent,
            awaited.allSatisfy(\.began), cancelledAwaits.allSatisfy({ awaited[$0].ended })
        else { return false }
        // Every key something waits for or fetched: a prefetch of a key no screen shows must be
        // waited for too, or a slow hop lets the comparison run before its fetch begins.
        for key in Set(dataSources.map(\.key) + fetcher.keys + prefetches.map(\.key)) {
            let loading =
                dataSources.count { $0.key == key && $0.loadingCoordinator.isLoading }
                + prefetches.count { $0.key == key && $0.outcome == nil }
            guard fetcher.isSettled(key, in: store, loading: loading) else { return false }
        }
        return true
    }

    /// Lets the main actor run what the step set going until it is settled twice in a row; bounded.
    func settle() async { await RaceHarness.settle { isSettled ? true : nil } }

    /// Answers every fetch still waiting and lets the loads end.
    func endAllWork() async {
        fetcher.answerAll()
        await settle()
    }
}
