import ContentLoading
import ContentLoadingTestSupport
import Foundation
import Testing

/// Random races of retrying loads against the real types and a reference model: loads and
/// pages whose attempts are scripted one by one (returning, failing with an error the policy
/// retries or refuses or that names its own delay, throwing a cancellation, ignoring
/// cancellation), the clock moved to exactly a retry's deadline or 1 ms short of it, newer
/// loads, `cancel()`, `cancelLoadMore()`, a task cancelled from outside, a finish by hand and
/// the data source released during a retry sleep, late attempt results, the error screen's
/// and the footer's Retry, and any of the app's actions taken from inside a callback (the
/// delegates' reports of loads and retries, the placeholders, `hasContent`, a commit; see
/// ``RetrySite``). After every step the state, the drawn state, the error,
/// the model, the append lane and footer, every load's attempts (and the cursor each asked
/// for), every task's value and cancellation, every sleep on the clock by load, the retries
/// both delegates heard, `retryAttempt` and the other delegate calls must agree.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct RetryModelBasedTests {
    /// `RETRY_REPLAY=<seed>` runs only that race, as a failure prints it.
    static let replaySeed = ProcessInfo.processInfo.environment["RETRY_REPLAY"].flatMap { UInt64($0) }

    /// The policy and steps of the race with this seed.
    static func race(_ seed: UInt64) -> (setup: RetryRaceSetup, steps: [RetryStep]) {
        var generator = RetryStepGenerator(seed: seed)
        let setup = generator.setup()
        return (setup, generator.sequence(maximumLength: 30))
    }

    /// 3,000 races by default; `STRESS=1` runs 300,000.
    @Test func randomRetryRacesMatchTheReferenceModel() async {
        let seeds: [UInt64]
        if let replay = Self.replaySeed {
            seeds = [replay]
        } else {
            let base = RaceSettings.seed(for: "RetryModelBasedTests")
            seeds = (0..<RaceSettings.iterations(3_000)).map { SeededGenerator.seed(base: base, index: $0) }
        }
        let tally = RetryScenarioTally()
        defer {
            if Self.replaySeed == nil {
                print("RetryModelBasedTests: races reaching each scenario: \(tally.races)")
                for scenario in RetryScenario.allCases {
                    #expect(
                        tally.races[scenario, default: 0] >= 3,
                        "only \(tally.races[scenario, default: 0]) races reached \(scenario)")
                }
            }
        }
        for seed in seeds {
            let (setup, steps) = Self.race(seed)
            guard await RetrySequenceRunner.run(steps, setup: setup, reached: tally) != nil else { continue }
            let (minimal, mismatch) = await RetrySequenceRunner.shrink(steps, setup: setup)!
            let report = """
                seed \(seed) (replay with RETRY_REPLAY=\(seed)), \(setup): \(mismatch)
                1-minimal failing race (no single step can be removed):
                \(RetrySequenceRunner.source(minimal))
                """
            print(report)
            Issue.record(Comment(rawValue: report))
            return
        }
    }

    /// Each planted fault is found among random races through the comparison meant to see it,
    /// then shrunk to a race from which no single step can be removed, which passes without it.
    ///
    /// A fault only a re-entrant step can show is hunted among whole races; the others among
    /// the same races without their re-entrant steps: the races the first random stream
    /// makes, where they were first found.
    @Test(arguments: RetryFault.allCases)
    func everyComparisonCatchesItsFault(_ fault: RetryFault) async {
        // Fixed seeds: this checks the checker, so it must not depend on luck.
        let base: UInt64 = 0x7E7_2000
        for index in 0..<3_000 {
            let seed = SeededGenerator.seed(base: base, index: index)
            var (setup, steps) = Self.race(seed)
            if !fault.needsReentrantSteps { steps.removeAll(where: \.isReentrant) }
            guard let mismatch = await RetrySequenceRunner.run(steps, setup: setup, fault: fault) else { continue }
            #expect(mismatch.fields.isSuperset(of: fault.detectedBy), "\(fault), seed \(seed): \(mismatch)")
            if fault.isVisibleOnlyThere {
                #expect(mismatch.fields == fault.detectedBy, "\(fault), seed \(seed): \(mismatch)")
            }
            let (minimal, _) = await RetrySequenceRunner.shrink(steps, setup: setup, fault: fault)!
            print("\(fault): found at seed \(seed) (race \(index), \(setup)); 1-minimal: \(minimal)")
            for removed in minimal.indices {
                var shorter = minimal
                shorter.remove(at: removed)
                #expect(
                    await RetrySequenceRunner.run(shorter, setup: setup, fault: fault) == nil,
                    "\(fault): step \(removed) removable")
            }
            #expect(await RetrySequenceRunner.run(minimal, setup: setup) == nil, "without the fault, the race passes")
            return
        }
        Issue.record("\(fault) went unnoticed by 3,000 races")
    }
}
