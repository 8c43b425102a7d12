import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Random sequences of begins, finishes (current, stale, repeated), cancels, async loads that
/// return late or are cancelled, and releases, run against the real types and a reference
/// model; after every step the shown state, the model, the render log, every token's
/// validity and every answer must agree.
@MainActor
@Suite struct ModelBasedTests {
    /// 10,000 sequences by default; `STRESS=1` runs 1,000,000.
    @Test func randomSequencesMatchTheReferenceModel() async {
        let seeds: [UInt64]
        if let replay = RaceSettings.replaySeed {
            seeds = [replay]
        } else {
            let base = RaceSettings.seed(for: "ModelBasedTests")
            seeds = (0..<RaceSettings.iterations(10_000)).map { SeededGenerator.seed(base: base, index: $0) }
        }
        for seed in seeds {
            var generator = OperationGenerator(seed: seed)
            let operations = generator.sequence(maximumLength: 24)
            guard await SequenceRunner.run(operations) != nil else { continue }
            let (shortest, mismatch) = await SequenceRunner.shrink(operations)!
            let steps = shortest.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
            print("seed: \(seed) (replay with RACE_REPLAY=\(seed))\nshortest failing sequence:\n\(steps)\n\(mismatch)")
            Issue.record("seed \(seed): \(mismatch)\nshortest failing sequence:\n\(steps)")
            return
        }
    }

    /// The generator and runner themselves: a hand-written sequence the model must accept, so
    /// a model that agrees with everything would be caught.
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
            model.log.suffix(5) == [
                "willShow(content)", "content.show(content)", "didShow(content)",
                "refreshFailed(RaceError(1))", "finished(RaceError(1))",
            ])
    }
}
