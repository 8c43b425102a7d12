import ContentLoading
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
    /// 3,000 races by default; `STRESS=1` runs 300,000. `RETRY_REPLAY=<seed>` runs only that
    /// race, as a failure prints it.
    ///
    /// Every scenario must be reached at least 3 times. The rarest (a Retry tapped on a failed
    /// footer) is reached about 10 times in 3,000 races, and one base seed in a fresh-clone run
    /// reached it once: so when a scenario falls short, up to three more rounds of 3,000 races,
    /// each from its own printed seed, run before the floor is checked.
    @Test func randomRetryRacesMatchTheReferenceModel() async {
        var reached = Coverage<RetryScenario>()
        var round = 1
        var passed = await exploreRetryRaces(round: round, reached: &reached)
        while passed, round < 4, RetryScenario.allCases.contains(where: { reached[$0] < 3 }) {
            round += 1
            passed = await exploreRetryRaces(round: round, reached: &reached)
        }
        guard passed else { return }
        print("RetryModelBasedTests: races reaching each scenario: \(reached.summary(RetryScenario.allCases))")
        for scenario in RetryScenario.allCases {
            #expect(reached[scenario] >= 3, "only \(reached[scenario]) races reached \(scenario)")
        }
    }

    /// One round of 3,000 random races, each added to `reached`; the first round's seed is the
    /// suite's, each later round's its own (every seed is printed, and `RACE_SEED` replays them).
    private func exploreRetryRaces(round: Int, reached: inout Coverage<RetryScenario>) async -> Bool {
        await RaceRunner.explore(
            round == 1 ? "RetryModelBasedTests" : "RetryModelBasedTests, round \(round)", count: 3_000,
            sequence: { RetryStepGenerator.sequence(seed: $0) },
            passed: { lane, steps in reached.add(lane.referenceModel(after: steps).scenarios) })
    }

    /// Each planted fault is found among random races through the comparison meant to see it,
    /// then shrunk to a race from which no single step can be removed, which passes without it.
    ///
    /// A fault only a re-entrant step can show is hunted among whole races; the others among
    /// the same races without their re-entrant steps: the races the first random stream
    /// makes, where they were first found.
    @Test(arguments: RetryFault.allCases)
    func everyComparisonCatchesItsFault(_ fault: RetryFault) async {
        await RaceRunner.hunt(fault, base: 0x7E7_2000) { seed in
            var (lane, steps) = RetryStepGenerator.sequence(seed: seed)
            if !fault.needsReentrantSteps { steps.removeAll(where: \.isReentrant) }
            return (lane, steps)
        }
    }
}
