import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Hand-written stale taps: an action kept from a screen or footer acts while that drawing is
/// shown and answers `false`, doing nothing, once it was replaced.
extension ModelBasedTests {
    /// The error screen's Retry tapped twice: the first tap begins a load, whose loading screen
    /// replaces the error, so the second does nothing. A model in which stale actions act sees
    /// the second tap begin another load.
    @Test func aSecondTapOnAnErrorScreensRetryDoesNothing() async {
        let steps: [ContentStep] = [
            .begin(keepingContent: false),
            .finish(.latest, .failure(1)),  // the error screen, with Retry
            .keepDrawnActions,
            .reenter(.placeholderAction, .begin(keepingContent: false)),
            .tapKeptPlaceholderAction,  // Retry: a load begins, its loading screen replaces the error
            .reenter(.placeholderAction, .begin(keepingContent: false)),
            .tapKeptPlaceholderAction,  // the second tap: stale
            .finish(.latest, .items(["a"])),
        ]
        #expect(await RaceRunner(ContentRaceLane()).run(steps) == nil)
        var model = ContentReferenceModel()
        let answers = steps.map { model.apply($0) }
        #expect(answers[4] == true && answers[6] == false)
        #expect(model.generations == 2, "the second tap began no load")
        #expect(model.items == ["a"])
        let wrong = await RaceRunner(ContentRaceLane(fault: .staleActionsAct)).run(steps)
        #expect(wrong?.step == 7 && wrong.map { $0.fields.isSuperset(of: [.answer]) } == true)
    }

    /// The double tap on a failed footer's Retry: the first tap requests the failed
    /// page again; once it landed, the second requests nothing (it used to fetch the page
    /// after). A model in which stale actions act sees that page requested.
    @Test func aSecondTapOnAFailedFootersRetryAfterItsPageLandedFetchesNothing() async {
        let steps: [ContentStep] = [
            .begin(keepingContent: false),
            .finish(.latest, .page(["a"], next: 10)),
            .loadMore,  // page #1, at 10
            .finishPage(.latest, .failure(1)),  // the failed footer, with Retry
            .keepDrawnActions,
            .tapKeptFooterAction,  // Retry: page #2, at 10 again
            .tapKeptFooterAction,  // the loading-more indicator replaced the footer: stale
            .finishPage(.latest, .rows(1, next: 20)),
            .tapKeptFooterAction,  // the double tap, once the page landed
            .loadMore,  // page #3, at 20
        ]
        #expect(await RaceRunner(ContentRaceLane()).run(steps) == nil)
        var model = ContentReferenceModel()
        let answers = steps.map { model.apply($0) }
        #expect(answers[5] == true && answers[6] == false && answers[8] == false)
        #expect(model.lane.answers == ["started(#1)", "started(#3)"], "the stale taps took no call")
        #expect(model.log.contains("loadPage(#2 after 10)") && model.log.contains("loadPage(#3 after 20)"))
        #expect(model.items == ["a", "p2@10.0"])
        let wrong = await RaceRunner(ContentRaceLane(fault: .staleActionsAct)).run(steps)
        #expect(wrong?.step == 7 && wrong.map { $0.fields.isSuperset(of: [.answer]) } == true)
    }
}
