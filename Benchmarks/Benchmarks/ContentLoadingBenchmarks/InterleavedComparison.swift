/// Times two blocks of work against each other, alternating, so that both see the same machine:
/// a shared machine's load moves a median by a third from one benchmark to the next, which
/// would swamp a ratio of two separate runs.
///
/// Each round times one block of the baseline and one of the candidate (every other round the
/// other way round) and takes the ratio of the two times. A sample's ratio is the median of its
/// rounds', so a block that the scheduler interrupted does not decide it. The blocks must do
/// the same number of the operations compared, so that the ratio is per operation. What a
/// candidate block leaves behind that the next one must not find (writes it applied, say) is
/// undone by `afterCandidate`, untimed.
@MainActor
final class InterleavedComparison {
    /// Rounds per sample; odd, so the median is one round's ratio.
    static let rounds = 11

    private let baseline: @MainActor () -> Void
    private let candidate: @MainActor () -> Void
    private let afterCandidate: @MainActor () -> Void
    private var ratios: [Double] = []

    init(
        baseline: @escaping @MainActor () -> Void, candidate: @escaping @MainActor () -> Void,
        afterCandidate: @escaping @MainActor () -> Void = {}
    ) {
        self.baseline = baseline
        self.candidate = candidate
        self.afterCandidate = afterCandidate
        ratios.reserveCapacity(Self.rounds)
    }

    /// Runs one sample's rounds.
    func measure() {
        ratios.removeAll(keepingCapacity: true)
        for round in 0..<Self.rounds {
            let baselineTime: Duration
            let candidateTime: Duration
            if round.isMultiple(of: 2) {
                baselineTime = Self.time(baseline)
                candidateTime = Self.time(candidate)
                afterCandidate()
            } else {
                candidateTime = Self.time(candidate)
                afterCandidate()
                baselineTime = Self.time(baseline)
            }
            ratios.append(candidateTime / baselineTime)
        }
    }

    /// The sample's ratio, the candidate's time over the baseline's, in percent.
    var ratioPercent: Int {
        let sorted = ratios.sorted()
        return Int((sorted[sorted.count / 2] * 100).rounded())
    }

    private static func time(_ block: @MainActor () -> Void) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        block()
        return start.duration(to: clock.now)
    }
}
