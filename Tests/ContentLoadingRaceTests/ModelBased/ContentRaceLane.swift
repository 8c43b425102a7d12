import ContentLoading

/// The content lane for ``RaceRunner``: one `PagedDataSource` (a plain `DataSource` for a
/// sequence without page steps), its `LoadingCoordinator` and the wrappers it reports to,
/// against ``ContentReferenceModel``. Every async load still waiting after the last step
/// returns as a checked step, so no task outlives the run.
struct ContentRaceLane: RaceLane {
    /// What the comparison looks at after every step.
    enum Field: Hashable {
        /// The step's answer: a finish's or cancel's `Bool`, a task's value.
        case answer
        /// The state the wrapper draws.
        case shown
        /// Whether the wrapper the data source reports to draws what the state calls for
        /// (immediate policy): its state, with exactly that state's renderer visible.
        case screen
        /// The coordinator's `state`.
        case state
        /// The coordinator's `isLoading`.
        case isLoading
        /// The coordinator's `error`.
        case error
        /// The data source's model.
        case items
        /// Every renderer and delegate call, in order.
        case log
        /// Every token's `isValid`.
        case validity
        /// Whether each async load's task that is still running has been cancelled.
        case taskCancelled
        /// What is deallocated: the data source once released; everything once the run ends.
        case lifetime
        /// Every answer `loadMore()` gave the harness, in order.
        case loadMore
        /// The paged data source's `appendState`.
        case appendState
        /// The paged data source's `nextCursor`.
        case nextCursor
        /// The footer the current wrapper draws (`wrapper.footer`).
        case footer
        /// Whether the wrapper the data source reports to draws the footer the lane calls for,
        /// as its content renderer was last told (immediate policy).
        case footerScreen
    }

    var fault: ContentFault?
    /// What the wrappers draw before the first state.
    var firstFrame: FirstFrame

    init(fault: ContentFault? = nil, firstFrame: FirstFrame = .blank) {
        self.fault = fault
        self.firstFrame = firstFrame
    }

    var description: String { "first frame \(firstFrame)" }
    static var lifetimeField: Field { .lifetime }

    func makeReferenceModel() -> ContentReferenceModel { ContentReferenceModel(fault: fault, firstFrame: firstFrame) }
    func makeLiveSystem() -> ContentLiveSystem { ContentLiveSystem(fault: fault, firstFrame: firstFrame) }
    func apply(_ step: ContentStep, to model: inout ContentReferenceModel) -> Bool? { model.apply(step) }
    func apply(_ step: ContentStep, to live: ContentLiveSystem) async -> Bool? {
        let answer = await live.apply(step)
        // Each token is compared once its load's work has it: whatever the step began, or a
        // callback began inside it, has started before the comparison, however late its task ran.
        await live.awaitStartedWork()
        return answer
    }

    /// The next async load whose result is not known yet returns.
    func drainStep(after model: ContentReferenceModel) -> ContentStep? {
        model.asyncLoads.firstIndex { $0.value == nil }.map { .resume(.earlier($0), .items(["drained"])) }
    }

    /// After the drain, every caller awaiting a load must have ended.
    func closingStep(after model: ContentReferenceModel) -> ContentStep? {
        model.asyncLoads.isEmpty ? nil : .awaitCallers
    }

    func endAllWork(_ live: ContentLiveSystem) async { await live.endAllWork() }

    /// Nothing keeps the data source, its coordinator or a wrapper alive but the system.
    func watched(_ live: ContentLiveSystem) -> [RaceHarness.Watched] {
        [.init("coordinator", live.coordinator)]
            + live.madeWrappers.enumerated().map { .init("wrapper \($0.offset + 1)", $0.element.wrapper) }
            + [.init("data source", live.weakDataSource)]
    }

    /// Smaller variants of a step: the latest load instead of an earlier one, fewer items.
    func simplifications(of step: ContentStep) -> [ContentStep] {
        func references(_ reference: ContentStep.Reference) -> [ContentStep.Reference] {
            if case .earlier(let position) = reference, position > 0 { [.latest, .earlier(0)] } else { [] }
        }
        func outcomes(_ outcome: ContentStep.Outcome) -> [ContentStep.Outcome] {
            switch outcome {
            case .items(let items) where items.count > 1: [.items([items[0]])]
            case .page(let items, let next) where items.count > 1: [.page([items[0]], next: next)]
            default: []
            }
        }
        switch step {
        case .finish(let reference, let outcome):
            return references(reference).map { .finish($0, outcome) } + outcomes(outcome).map { .finish(reference, $0) }
        case .resume(let reference, let outcome):
            return references(reference).map { .resume($0, outcome) } + outcomes(outcome).map { .resume(reference, $0) }
        case .cancelTask(let reference):
            return references(reference).map { .cancelTask($0) }
        case .finishPage(let reference, let outcome):
            var simpler = references(reference).map { ContentStep.finishPage($0, outcome) }
            if case .rows(let count, let next) = outcome, count > 1 {
                simpler.append(.finishPage(reference, .rows(1, next: next)))
            }
            return simpler
        default:
            return []
        }
    }
}
