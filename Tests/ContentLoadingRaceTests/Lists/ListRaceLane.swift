import ContentLoading

/// The lists lane for ``RaceRunner``: lists and detail screens over one store of shared items,
/// whose list responses come back out of order while the app writes, stars (optimistic writes),
/// removes, invalidates and evicts items, against a reference model of lists of shared items.
struct ListRaceLane: RaceLane {
    /// What the comparison looks at.
    enum Field: Hashable {
        /// The step's answer.
        case answer
        /// Each list's rows: its snapshot, each row's item as its observable row holds it (and
        /// as `item(_:)` reads it); and that no row shows while its remove is pending.
        case rows
        /// The ids each list's last response repeated.
        case duplicates
        /// Every frame each list's renderer was handed (ids and updated ids), in order; and that
        /// each difference, never empty, made its snapshot of the one before.
        case frames
        /// Each detail screen's value and key; for one opened on a temporary id, every frame it
        /// drew and the failure beside it while it is on that id.
        case details
        /// Which items the store knows.
        case contained
        /// That the wrapper shows the empty screen exactly when the snapshot is empty, content
        /// only with rows.
        case screen
        /// That closed lists and details are freed, and everything after the run.
        case lifetime
        /// That what each step set going settled within the live system's bounded wait.
        case settled
    }

    var fault: ListFault?
    /// Whether a list's superseded load lags, as it may on a loaded machine: it reaches its gate
    /// after the newer one, and ends late once answered (see ``RaceGates``).
    var supersededLoadsLag = false

    init(fault: ListFault? = nil, supersededLoadsLag: Bool = false) {
        self.fault = fault
        self.supersededLoadsLag = supersededLoadsLag
    }

    var description: String {
        "ids \(ListReferenceModel.ids), retention 90 s" + (supersededLoadsLag ? ", superseded loads lag" : "")
    }
    static var lifetimeField: Field { .lifetime }

    func makeReferenceModel() -> ListReferenceModel { ListReferenceModel(fault: fault) }
    func makeLiveSystem() -> ListLiveSystem { ListLiveSystem(supersededLoadsLag: supersededLoadsLag) }
    func apply(_ step: ListStep, to model: inout ListReferenceModel) -> String? {
        let answer = model.apply(step)
        model.drawDetails()
        return answer
    }
    func apply(_ step: ListStep, to live: ListLiveSystem) async -> String? { await live.apply(step) }

    /// Each pending write settles, oldest first, then each request in flight fails.
    func drainStep(after model: ListReferenceModel) -> ListStep? {
        if !model.pendingWrites.isEmpty { return .settle(.oldest, .commit) }
        if !model.unansweredEdits.isEmpty { return .settleEdit(.oldest, .commit) }
        for request in model.unansweredRequests {
            if let at = model.position(ofList: request.list) { return .fail(at, .oldest) }
        }
        for page in model.unansweredPages {
            if let at = model.position(ofList: page.list) { return .failPage(at, .oldest) }
        }
        return nil
    }

    var drainLimit: Int { 64 }

    func endAllWork(_ live: ListLiveSystem) async { await live.endAllWork() }

    func watched(_ live: ListLiveSystem) -> [RaceHarness.Watched] {
        live.lists.map { .init("list \($0.id)", $0.dataSource) }
            + live.details.map { .init("detail \($0.id)", $0.dataSource) }
            + [.init("store", live.store)]
    }

    func simplifications(of step: ListStep) -> [ListStep] {
        switch step {
        case .answer(let index, .oldest, let ids, let title): [.answer(index, .newest, ids: ids, title: title)]
        case .answer(let index, let which, let ids, let title) where ids.count > 1:
            [.answer(index, which, ids: Array(ids.dropLast()), title: title)]
        case .answerPage(let index, .oldest, let ids, let title): [.answerPage(index, .newest, ids: ids, title: title)]
        case .answerPage(let index, let which, let ids, let title) where ids.count > 1:
            [.answerPage(index, which, ids: Array(ids.dropLast()), title: title)]
        case .reenter(_, let action): [action]
        case .settle(.oldest, let settlement): [.settle(.newest, settlement)]
        case .settleEdit(.oldest, let settlement): [.settleEdit(.newest, settlement)]
        default: []
        }
    }

    func compare(
        _ live: ListLiveSystem, with model: ListReferenceModel, answers: (live: String?, model: String?)
    ) -> [Problem] {
        var comparison = Comparison<Field>()
        comparison.expect(.answer, answers.live ?? "-", answers.model ?? "-")
        comparison.expect(.rows, live.rows, model.rows)
        for apart in live.rowsApart { comparison.report(.rows, apart) }
        for violation in live.editViolations { comparison.report(.rows, violation) }
        comparison.expect(.duplicates, live.lists.map(\.dataSource.duplicates), model.lists.map(\.duplicates))
        for (list, expected) in zip(live.lists, model.lists) {
            comparison.expectLog(.frames, list.screen.renderer.frames, expected.frames)
            for violation in list.screen.renderer.violations {
                comparison.report(.frames, "list \(list.id): \(violation)")
            }
        }
        comparison.expect(.details, live.detailValues, model.detailValues)
        comparison.expect(.details, live.detailKeys, model.detailKeys)
        comparison.expect(.details, live.detailFailures, model.detailFailures)
        comparison.expect(.details, live.detailFrames, model.detailFrames)
        comparison.expect(.contained, live.contained, model.contained)
        if !live.screenMismatches.isEmpty { comparison.report(.screen, live.screenMismatches.joined(separator: "; ")) }
        comparison.expectFreed(.lifetime, live.released)
        if let moving = live.stillMoving { comparison.report(.settled, "did not settle: \(moving)") }
        return comparison.problems
    }

    func source(_ steps: [ListStep]) -> String { "ListRaceLane(), " + RaceHarness.source(steps) }
}
