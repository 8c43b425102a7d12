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
        let seeds: [UInt64]
        if let replay = RaceSettings.replaySeed {
            seeds = [replay]
        } else {
            let base = RaceSettings.seed(for: "ModelBasedTests")
            seeds = (0..<RaceSettings.iterations(10_000)).map { SeededGenerator.seed(base: base, index: $0) }
        }
        let coverage = PagingCoverage()
        for seed in seeds {
            var generator = OperationGenerator(seed: seed)
            let operations = generator.sequence(maximumLength: 24)
            let firstFrame = FirstFrame(seed: seed)
            guard await SequenceRunner.run(operations, firstFrame: firstFrame, coverage: coverage) != nil else {
                continue
            }
            let (minimal, mismatch) = await SequenceRunner.shrink(operations, firstFrame: firstFrame)!
            let report = """
                seed \(seed) (replay with RACE_REPLAY=\(seed)), first frame \(firstFrame): \(mismatch)
                1-minimal failing sequence (no single step can be removed):
                \(SequenceRunner.source(minimal))
                """
            print(report)
            Issue.record(Comment(rawValue: report))
            return
        }
        guard RaceSettings.replaySeed == nil else { return }
        print("sequences reaching each paging situation: \(coverage.summary)")
        #expect(coverage.missing.isEmpty, "no sequence reached \(coverage.missing)")
    }

    /// A hand-written sequence the real types must match, and the same sequence against two
    /// deliberately wrong models, which they must not.
    @Test func knownSequenceMatchesAndAWrongModelWouldNot() async {
        let operations: [RaceOperation] = [
            .begin(keepingContent: true),
            .beginAsync(keepingContent: true, observesCancellation: false),
            .finish(.earlier(0), .items(["stale"])),
            .resume(.latest, .items(["fresh"])),
            .begin(keepingContent: true),
            .finish(.latest, .failure(1)),
        ]
        #expect(await SequenceRunner.run(operations) == nil)
        var model = ReferenceModel()
        for operation in operations { _ = model.apply(operation) }
        #expect(model.items == ["fresh"])
        #expect(model.displayed == .content)
        #expect(
            model.log.suffix(6) == [
                "willShow(content)", "content.show(content)", "didShow(content)",
                "refreshFailed(RaceError(1))", "announce(refreshFailed(RaceError(1)))", "finished(RaceError(1))",
            ])
        let wrongScreen = await SequenceRunner.run(operations, fault: .failedRefreshShowsError)
        #expect(wrongScreen?.step == 6)
        #expect(wrongScreen.map { $0.fields.isSuperset(of: [.state, .shown, .log]) } == true)
        let wrongError = await SequenceRunner.run(operations, fault: .errorForgottenWhenALoadBegins)
        #expect(wrongError == nil, "no load begins after the failure, so this fault stays hidden here")
        let staleWrite = await SequenceRunner.run(operations, fault: .modelWrittenBeforeFinish)
        #expect(staleWrite?.step == 3 && staleWrite?.fields == [.items])
        let wrongAnnouncement = await SequenceRunner.run(operations, fault: .refreshAnnouncedAsLoading)
        #expect(wrongAnnouncement?.step == 5 && wrongAnnouncement?.fields == [.log], "the refresh begins at step 5")
    }

    /// Each deliberate fault, in the model or in how the live side uses the framework, is found
    /// among random sequences, through the comparison that is meant to see it; then shrunk to a
    /// sequence from which no single step can be removed.
    @Test(arguments: Fault.allCases)
    func everyComparisonCatchesItsFault(_ fault: Fault) async {
        // Fixed seeds: this checks the checker, so it must not depend on luck.
        let base: UInt64 = 0xFA01_7000
        for index in 0..<3_000 {
            let seed = SeededGenerator.seed(base: base, index: index)
            var generator = OperationGenerator(seed: seed)
            let operations = generator.sequence(maximumLength: 24)
            let firstFrame = FirstFrame(seed: seed)
            guard let mismatch = await SequenceRunner.run(operations, fault: fault, firstFrame: firstFrame) else {
                continue
            }
            #expect(mismatch.fields.isSuperset(of: fault.detectedBy), "\(fault), seed \(seed): \(mismatch)")
            if fault.isVisibleOnlyThere {
                #expect(mismatch.fields == fault.detectedBy, "\(fault), seed \(seed): \(mismatch)")
            }
            let (minimal, _) = await SequenceRunner.shrink(operations, fault: fault, firstFrame: firstFrame)!
            let seenBy = mismatch.fields.map { "\($0)" }.sorted().joined(separator: ", ")
            print(
                "\(fault): found at seed \(seed) (sequence \(index), \(firstFrame)) by \(seenBy); 1-minimal: \(minimal)"
            )
            #expect(minimal.count <= operations.count)
            for removed in minimal.indices {
                var shorter = minimal
                shorter.remove(at: removed)
                #expect(
                    await SequenceRunner.run(shorter, fault: fault, firstFrame: firstFrame) == nil,
                    "\(fault): step \(removed) removable")
            }
            let withoutFault = await SequenceRunner.run(minimal, firstFrame: firstFrame)
            #expect(withoutFault == nil, "without the fault, the sequence passes")
            return
        }
        Issue.record("\(fault) went unnoticed by 3,000 sequences")
    }
}
