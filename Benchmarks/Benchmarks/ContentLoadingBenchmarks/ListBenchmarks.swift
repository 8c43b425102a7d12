import Benchmark
import ContentLoading

/// Lists: the difference a refresh draws, per row, in a long list against a short one. Gated
/// (see `Configurations.ratio`): a refresh's difference must cost O(rows), not more.
func registerListBenchmarks() {
    // A refresh of 10,000 rows over 100 refreshes of 100 rows: each makes the answer's snapshot
    // and its difference from the one drawn. Each answer moves, removes and inserts a row in
    // fifty and updates one in fifty, as a feed's refresh does.
    ratioBenchmark("Lists.ContentLoading.Refresh.Ratio", metric: Metrics.listRefreshTimeRatio, limitPercent: 150) {
        let short = RefreshPair(rows: 100)
        let long = RefreshPair(rows: 10_000)
        var sink = 0
        return InterleavedComparison {
            for _ in 0..<100 { sink &+= short.diff() }
        } candidate: {
            sink &+= long.diff()
        }
    }
}

/// A list as drawn and a refresh's answer for it.
@MainActor
final class RefreshPair {
    let drawn: ListSnapshot<Int>
    let answer: [Int]
    let updated: Set<Int>

    init(rows: Int) {
        drawn = ListSnapshot(0..<rows)
        var answer = Array(0..<rows)
        var updated = Set<Int>()
        for index in stride(from: 0, to: rows, by: 50) {
            answer.swapAt(index, min(index + 7, rows - 1))  // a row moved
            answer[min(index + 20, rows - 1)] = rows + index  // a row removed, another inserted
            updated.insert(min(index + 30, rows - 1))
        }
        self.answer = answer
        self.updated = updated
    }

    /// The answer's snapshot and its difference from the drawn one; the changes it counts.
    func diff() -> Int {
        let difference = ListDifference(from: drawn, to: ListSnapshot(answer), updated: updated)
        return difference.moves.count &+ difference.insertions.count &+ difference.updated.count
    }
}
