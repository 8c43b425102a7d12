import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// Awaited reloads of a whole composed screen (`reload(ownedBy:)`, as `.refreshable` calls it),
/// begun from tasks while others finish, cancel and begin its children's loads and add and
/// remove children: every reload returns once the loads it awaits have ended (none hangs), no
/// child's coordinator is left recording outcomes for a waiter that never came, and the
/// oracle's checks hold after every step.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct CompositionReloadContentionTests {
    private nonisolated static let workers = 6
    private nonisolated static let children = 8

    @Test(arguments: [RevealPolicy.allTogether, .asTheyArrive])
    func awaitedReloadsOfTheScreenEndWhileItsChildrenRace(_ reveal: RevealPolicy) async {
        let seed = RaceSettings.seed(for: "CompositionReloadContentionTests \(reveal)")
        let harness = CompositionContentionHarness(children: Self.children, container: .composed(reveal))
        var outcomes: [String: Int] = [:]
        for round in 0..<RaceSettings.iterations(40) {
            await harness.raceAwaitedReloads(workers: Self.workers, seed: seed, round: round, outcomes: &outcomes) {
                CompositionContentionHarness.action(tickets: $0, segments: false, using: &$1)
            }
            if !harness.violations.isEmpty || !harness.reads.violations.isEmpty { break }
        }
        print("reloads \(reveal) seed \(seed): \(outcomes.sorted { $0.key < $1.key })")
        #expect(harness.violations.isEmpty, "\(reveal) seed \(seed): \(harness.violations.prefix(5))")
        #expect(outcomes["stillRunning"] == nil, "\(reveal) seed \(seed): nobody stopped waiting")
        #expect(outcomes.values.reduce(0, +) > 0, "\(reveal) seed \(seed): reloads were awaited")
        #expect(
            outcomes["superseded", default: 0] > 0
                && outcomes.keys.contains { ["committed", "failed"].contains($0) },
            "\(reveal) seed \(seed): some reloads were superseded, some accepted")
    }
}
