import ContentLoading
import ContentLoadingTestSupport
import Testing

/// In the composition model: children inserted, moved and re-listed,
/// segments inserted and removed, and containers reset, mid-load included. The random
/// scenarios of ``CompositionModelTests`` carry these steps; here, fixed scenarios pin the
/// article's behaviours, and each fault planted for these steps is shown to be invisible
/// without them.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct CompositionStructureTests {
    /// The faults planted for these steps go unnoticed by scenarios without them: what catches
    /// each is a step that changes the children or resets, and nothing else.
    @Test(arguments: CompositionFault.allCases.filter(\.needsStructureSteps))
    func eachStructureFaultIsInvisibleWithoutTheStructureSteps(_ fault: CompositionFault) async {
        let base: UInt64 = 0x5EC7_1057_0000
        for index in 0..<1_000 {
            await Task.yield()  // as in CompositionModelTests
            let seed = SeededGenerator.seed(base: base, index: index)
            let scenario = CompositionScenario.generate(seed: seed, container: fault.container, structureSteps: false)
            #expect(scenario.steps.allSatisfy { !$0.changesStructure })
            if let mismatch = await RaceRunner(scenario.lane(fault)).run(scenario.steps) {
                Issue.record("\(fault) seen without the structure steps, seed \(seed): \(mismatch)")
                return
            }
        }
    }

    /// A re-listing mid-load: the sections that leave (one loading) are cancelled, the screen is
    /// drawn once for the new section (never the initial screen of no sections in between), and
    /// a late finish of the one that was loading is dropped.
    @Test func aReListingMidLoadIsDrawnOnceAndCancelsTheSectionThatLeft() async {
        let scenario = CompositionScenario(
            container: .composed(.asTheyArrive), poolSize: 3, initialMembers: [0, 1], initialSelection: 0,
            steps: [
                .reload(keepingContent: true),
                .finish(child: 0, .latest, .items(["a"])),
                .begin(child: 2, keepingContent: true),
                .finish(child: 2, .latest, .items(["c"])),
                .relist([2]),
                .finish(child: 1, .latest, .items(["late"])),
                .move(child: 2, to: 0),
            ])
        #expect(await RaceRunner(scenario.lane()).run(scenario.steps) == nil)
        let model = scenario.lane().referenceModel(after: scenario.steps)
        #expect(
            model.log == [
                "willBegin", "show(loading)", "announce(loading)", "show(refreshing)", "show(content)",
                "announce(loaded)", "finished(ok)",
            ])
        #expect(model.children[1].items.isEmpty, "the section that left was cancelled: its late answer is dropped")
        let eachDrawn = await RaceRunner(scenario.lane(.reListingDrawsEachChange)).run(scenario.steps)
        #expect(eachDrawn?.step == 5 && eachDrawn?.fields == [.log])
        let keepsLoading = await RaceRunner(scenario.lane(.reListedChildKeepsLoading)).run(scenario.steps)
        #expect(keepsLoading?.step == 5 && keepsLoading.map { $0.fields.isSuperset(of: [.validity]) } == true)
    }

    /// A reset over content, then a load: the initial screen, then a first load again, with
    /// the sections held together under `allTogether`.
    @Test func aResetScreenLoadsAfreshAndHoldsTheSectionsTogetherAgain() async {
        let scenario = CompositionScenario(
            container: .composed(.allTogether), poolSize: 2, initialMembers: [0, 1], initialSelection: 0,
            steps: [
                .reload(keepingContent: true),
                .finish(child: 0, .latest, .items(["a"])),
                .finish(child: 1, .latest, .items(["b"])),
                .reset,
                .reload(keepingContent: true),
                .finish(child: 0, .latest, .items(["a2"])),
                .finish(child: 1, .latest, .items(["b2"])),
            ])
        #expect(await RaceRunner(scenario.lane()).run(scenario.steps) == nil)
        let model = scenario.lane().referenceModel(after: scenario.steps)
        #expect(
            model.log == [
                "willBegin", "show(loading)", "announce(loading)", "show(content)", "announce(loaded)", "finished(ok)",
                "show(initial)",
                "willBegin", "show(loading)", "announce(loading)", "show(content)", "announce(loaded)", "finished(ok)",
            ])
        let keepsCounting = await RaceRunner(scenario.lane(.resetKeepsCounting)).run(scenario.steps)
        #expect(keepsCounting?.step == 4 && keepsCounting.map { $0.fields.contains(.state) } == true)
        let settled = await RaceRunner(scenario.lane(.resetKeepsTheFirstLoadSettled)).run(scenario.steps)
        #expect(settled?.step == 6 && settled.map { $0.fields.contains(.state) } == true)
        let running = await RaceRunner(scenario.lane(.resetLeavesLoadsRunning)).run(scenario.steps)
        #expect(running == nil, "nothing was loading at the reset")
    }

    /// Removing the selected segment mid-load: its neighbour is selected and drawn at once, the
    /// removed segment's load ends for the delegate and is cancelled, and its late answer draws
    /// nothing.
    @Test func removingTheSelectedSegmentMidLoadSelectsItsNeighbour() async {
        let scenario = CompositionScenario(
            container: .segmented, poolSize: 3, initialMembers: [0, 1, 2], initialSelection: 1,
            steps: [
                .reload(keepingContent: true),
                .removeSegment(1),
                .finish(child: 1, .latest, .items(["late"])),
                .finish(child: 2, .latest, .items(["c"])),
                .insert(child: 1, at: 0),
            ])
        #expect(await RaceRunner(scenario.lane()).run(scenario.steps) == nil)
        let model = scenario.lane().referenceModel(after: scenario.steps)
        #expect(
            model.log == [
                "willBegin", "show(loading)", "announce(loading)", "finished(ok)", "willBegin", "show(content)",
                "announce(loaded)", "finished(ok)",
            ])
        #expect(model.selection == 2, "the inserted segment went before the selected one")
        let first = await RaceRunner(scenario.lane(.removedSegmentSelectsTheFirst)).run(scenario.steps)
        #expect(first?.step == 2 && first.map { $0.fields.contains(.selection) } == true)
        let taken = await RaceRunner(scenario.lane(.insertedSegmentTakesTheSelection)).run(scenario.steps)
        #expect(taken?.step == 5 && taken.map { $0.fields.contains(.selection) } == true)
    }

    /// Regression (found by a stress run of the re-listing steps, and reachable with additions
    /// alone): a failure reported beside the content, then an error screen redrawn with another
    /// section's failure, then the content back. The failure went beside the content once; the
    /// reference model reported it again, the framework rightly did not.
    @Test(arguments: [CompositionStep.relist([3, 1, 0]), .add(child: 1)])
    func aFailureBesideContentIsNotReportedAgainAfterTheErrorScreenMoved(_ comeback: CompositionStep) async {
        let scenario = CompositionScenario(
            container: .composed(.asTheyArrive), poolSize: 4, initialMembers: [0, 1], initialSelection: 0,
            steps: [
                .begin(child: 1, keepingContent: true),
                .begin(child: 0, keepingContent: false),
                .finish(child: 0, .earlier(0), .failure(1)),
                .begin(child: 3, keepingContent: true),
                .finish(child: 3, .earlier(3), .failure(3)),
                .finish(child: 1, .latest, .items(["v1.0"])),
                .remove(child: 1),
                .add(child: 3),
                comeback,
            ])
        #expect(await RaceRunner(scenario.lane()).run(scenario.steps) == nil)
        let model = scenario.lane().referenceModel(after: scenario.steps)
        #expect(model.log.filter { $0.hasPrefix("refreshFailed") } == ["refreshFailed(RaceError(1))"])
        #expect(model.log.last { $0.hasPrefix("show(") } == "show(content)")
    }
}

extension CompositionStructureTests {
    /// Regression (the merged re-entrant and structure steps, seeds 10551169748860003461 and
    /// 16309016987498482349): a re-listing's cancel of a section that leaves asks its model,
    /// which adds a section. One the re-listing lists was added twice (counted twice, so its
    /// failure left the screen loading); one that was leaving too was added back, then left
    /// the container's hearing (so its next load drew nothing).
    @Test(arguments: [
        CompositionScenario(
            container: .composed(.asTheyArrive), poolSize: 3, initialMembers: [0, 1], initialSelection: 0,
            steps: [
                .remove(child: 1),
                .begin(child: 1, keepingContent: true),
                .reenter(.hasContent, .add(child: 1)),
                .reload(keepingContent: false),
                .relist([1]),
                .finish(child: 1, .latest, .failure(4)),
            ]),
        CompositionScenario(
            container: .composed(.asTheyArrive), poolSize: 3, initialMembers: [0], initialSelection: 2,
            steps: [
                .remove(child: 0),
                .insert(child: 1, at: 0),
                .begin(child: 0, keepingContent: true),
                .reenter(.hasContent, .add(child: 1)),
                .insert(child: 0, at: 0),
                .relist([2]),
                .begin(child: 1, keepingContent: true),
            ]),
    ])
    func aSectionAddedFromACallbackOfAReListingsCancelIsCountedOnceAndHeard(_ scenario: CompositionScenario) async {
        #expect(await RaceRunner(scenario.lane()).run(scenario.steps) == nil)
    }
}

extension CompositionStructureTests {
    /// Regression (the merged re-entrant and structure steps, seed 1757412769751565284): a
    /// reset's cancel of a section asks its model, which removes that section. The framework
    /// drew the error screen of the sections that had failed before the reset's initial screen;
    /// the reset now draws once, at its end, and the reference model says so.
    @Test func aSectionRemovedFromACallbackOfAResetsCancelIsNotDrawnOnTheWay() async {
        let scenario = CompositionScenario(
            container: .composed(.allTogether), poolSize: 3, initialMembers: [1, 2], initialSelection: 2,
            steps: [
                .reload(keepingContent: true),
                .begin(child: 0, keepingContent: false),
                .finish(child: 1, .earlier(7), .failure(1)),
                .finish(child: 2, .latest, .failure(2)),
                .reenter(.hasContent, .remove(child: 0)),
                .add(child: 0),
                .reset,
            ])
        #expect(await RaceRunner(scenario.lane()).run(scenario.steps) == nil)
        let model = scenario.lane().referenceModel(after: scenario.steps)
        #expect(model.log.suffix(2) == ["reentry .hasContent: true", "show(initial)"])
    }
}

extension CompositionStructureTests {
    /// Regression (seeds 14622749978511177526 and 2527687676219425485): after a reset, a
    /// section's load settles while a newer load of it, begun from its update, is in flight.
    /// That settling moves no state and reports nothing, so the container still counts the
    /// section as the reset marked it (loading) until it reports; the reference model read the
    /// section's settled load without a report, and counted it refreshing.
    @Test(arguments: [
        CompositionScenario(
            container: .composed(.allTogether), poolSize: 2, initialMembers: [], initialSelection: 0,
            steps: [
                .relist([0, 1]),
                .reload(keepingContent: true),
                .finish(child: 1, .earlier(3), .items(["v4.0"])),
                .reset,
                .reenter(.update, .begin(child: 1, keepingContent: true)),
                .begin(child: 1, keepingContent: true),
                .finish(child: 1, .latest, .items(["v5.0"])),
            ]),
        CompositionScenario(
            container: .composed(.allTogether), poolSize: 3, initialMembers: [0], initialSelection: 2,
            steps: [
                .relist([2, 1]),
                .begin(child: 1, keepingContent: true),
                .reenter(.rendererShow, .changeModel(child: 1, ["m1"])),
                .finish(child: 1, .latest, .items([])),
                .reset,
                .begin(child: 1, keepingContent: true),
                .reenter(.update, .begin(child: 1, keepingContent: true)),
                .finish(child: 1, .latest, .items(["v1.0"])),
            ]),
    ])
    func aLoadSettledUnderANewerOneAfterAResetKeepsTheMarkUntilTheSectionReports(_ scenario: CompositionScenario) async
    {
        #expect(await RaceRunner(scenario.lane()).run(scenario.steps) == nil)
    }
}
