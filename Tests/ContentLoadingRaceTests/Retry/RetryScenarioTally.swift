/// Counts, over many races, the races that reached each ``RetryScenario``.
@MainActor
final class RetryScenarioTally {
    private(set) var races: [RetryScenario: Int] = [:]

    func add(_ scenarios: Set<RetryScenario>) {
        for scenario in scenarios { races[scenario, default: 0] += 1 }
    }
}
