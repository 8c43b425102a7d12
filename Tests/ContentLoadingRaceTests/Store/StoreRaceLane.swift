import ContentLoading

/// The shared store's lane for ``RaceRunner``: data sources bound to two or three keys of one
/// `ContentStore`, loading through its shared, gated fetches while the app writes, invalidates
/// and changes keys and late responses come back, against a reference model of the store.
struct StoreRaceLane: RaceLane {
    /// What the comparison looks at.
    enum Field: Hashable {
        /// The step's answer: which data source, whether a response landed, was dropped or failed.
        case answer
        /// The store's value per key (its persistence, read without touching the store).
        case storeValue
        /// Each live data source's `value`.
        case value
        /// Each live data source's `isPlaceholder`.
        case placeholder
        /// Each live data source's `loadingCoordinator.state`.
        case state
        /// How many fetches began, per key.
        case fetches
        /// Which keys the store keeps (eviction).
        case keys
        /// What each prefetch (`fetch(_:)` awaited by the app) heard, or that it still waits.
        case prefetch
        /// That no superseded fetch's response was ever stored or shown.
        case supersededResult
        /// That released data sources are freed at once, and everything after the run.
        case lifetime
        /// That each data source's screen draws its state and, for content, its value: in the
        /// step's own turn and once settled.
        case screen
    }

    /// A count limit no sequence reaches.
    nonisolated static let noCountLimit = 1_000

    var fault: StoreFault?
    /// How many keys the store keeps at most.
    let countLimit: Int
    /// How long each fetch takes to reach the fetcher, as on a loaded machine; none by default.
    let fetchHop: Duration

    init(fault: StoreFault? = nil, countLimit: Int = noCountLimit, fetchHop: Duration = .zero) {
        self.fault = fault
        self.countLimit = countLimit
        self.fetchHop = fetchHop
    }

    var description: String {
        "staleness 60 s, retention 90 s, signal throttle 45 s, count limit \(countLimit)"
    }
    static var lifetimeField: Field { .lifetime }

    func makeReferenceModel() -> StoreReferenceModel { StoreReferenceModel(fault: fault, countLimit: countLimit) }
    func makeLiveSystem() -> StoreLiveSystem { StoreLiveSystem(countLimit: countLimit, fetchHop: fetchHop) }
    func apply(_ step: StoreStep, to model: inout StoreReferenceModel) -> String? { model.apply(step) }
    func apply(_ step: StoreStep, to live: StoreLiveSystem) async -> String? { await live.apply(step) }

    /// Each unanswered fetch answers, oldest first: superseded ones are dropped, current ones land.
    func drainStep(after model: StoreReferenceModel) -> StoreStep? {
        model.fetches.firstUnanswered.map { .finish($0.key, .oldest, fails: false) }
    }

    var drainLimit: Int { 64 }

    func endAllWork(_ live: StoreLiveSystem) async { await live.endAllWork() }

    func watched(_ live: StoreLiveSystem) -> [RaceHarness.Watched] {
        live.dataSources.map { .init("data source \(live.id(of: $0))", $0) } + [.init("store", live.store)]
    }

    func simplifications(of step: StoreStep) -> [StoreStep] {
        switch step {
        case .finish(let key, .oldest, let fails): [.finish(key, .newest, fails: fails)]
        case .writeReentering(let key, let index, let reentry):
            index > 0 ? [.write(key), .writeReentering(key, 0, reentry)] : [.write(key)]
        case .finish(let key, let which, true): [.finish(key, which, fails: false)]
        case .reload(let index) where index > 0: [.reload(0)]
        case .awaitReload(let index): index > 0 ? [.awaitReload(0), .reload(index)] : [.reload(0)]
        case .release(let index) where index > 0: [.release(0)]
        case .changeKey(let index, let key) where index > 0: [.changeKey(0, to: key)]
        default: []
        }
    }

    /// The answers, the store's values, each data source's value, placeholder mark and state,
    /// the fetches per key, that no superseded response was stored or shown, and that released
    /// data sources are gone.
    func compare(
        _ live: StoreLiveSystem, with model: StoreReferenceModel, answers: (live: String?, model: String?)
    ) -> [Problem] {
        var comparison = Comparison<Field>()
        comparison.expect(.answer, answers.live ?? "-", answers.model ?? "-")
        comparison.expect(.storeValue, live.persistence.values, model.storeValues)
        let dataSources = live.dataSources
        comparison.expect(
            .value, dataSources.map { "\(live.id(of: $0)):\($0.key)=\($0.value ?? "nil")" },
            model.dataSources.map { "\($0.id):\($0.key)=\($0.value ?? "nil")" })
        comparison.expect(.placeholder, dataSources.map(\.isPlaceholder), model.dataSources.map(\.isPlaceholder))
        comparison.expect(.state, dataSources.map(\.loadingCoordinator.state), model.dataSources.map(\.state))
        comparison.expect(.prefetch, live.prefetches.map { $0.outcome ?? "waiting" }, model.prefetchOutcomes)
        comparison.expect(
            .fetches, Dictionary(live.fetcher.keys.map { ($0, 1) }, uniquingKeysWith: +), model.fetchCounts)
        comparison.expect(.keys, ["a", "b", "c"].filter(live.store.contains), model.keptKeys)
        let stale = model.supersededResults
        let stored = live.persistence.written.filter(stale.contains)
        let shown = dataSources.compactMap(\.value).filter(stale.contains)
        if !stored.isEmpty || !shown.isEmpty {
            comparison.report(.supersededResult, "stored \(stored), shown \(shown)")
        }
        if !live.screenMismatches.isEmpty {
            comparison.report(.screen, live.screenMismatches.joined(separator: "; "))
        }
        comparison.expectFreed(.lifetime, live.released)
        return comparison.problems
    }

    func source(_ steps: [StoreStep]) -> String {
        let lane = countLimit == Self.noCountLimit ? "StoreRaceLane()" : "StoreRaceLane(countLimit: \(countLimit))"
        return lane + ", " + RaceHarness.source(steps)
    }
}
