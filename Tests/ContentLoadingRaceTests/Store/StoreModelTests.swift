import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Issue 24, item 8: the shared store, model-based. Seeded sequences bind data sources to two
/// or three keys of one store, reload them (through the store's shared, gated fetch), answer a
/// key's current fetch or a superseded one late, fail fetches, write and invalidate keys,
/// change data sources' keys, release them and move the clock past the staleness; a reference
/// model of the store predicts each step. After every step the store's values, each data
/// source's value, placeholder mark and state, the fetches begun per key, and that no
/// superseded response was ever stored or shown must agree; released data sources must be freed.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct StoreModelTests {
    /// 300 sequences by default; `STRESS=1` runs 100 times more.
    @Test func randomSequencesMatchTheReferenceModel() async {
        var joined = 0
        var dropped = 0
        var placeholders = 0
        let passed = await RaceRunner.explore(
            "StoreModelTests", count: 300, sequence: { StoreStepGenerator.sequence(seed: $0) },
            passed: { lane, steps in
                var model = lane.makeReferenceModel()
                for step in steps {
                    let fetches = model.fetches.count
                    let answer = model.apply(step)
                    if answer == "dropped" { dropped += 1 }
                    if case .reload = step, model.fetches.count == fetches,
                        model.dataSources.count(where: \.isLoading) > 1
                    {
                        joined += 1
                    }
                    if model.dataSources.contains(where: \.isPlaceholder) { placeholders += 1 }
                }
            })
        print(
            "store lane reached: \(joined) shared fetches, \(dropped) late responses dropped, \(placeholders) placeholders"
        )
        if passed {
            #expect(joined > 0 && dropped > 0 && placeholders > 0, "the sequences share, supersede and change keys")
        }
    }

    /// Each planted fault is found among fixed-seed sequences through the comparison meant to
    /// see it, and shrunk to a sequence from which no step can be removed, which passes without it.
    @Test(arguments: StoreFault.allCases)
    func everyComparisonCatchesItsFault(_ fault: StoreFault) async {
        await RaceRunner.hunt(fault, base: 0x5708_E000_0000, count: 1_000) { StoreStepGenerator.sequence(seed: $0) }
    }

    /// Two screens share a fetch; a write supersedes it; its response, answered late, is never
    /// stored or shown; an invalidation fetches again, once for both.
    @Test func aLateResponseAfterAWriteIsDroppedForBothScreens() async {
        let steps: [StoreStep] = [
            .bind("a"), .bind("a"), .reload(0), .reload(1), .write("a"), .finish("a", .oldest, fails: false),
            .invalidate("a"), .finish("a", .newest, fails: false),
        ]
        #expect(await RaceRunner(StoreRaceLane()).run(steps) == nil)
        var model = StoreReferenceModel(fault: nil)
        let answers = steps.map { model.apply($0) }
        #expect(answers[5] == "dropped" && answers[7] == "landed")
        #expect(model.fetchCounts == ["a": 2])
        #expect(model.storeValues == ["a": "a#f2"])
    }
}
