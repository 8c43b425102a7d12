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
        var dropsBefore = 0
        var refetches = 0
        var dropsAfter = 0
        let passed = await RaceRunner.explore(
            "PageCapModelTests", count: 2_000, sequence: { PageCapStepGenerator.sequence(seed: $0) },
            passed: { lane, steps in
                var model = lane.makeReferenceModel()
                for step in steps {
                    let before = (model.previousPageState, model.rows.count)
                    let answer = model.apply(step)
                    if case .loadPrevious = step, answer?.hasPrefix("started") == true { refetches += 1 }
                    if before.0 == "none", model.previousPageState == "available" { dropsBefore += 1 }
                    if case .finishPage = step, answer == "true", before.0 == "loading",
                        model.rows.count == before.1
                    {
                        dropsAfter += 1
                    }
                }
            })
        print("page cap reached: \(dropsBefore) first drops, \(refetches) refetches, \(dropsAfter) last drops")
        if passed {
            #expect(dropsBefore > 0 && refetches > 0 && dropsAfter > 0, "the scenarios scroll both ways past the cap")
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
