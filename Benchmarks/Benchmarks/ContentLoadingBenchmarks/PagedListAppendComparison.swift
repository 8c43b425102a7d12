import ContentLoading

/// Times pages of 50 appended to a paged list of 10,000 rows against pages appended to one of
/// 100, in alternating order (as ``InterleavedComparison`` does for synchronous work), so that
/// both see the same machine. A page is a task's work (its fetch, then its landing on the main
/// actor), so the rounds are awaited, as ``SharedFetchComparison``'s are.
@MainActor
final class PagedListAppendComparison {
    /// Rounds per sample; odd, so the median is one round's ratio.
    static let rounds = 11
    /// Pages appended per block, after which the list is refreshed back to its first page.
    static let pagesPerBlock = 10

    private let short: PagedListStack
    private let long: PagedListStack
    private var ratios: [Double] = []

    private init(short: PagedListStack, long: PagedListStack) {
        self.short = short
        self.long = long
        ratios.reserveCapacity(Self.rounds)
    }

    /// Two lists, of 100 rows (the baseline) and of 10,000 (the candidate), loaded and drawn.
    static func make() async -> PagedListAppendComparison {
        PagedListAppendComparison(
            short: await PagedListStack.loaded(rows: 100, pagesPerRefresh: pagesPerBlock),
            long: await PagedListStack.loaded(rows: 10_000, pagesPerRefresh: pagesPerBlock))
    }

    /// Runs one sample's rounds.
    func measure() async {
        ratios.removeAll(keepingCapacity: true)
        for round in 0..<Self.rounds {
            let baseline: Duration
            let candidate: Duration
            if round.isMultiple(of: 2) {
                baseline = await short.timeAppends(Self.pagesPerBlock)
                candidate = await long.timeAppends(Self.pagesPerBlock)
            } else {
                candidate = await long.timeAppends(Self.pagesPerBlock)
                baseline = await short.timeAppends(Self.pagesPerBlock)
            }
            ratios.append(candidate / baseline)
        }
    }

    /// The sample's ratio, the candidate's time over the baseline's, in percent.
    var ratioPercent: Int {
        let sorted = ratios.sorted()
        return Int((sorted[sorted.count / 2] * 100).rounded())
    }
}
