import ContentLoading
import ContentLoadingTestSupport
import Testing

/// The page cap, model-based. Seeded sequences of refreshes, first pages
/// (rows, failures, cancellations, current and stale), load more and load previous, pages at
/// either end finished (rows, failures, cancellations; current, stale, or through the other
/// end's API) and cancelled, under caps of one to three pages and none, run against the real
/// data source and a reference written from the Pagination article. After every step the
/// answers, the rows in order, the state, both ends' states, the next cursor, every page
/// requested (its end and cursor) and every token's validity must agree.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct PageCapModelTests {
    /// 2,000 scenarios by default; `STRESS=1` runs 100 times more.
    @Test func randomScenariosMatchTheReferenceModel() async {
        var reached = Coverage<String>()
        let passed = await RaceRunner.explore(
            "PageCapModelTests", count: 2_000, sequence: { PageCapStepGenerator.sequence(seed: $0) },
            noting: { step, before, answer, model in
                if case .loadPrevious = step, answer?.hasPrefix("started") == true { reached.note("refetches") }
                if before.previousPageState == "none", model.previousPageState == "available" {
                    reached.note("first drops")
                }
                if case .finishPage = step, answer == "true", before.previousPageState == "loading",
                    model.rows.count == before.rows.count
                {
                    reached.note("last drops")
                }
            })
        let drops = ["first drops", "refetches", "last drops"]
        print("page cap reached: \(reached.summary(drops))")
        if passed {
            #expect(reached.missing(drops).isEmpty, "the scenarios scroll both ways past the cap")
        }
    }

    /// Each planted fault is found among fixed-seed scenarios through the comparison meant to
    /// see it, and shrunk to a scenario from which no step can be removed, which passes without it.
    @Test(arguments: PageCapFault.allCases)
    func everyComparisonCatchesItsFault(_ fault: PageCapFault) async {
        await RaceRunner.hunt(fault, base: 0x9A6E_CA90_0000) { PageCapStepGenerator.sequence(seed: $0) }
    }

    /// The article's walk: a cap of two, three pages forward (the first dropped), back to the
    /// first page (the last dropped, the next cursor its), and forward again.
    @Test func theArticlesWalkBothWays() async {
        let lane = PageCapRaceLane(maxPages: 2)
        let steps: [PageCapStep] = [
            .refresh, .finishFirst(.latest, .rows(next: 2)),
            .loadMore, .finishPage(.latest, .rows(next: 4), wrongEnd: false),
            .loadMore, .finishPage(.latest, .rows(next: 6), wrongEnd: false),
            .loadPrevious, .finishPage(.latest, .rows(next: 2), wrongEnd: false),
            .loadPrevious, .loadMore, .finishPage(.latest, .rows(next: 6), wrongEnd: false),
        ]
        #expect(await RaceRunner(lane).run(steps) == nil)
        var model = PageCapReferenceModel(maxPages: 2, fault: nil)
        let answers = steps.map { model.apply($0) }
        #expect(answers[8] == "endReached", "back at the list's first page")
        #expect(model.requests == ["after 2", "after 4", "before nil", "after 4"])
        #expect(model.rows == ["p1@2.0", "p1@2.1", "p4@4.0", "p4@4.1"])
    }
}
