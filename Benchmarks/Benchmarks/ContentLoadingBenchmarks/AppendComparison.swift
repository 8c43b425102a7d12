import ContentLoading

/// Times the first and the 200th append against each other in alternating blocks, so that
/// both see the same machine: a shared machine's load moves a median by a third from one
/// benchmark to the next, which would swamp a ratio of two separate runs.
///
/// Each round times a block of appends to the list of one page, then a block to the list of
/// 200 pages (every other round the other way round), and takes the ratio of the two blocks.
/// A sample's ratio is the median of its rounds', so a block that the scheduler interrupted
/// does not decide it.
@MainActor
final class AppendComparison {
    /// Rounds per sample; odd, so the median is one round's ratio.
    static let rounds = 11
    /// Appends per block.
    static let appendsPerBlock = 100

    let first: PagedScreenStack
    let twoHundredth: PagedScreenStack
    private var ratios: [Double] = []

    private init(first: PagedScreenStack, twoHundredth: PagedScreenStack) {
        self.first = first
        self.twoHundredth = twoHundredth
        ratios.reserveCapacity(Self.rounds)
    }

    /// Two stacks: one holding the first page, whose next append is the first; one holding 200
    /// pages, whose next append is the 200th.
    static func make() async -> AppendComparison {
        AppendComparison(
            first: await PagedScreenStack.withPages(1, policy: .immediate),
            twoHundredth: await PagedScreenStack.withPages(200, policy: .immediate))
    }

    /// Runs one sample's rounds.
    func measure() {
        ratios.removeAll(keepingCapacity: true)
        for round in 0..<Self.rounds {
            let firstTime: Duration
            let twoHundredthTime: Duration
            if round.isMultiple(of: 2) {
                firstTime = Self.time(first)
                twoHundredthTime = Self.time(twoHundredth)
            } else {
                twoHundredthTime = Self.time(twoHundredth)
                firstTime = Self.time(first)
            }
            ratios.append(twoHundredthTime / firstTime)
        }
    }

    /// The sample's ratio, the 200th append's time over the first's, in percent.
    var ratioPercent: Int {
        let sorted = ratios.sorted()
        return Int((sorted[sorted.count / 2] * 100).rounded())
    }

    private static func time(_ stack: PagedScreenStack) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<appendsPerBlock { stack.appendPage() }
        return start.duration(to: clock.now)
    }
}
