import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A hand-written retry race the real types must match, with what the model predicts spelled
/// out, and the steps at which planted faults must first show.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct RetryKnownRaceTests {
    static let setup = RetryRaceSetup(maxAttempts: 3, jittered: false)

    static func error(_ id: Int, _ kind: RetryRaceError.Kind = .transient) -> RetryStep.Outcome {
        .failure(RetryRaceError(id: id, kind: kind))
    }

    static let steps: [RetryStep] = [
        .load(keepingContent: true, firstPage: true, ignoresCancellation: false),
        .resolve(.newest, error(1)),  // 2: retry 2 of 3 in 1 s
        .advance(.justBefore),  // 3: 999 ms: still asleep
        .advance(.toDeadline),  // 4: 1 ms more: attempt 2
        .resolve(.newest, error(2)),  // 5: retry 3 of 3 in 2 s
        .advance(.toDeadline),  // 6: attempt 3
        .resolve(.newest, error(3)),  // 7: the last attempt fails: the error screen, with E3
        .tapRetry,  // 8: load 2, attempt 1 again
        .resolve(.newest, error(4, .retryAfter(.seconds(10)))),  // 9: retry after 3 s, the cap
        .load(keepingContent: true, firstPage: true, ignoresCancellation: true),  // 10: supersedes it asleep
        .resolve(.newest, .rows(2, ends: false)),  // 11: content, next cursor 1
        .loadMore(ignoresCancellation: false),  // 12: page 4 at cursor 1
        .resolve(.newest, error(5)),  // 13: the page retries in 1 s
        .advance(.toDeadline),  // 14: cursor 1 again
        .resolve(.newest, error(6, .fatal)),  // 15: refused: the page fails, the cursor kept
        .tapFooterRetry,  // 16: page 5 at cursor 1
        .resolve(.newest, error(7)),  // 17: retries in 1 s
        .load(keepingContent: true, firstPage: true, ignoresCancellation: false),  // 18: a refresh ends it
        .resolve(.newest, error(8)),  // 19: the refresh retries with its content on screen
        .releaseDataSource,  // 20: ends that sleep
    ]

    @Test func theRealTypesMatchTheModelsPrediction() async {
        var model = RetryReferenceModel(setup: Self.setup)
        for step in Self.steps.prefix(19) { _ = model.apply(step) }
        #expect(model.state == .refreshing, "a retrying refresh keeps its content on screen")
        #expect(model.items == ["3-0", "3-1"])
        #expect(model.wrapper.retry?.text == "content 2/3 E8 1.0 seconds")
        _ = model.apply(Self.steps[19])
        #expect(
            model.retriesHeard.filter { $0.hasPrefix("ds ") } == [
                "ds content 2/3 E1 1.0 seconds", "ds content 3/3 E2 2.0 seconds",
                "ds content 2/3 R4(10.0 seconds) 3.0 seconds", "ds page 2/3 E5 1.0 seconds",
                "ds page 2/3 E7 1.0 seconds", "ds content 2/3 E8 1.0 seconds",
            ])
        let view = model.view(answer: nil)
        #expect(
            view.attempts == [
                "#1 content ×3", "#2 content ×1", "#3 content ×1", "#4 page @1 @1", "#5 page @1", "#6 content ×1",
            ])
        #expect(view.taskValues == ["#1 true", "#2 false", "#3 true", "#4 true", "#5 false", "#6 false"])
        #expect(view.sleeps == ["sleepers 0"], "no sleep outlives its load")
        #expect(model.log.contains("finished(E3)"), "the error screen shows the last attempt's error")
        #expect(await RaceRunner(RetryRaceLane(setup: Self.setup)).run(Self.steps) == nil)
    }

    @Test(arguments: [
        (RetryFault.boundaryIsExclusive, 4), (.lastErrorIsTheFirst, 7), (.attemptsCountedAcrossLoads, 9),
        (.supersededSleepKeepsSleeping, 10), (.pageRetryAsksForPageOne, 14), (.failedAttemptFailsTheFooter, 13),
        (.retryShowsLoading, 19), (.releasedSleepKeepsSleeping, 20),
    ])
    func aFaultShowsAtItsStep(_ fault: RetryFault, _ step: Int) async {
        let mismatch = await RaceRunner(RetryRaceLane(setup: Self.setup, fault: fault)).run(Self.steps)
        #expect(mismatch?.step == step, "\(fault): \(String(describing: mismatch))")
        #expect(mismatch.map { $0.fields.isSuperset(of: fault.detectedBy) } == true)
    }
}
