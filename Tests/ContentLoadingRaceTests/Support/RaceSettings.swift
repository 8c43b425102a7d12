import ContentLoadingTestSupport
import Foundation
import Testing

/// How hard the race suites push, read once from the environment.
///
/// - `STRESS=1` multiplies every iteration count by 100.
/// - `RACE_SEED=<n>` fixes the base seed of a run (otherwise a fresh one, printed).
/// - `RACE_REPLAY=<n>` runs only the model-based sequence with that seed, as a failure prints it.
enum RaceSettings {
    private static let environment = ProcessInfo.processInfo.environment

    /// 100 in stress mode, else 1.
    static let multiplier: Int = environment["STRESS"] == "1" ? 100 : 1

    /// The base seed every suite derives its seeds from.
    static let baseSeed: UInt64 = {
        if let text = environment["RACE_SEED"], let seed = UInt64(text) { return seed }
        return UInt64.random(in: 1...UInt64.max)
    }()

    /// The one sequence seed to replay, if asked.
    static let replaySeed: UInt64? = replaySeed(named: "RACE_REPLAY")

    /// The one sequence seed to replay, if the environment variable `name` gives one.
    static func replaySeed(named name: String) -> UInt64? { environment[name].flatMap { UInt64($0) } }

    /// Each race test's time limit: a backstop that names a test still running long after it
    /// should have ended (every wait in these suites gives up by itself after `WaitLimit.standard`).
    /// Stress mode runs 100 times the iterations, so it gets far longer.
    static let timeLimit: TimeLimitTrait.Duration = .minutes(multiplier > 1 ? 120 : 10)

    /// `base` scaled by the stress multiplier.
    static func iterations(_ base: Int) -> Int { base * multiplier }

    /// A seed for one suite, printed so a failing run can be repeated with `RACE_SEED`.
    static func seed(for suite: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in suite.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let seed = SeededGenerator.seed(base: baseSeed, index: Int(truncatingIfNeeded: hash))
        print("\(suite): RACE_SEED=\(baseSeed) (suite seed \(seed)), multiplier \(multiplier)")
        return seed
    }
}
