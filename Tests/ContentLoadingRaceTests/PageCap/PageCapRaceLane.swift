import ContentLoading

/// The page cap's lane for ``RaceRunner``: a capped paged data source
/// (`PagedDataSource.maxPages`) scrolled both ways past its cap, against a reference model of the
/// page window.
struct PageCapRaceLane: RaceLane {
    /// What the comparison looks at.
    enum Field: Hashable {
        /// The step's answer: load more's and load previous's, a finish's, a cancel's.
        case answer
        /// The model's rows, in order: what every commit and drop left.
        case rows
        /// The refresh lane's `contentState`.
        case state
        /// `appendState`: the end after the rows.
        case appendState
        /// `previousPageState`: the start of the list.
        case previousPageState
        /// `nextCursor`.
        case nextCursor
        /// Every page requested, in order: its end and cursor.
        case requests
        /// Every token's `isValid`, first pages and pages.
        case validity
        /// After the run, that the data source is freed.
        case lifetime
    }

    /// The cap; `nil`: no cap, as a control.
    let maxPages: Int?
    var fault: PageCapFault?

    init(maxPages: Int?, fault: PageCapFault? = nil) {
        self.maxPages = maxPages
        self.fault = fault
    }

    var description: String { "maxPages \(maxPages.map(String.init) ?? "nil")" }
    static var lifetimeField: Field { .lifetime }

    func makeReferenceModel() -> PageCapReferenceModel { PageCapReferenceModel(maxPages: maxPages, fault: fault) }
    func makeLiveSystem() -> PageCapLiveSystem { PageCapLiveSystem(maxPages: maxPages) }
    func apply(_ step: PageCapStep, to model: inout PageCapReferenceModel) -> String? { model.apply(step) }
    func apply(_ step: PageCapStep, to live: PageCapLiveSystem) -> String? { live.apply(step) }
    func watched(_ live: PageCapLiveSystem) -> [RaceHarness.Watched] { [.init("data source", live.dataSource)] }

    /// The answers, the rows, the state, both ends' states, the next cursor, every page
    /// requested and every token's validity.
    func compare(
        _ live: PageCapLiveSystem, with model: PageCapReferenceModel, answers: (live: String?, model: String?)
    ) -> [Problem] {
        var comparison = Comparison<Field>()
        let dataSource = live.dataSource
        comparison.expect(.answer, answers.live ?? "-", answers.model ?? "-")
        comparison.expect(.rows, live.rows, model.rows)
        comparison.expect(.state, dataSource.contentState, model.state)
        comparison.expect(.appendState, dataSource.appendState.description, model.appendState)
        comparison.expect(.previousPageState, dataSource.previousPageState.description, model.previousPageState)
        comparison.expect(.nextCursor, dataSource.nextCursor, model.nextCursor)
        comparison.expect(.requests, live.requests, model.requests)
        let firsts = dataSource.firstTokens.enumerated().map { $0.element.isValid != model.isFirstValid($0.offset + 1) }
        let pages = dataSource.pageRequests.enumerated().map {
            $0.element.state.isValid != model.isPageValid($0.offset + 1)
        }
        if firsts.contains(true) || pages.contains(true) {
            comparison.report(.validity, "first pages \(firsts), pages \(pages) differ")
        }
        return comparison.problems
    }
}
