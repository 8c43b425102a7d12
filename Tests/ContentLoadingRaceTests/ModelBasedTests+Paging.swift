import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Hand-written paging sequences: what the real types must do, what each new comparison sees
/// when it is wrong, and the two holes the random sequences found in the append lane.
extension ModelBasedTests {
    /// A first page, a page, a stale page after a refresh, a failure and its Retry from the
    /// footer, and the end of the list: the real types match the model, which says what they
    /// must have done; three faults on the same sequence are each seen where they should be.
    @Test func knownPagingSequenceMatchesAndWrongLanesWouldNot() async {
        let steps: [ContentStep] = [
            .begin(keepingContent: false),
            .finish(.latest, .page(["a"], next: 10)),
            .loadMore,  // page #1, at cursor 10
            .finishPage(.latest, .rows(2, next: 20)),
            .loadMore,  // page #2, at 20
            .begin(keepingContent: true),  // a refresh: page #2 stops counting
            .loadMore,  // refused: the refresh is in flight
            .finishPage(.latest, .rows(1, next: 30)),  // page #2, stale: dropped
            .finish(.latest, .page(["b"], next: 40)),
            .loadMore,  // page #4 (call #3 was refused), at 40
            .finishPage(.latest, .failure(7)),
            .tapFooterAction,  // Retry: page #5, at 40 again
            .finishPage(.latest, .rows(1, next: nil)),
            .loadMore,  // the end
        ]
        #expect(await RaceRunner(ContentRaceLane()).run(steps) == nil)
        let model = ContentRaceLane().referenceModel(after: steps)
        #expect(model.items == ["b", "p5@40.0"])
        #expect(model.lane.answers == ["started(#1)", "started(#2)", "refreshInFlight", "started(#4)", "endReached"])
        #expect(model.lane.phase == .endReached && model.lane.nextCursor == nil)
        #expect(model.wrappers[0].footer == .endReached)
        #expect(model.log.contains("loadPage(#5 after 40)"))
        #expect(model.log.contains("failedPage(RaceError(7))"))
        let stale = await RaceRunner(ContentRaceLane(fault: .stalePageCommitted)).run(steps)
        #expect(stale?.step == 8 && stale?.fields == [.answer, .items])
        let refresh = await RaceRunner(ContentRaceLane(fault: .refreshKeepsThePageInFlight)).run(steps)
        #expect(refresh?.step == 6 && refresh.map { $0.fields.isSuperset(of: [.appendState, .validity]) } == true)
        let retry = await RaceRunner(ContentRaceLane(fault: .failedPageRetriedFromPageOne)).run(steps)
        #expect(retry == nil, "the failed page's cursor is the first page's next here, so this fault hides")
    }

    /// The footer comparison of the attached wrapper is live against live: a wrapper set in
    /// place without being attached draws the refreshing screen (the begin's report reaches it)
    /// but not the footer, which the lane never reported again: only that comparison sees it.
    @Test func anUnattachedWrapperMissingItsFooterIsSeenByTheFooterComparisonAlone() async {
        let steps: [ContentStep] = [
            .begin(keepingContent: false),
            .finish(.latest, .page(["a"], next: nil)),
            .reenter(.willBegin, .replaceWrapper),
            .begin(keepingContent: true),
        ]
        #expect(await RaceRunner(ContentRaceLane()).run(steps) == nil)
        let mismatch = await RaceRunner(ContentRaceLane(fault: .replacedWrapperNotAttached)).run(steps)
        #expect(mismatch?.step == 4 && mismatch?.fields == [.footerScreen], "\(String(describing: mismatch))")
    }

    /// The 1-minimal sequences the random sequences shrank two holes in the append lane to
    /// (see ``PagingRegressionTests``): a wrapper set again kept a footer the lane had left
    /// while it was detached; a page begun from `hasContent` as a refresh began kept a valid
    /// token after the refresh's first page had started the list over.
    @Test func theSequencesThatFoundTwoHolesInTheAppendLanePass() async {
        let reattached: [ContentStep] = [
            .begin(keepingContent: false),
            .finish(.latest, .page(["v1.0"], next: 10)),
            .reenter(.loadPage, .setDelegate(.none)),
            .loadMore,
            .act(.beginAndFinish(keepingContent: false, .items(["v2.0"]))),
            .act(.setDelegate(.same)),
        ]
        #expect(await RaceRunner(ContentRaceLane()).run(reattached) == nil)
        let pageBegunInARefresh: [ContentStep] = [
            .begin(keepingContent: false),
            .finish(.latest, .page(["v1.0"], next: 10)),
            .reenter(.hasContent, .loadMore),
            .act(.begin(keepingContent: true)),
            .finish(.latest, .page(["v2.0"], next: 20)),
        ]
        #expect(await RaceRunner(ContentRaceLane()).run(pageBegunInARefresh) == nil)
    }
}
