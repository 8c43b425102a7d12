import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Optimistic writes, model-based. Seeded sequences make serial and concurrent
/// writes on one or two keys of a shared store, answer them in any order (with the server's
/// value, nothing, a failure or a cancellation), cancel them, and interleave them with the keys'
/// fetches (current or late), invalidations, the app's own writes, removals and data sources
/// bound and released; a reference model of layers over committed values predicts each step.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct WriteModelTests {
    /// 300 sequences by default; `STRESS=1` runs 100 times more.
    @Test func randomSequencesMatchTheReferenceModel() async {
        var reached = Coverage<String>()
        let passed = await RaceRunner.explore(
            "WriteModelTests", count: 300, sequence: { WriteStepGenerator.sequence(seed: $0) },
            noting: { step, before, answer, _ in
                let hadLayers = ["a", "b"].contains { !before.pending($0).isEmpty }
                if step == .releaseStore, hadLayers, !before.storeReleased {
                    reached.note("stores released mid-write")
                }
                if case .misuse = step, !before.storeReleased { reached.note("changes that used the store") }
                if answer == "superseded" { reached.note("superseded responses") }
                if answer == "failed", hadLayers { reached.note("rollbacks") }
                if answer == "landed", hadLayers { reached.note("fetches landed under layers") }
            })
        let races = ["superseded responses", "rollbacks", "fetches landed under layers"]
        let misuses = ["stores released mid-write", "changes that used the store"]
        print("write lane reached: \(reached.summary(races + misuses))")
        if passed {
            #expect(reached.missing(races).isEmpty, "the sequences reach the races")
            #expect(reached.missing(misuses).isEmpty, "the sequences reach the misuses")
        }
    }

    /// Each planted fault is found among fixed-seed sequences through the comparison meant to
    /// see it, and shrunk to a sequence from which no step can be removed, which passes without it.
    @Test(arguments: WriteFault.allCases)
    func everyComparisonCatchesItsFault(_ fault: WriteFault) async {
        await RaceRunner.hunt(fault, base: 0x3A17_E000_0000, count: 1_000) { WriteStepGenerator.sequence(seed: $0) }
    }

    /// A mismatch in the runner's drain is numbered after the given steps and names the steps the
    /// runner added, so that a 1-minimal sequence printed shorter than the failing step's number
    /// reads right.
    @Test func aMismatchInTheDrainNamesTheStepsTheRunnerAdded() async throws {
        let steps: [WriteStep] = [
            .storeWrite("a"), .bind("a"), .write("a", .append, concurrent: true),
            .write("a", .append, concurrent: true),
        ]
        let mismatch = try #require(await RaceRunner(WriteRaceLane(fault: .revalidatesAfterEachWrite)).run(steps))
        #expect(mismatch.step == 5 && mismatch.given == 4 && mismatch.added == [".respond(.oldest, .nothing)"])
        #expect(
            mismatch.description.hasPrefix(
                "step 5 (.respond(.oldest, .nothing)), after the 4 given steps the runner added .respond(.oldest, .nothing): "
            ), "\(mismatch)")
    }

    /// A double toggle whose newer answer lands first, as a sequence: the older set is not
    /// applied over the newer commit, and a store released with writes pending settles them.
    @Test func anOlderSetIsNotReplayedAndAReleasedStoreSettlesItsWrites() async {
        let steps: [WriteStep] = [
            .storeWrite("a"), .bind("a"), .write("a", .set, concurrent: true), .write("a", .set, concurrent: true),
            .respond(.newest, .answer), .write("a", .append, concurrent: true), .releaseStore,
            .respond(.oldest, .answer),
        ]
        #expect(await RaceRunner(WriteRaceLane()).run(steps) == nil)
        var model = WriteReferenceModel(fault: nil)
        let answers = steps.map { model.apply($0) }
        #expect(answers[4] == "committed(a@w2)" && answers[7] == "ignored")
        #expect(model.outcomes == ["cancelled", "committed(a@w2)", "cancelled"])
    }

    /// TanStack/query #439 as a sequence: a refresh begun before the write lands under it, and
    /// the write lands after; the change never leaves the screen.
    @Test func aRefreshBegunBeforeAWriteLandsUnderIt() async {
        let steps: [WriteStep] = [
            .storeWrite("a"), .bind("a"), .invalidate("a"), .write("a", .append, concurrent: false),
            .finish("a", .newest, fails: false), .respond(.oldest, .nothing),
        ]
        #expect(await RaceRunner(WriteRaceLane()).run(steps) == nil)
        var model = WriteReferenceModel(fault: nil)
        let answers = steps.map { model.apply($0) }
        #expect(answers[4] == "landed" && answers[5] == "committed(a#f1+w1)")
    }
}
