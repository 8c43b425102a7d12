import ContentLoading

/// The write lane for ``RaceRunner``: optimistic writes on one or two keys of a shared
/// `ContentStore`, serial and concurrent, answered in any order, cancelled, interleaved with
/// the keys' fetches, invalidations, the app's own writes and removals, against a reference
/// model of layers over committed values.
struct WriteRaceLane: RaceLane {
    /// What the comparison looks at.
    enum Field: Hashable {
        /// The step's answer: a write's outcome, whether a fetch landed, a removal's.
        case answer
        /// The committed value per key (the store's persistence, read without touching the store).
        case committed
        /// Each live data source's `value`: the committed value with the pending changes.
        case value
        /// Each live data source's `loadingCoordinator.state`.
        case state
        /// Each live data source's `writeFailure`.
        case writeFailure
        /// Each write's outcome, and which keys have pending writes.
        case outcomes
        /// The writes whose requests started, in order.
        case requests
        /// How many fetches began, per key.
        case fetches
        /// That released data sources are freed at once, and everything after the run.
        case lifetime
    }

    var fault: WriteFault?

    init(fault: WriteFault? = nil) { self.fault = fault }

    var description: String { "staleness never" }
    static var lifetimeField: Field { .lifetime }

    func makeReferenceModel() -> WriteReferenceModel { WriteReferenceModel(fault: fault) }
    func makeLiveSystem() -> WriteLiveSystem { WriteLiveSystem() }
    func apply(_ step: WriteStep, to model: inout WriteReferenceModel) -> String? { model.apply(step) }
    func apply(_ step: WriteStep, to live: WriteLiveSystem) async -> String? { await live.apply(step) }

    /// Each unanswered request answers with nothing, oldest first; then each unanswered fetch.
    func drainStep(after model: WriteReferenceModel) -> WriteStep? {
        if model.writes.contains(where: \.awaitsResponse) { return .respond(.oldest, .nothing) }
        if let fetch = model.fetches.firstUnanswered {
            return .finish(fetch.key, .oldest, fails: false)
        }
        return nil
    }

    var drainLimit: Int { 200 }

    func endAllWork(_ live: WriteLiveSystem) async { await live.endAllWork() }

    func watched(_ live: WriteLiveSystem) -> [RaceHarness.Watched] {
        [.init("store", live.watchedStore)] + live.dataSources.map { .init("data source \(live.id(of: $0))", $0) }
    }

    func simplifications(of step: WriteStep) -> [WriteStep] {
        switch step {
        case .write(let key, .set, let concurrent): [.write(key, .append, concurrent: concurrent)]
        case .respond(let which, let response) where response != .nothing: [.respond(which, .nothing)]
        default: []
        }
    }

    func compare(_ live: WriteLiveSystem, with model: WriteReferenceModel, answers: (live: String?, model: String?))
        -> [RaceHarness.Problem<Field>]
    {
        var comparison = Comparison<Field>()
        comparison.expect(.answer, answers.live, answers.model)
        comparison.expect(.committed, live.persistence.values, model.committedValues)
        let dataSources = live.dataSources
        comparison.expect(.value, dataSources.map(\.value), model.dataSources.map(\.value))
        comparison.expect(.state, dataSources.map(\.loadingCoordinator.state), model.dataSources.map(\.state))
        comparison.expect(
            .writeFailure, dataSources.map { $0.writeFailure?.writeDescription },
            model.dataSources.map(\.writeFailure))
        comparison.expect(.outcomes, live.writes.map { $0.outcome.map(Self.name) ?? "pending" }, model.outcomes)
        comparison.expect(
            .outcomes, ["a", "b"].map { live.hasPendingWrites($0) },
            ["a", "b"].map { !model.pending($0).isEmpty })
        comparison.expect(.requests, live.requests.started, model.requests)
        comparison.expect(
            .fetches, Dictionary(live.fetcher.keys.map { ($0, 1) }, uniquingKeysWith: +), model.fetchCounts)
        comparison.expectFreed(.lifetime, live.released)
        return comparison.problems
    }

    /// An outcome as the model writes it.
    static func name(_ outcome: WriteOutcome<String>) -> String {
        if case .failed = outcome { return "failed" }
        return "\(outcome)"
    }

    func source(_ steps: [WriteStep]) -> String { "WriteRaceLane(), " + RaceHarness.source(steps) }
}
