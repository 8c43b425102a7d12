import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Random sequences of begins, finishes (current, stale, repeated), cancels, async loads that
/// return late or are cancelled, releases, and callbacks that re-enter the framework from every
/// point where it calls app code (both placeholder callbacks, will/did show, every renderer's
/// show and hide, `hasContent`, a finish's update, a placeholder's action) with every action
/// (begin, begin and finish, begin and cancel, current or stale finish, cancel, a model change,
/// the delegate set to none, the same or another, the wrapper replaced), and the append lane
/// of the paged data source (first pages with or without a next cursor, load more, pages
/// finished current or stale, failed, cancelled and retried from the footer), and taps on a
/// placeholder's or a failed footer's action kept from an earlier drawing (acting only while
/// that drawing is shown), run against the real types and a reference model. After every step
/// the shown state, the coordinator's state,
/// `isLoading` and `error`, the model, the render log, every token's validity (pages' too),
/// every running task's cancellation, every answer (`loadMore()`'s too), the append state, the
/// next cursor and the footer drawn must agree, and the attached wrapper must draw what the
/// state and the lane call for.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct ModelBasedTests {
    /// 10,000 sequences by default; `STRESS=1` runs 1,000,000. The generator must reach every
    /// paging situation the model knows (``PagingEvent``), or the run fails.
    @Test func randomSequencesMatchTheReferenceModel() async {
        var reached = Coverage<PagingEvent>()
        let passed = await RaceRunner.explore(
            "ModelBasedTests", count: 10_000, sequence: { ContentStepGenerator.sequence(seed: $0) },
            passed: { lane, steps in reached.add(lane.referenceModel(after: steps).lane.reached) })
        guard passed else { return }
        print("sequences reaching each paging situation: \(reached.summary(PagingEvent.allCases, name: \.rawValue))")
        let missing = reached.missing(PagingEvent.allCases)
        #expect(missing.isEmpty, "no sequence reached \(missing)")
    }

    /// A hand-written sequence the real types must match, and the same sequence against two
    /// deliberately wrong models, which they must not.
    @Test func knownSequenceMatchesAndAWrongModelWouldNot() async {
        let steps: [ContentStep] = [
            .begin(keepingContent: true),
            .beginAsync(keepingContent: true, observesCancellation: false),
            .finish(.earlier(0), .items(["stale"])),
            .resume(.latest, .items(["fresh"])),
            .begin(keepingContent: true),
            .finish(.latest, .failure(1)),
        ]
        #expect(await RaceRunner(ContentRaceLane()).run(steps) == nil)
        let model = ContentRaceLane().referenceModel(after: steps)
        #expect(model.items == ["fresh"])
        #expect(model.displayed == .content)
        #expect(
            model.log.suffix(6) == [
                "willShow(content)", "content.show(content)", "didShow(content)",
                "refreshFailed(RaceError(1))", "announce(refreshFailed(RaceError(1)))", "finished(RaceError(1))",
            ])
        let wrongScreen = await RaceRunner(ContentRaceLane(fault: .failedRefreshShowsError)).run(steps)
        #expect(wrongScreen?.step == 6)
        #expect(wrongScreen.map { $0.fields.isSuperset(of: [.state, .shown, .log]) } == true)
        let wrongError = await RaceRunner(ContentRaceLane(fault: .errorForgottenWhenALoadBegins)).run(steps)
        #expect(wrongError == nil, "no load begins after the failure, so this fault stays hidden here")
        let staleWrite = await RaceRunner(ContentRaceLane(fault: .modelWrittenBeforeFinish)).run(steps)
        #expect(staleWrite?.step == 3 && staleWrite?.fields == [.items])
        let wrongAnnouncement = await RaceRunner(ContentRaceLane(fault: .refreshAnnouncedAsLoading)).run(steps)
        #expect(wrongAnnouncement?.step == 5 && wrongAnnouncement?.fields == [.log], "the refresh begins at step 5")
    }

    /// Each deliberate fault, in the model or in how the live side uses the framework, is found
    /// among random sequences, through the comparison that is meant to see it; then shrunk to a
    /// sequence from which no single step can be removed.
    @Test(arguments: ContentFault.allCases)
    func everyComparisonCatchesItsFault(_ fault: ContentFault) async {
        await RaceRunner.hunt(fault, base: 0xFA01_7000) { ContentStepGenerator.sequence(seed: $0) }
    }
}
