import ContentLoading
import ContentLoadingTestSupport
import Testing

@Suite struct ListDifferenceTests {
    @Test func aSnapshotKeepsTheFirstOfARepeatedIDAndReportsTheRest() {
        let snapshot = ListSnapshot(["red", "green", "red", "blue", "green"])
        #expect(snapshot.ids == ["red", "green", "blue"])
        #expect(snapshot.duplicates == ["red", "green"])
        #expect(snapshot.offset(of: "blue") == 2)
        #expect(snapshot.offset(of: "cyan") == nil)
    }

    @Test func appliedToTheOldIDsTheDifferenceGivesTheNewOnes() {
        let old = ListSnapshot(["a", "b", "c", "d", "e"])
        let new = ListSnapshot(["e", "a", "x", "c", "b"])
        let difference = ListDifference(from: old, to: new, updated: ["c", "x", "d"])
        #expect(difference.removals == [.init(id: "d", offset: 3)])
        #expect(difference.insertions == [.init(id: "x", offset: 2)])
        #expect(difference.moves.count == 2)
        #expect(difference.updated == ["c"], "a removed or inserted id has nothing to reconfigure")
        #expect(difference.applied(to: old.ids) == new.ids)
    }

    @Test func movingTheLastRowFirstIsOneMove() {
        let old = ListSnapshot(Array(0..<100))
        let new = ListSnapshot([99] + Array(0..<99))
        let difference = ListDifference(from: old, to: new)
        #expect(difference.moves == [.init(id: 99, from: 99, to: 0)])
        #expect(difference.applied(to: old.ids) == new.ids)
    }

    @Test func equalSnapshotsDifferOnlyInTheirUpdates() {
        let snapshot = ListSnapshot([1, 2, 3])
        #expect(ListDifference(from: snapshot, to: snapshot).isEmpty)
        #expect(ListDifference(from: snapshot, to: snapshot, updated: [3, 2]).updated == [2, 3])
        #expect(ListDifference(updating: [2]).updated == [2])
        #expect(ListDifference<Int>().isEmpty)
    }

    @Test func aDifferenceTakenFromOtherSnapshotsDoesNotApply() {
        let difference = ListDifference(from: ListSnapshot([1, 2, 3]), to: ListSnapshot([3, 1]))
        #expect(difference.applied(to: [7, 8]) == nil)
        #expect(difference.applied(to: [1, 2, 3]) == [3, 1])
    }

    @Test func describesEachChange() {
        let difference = ListDifference(
            from: ListSnapshot(["a", "b", "c"]), to: ListSnapshot(["c", "a", "d"]), updated: ["a"])
        #expect(difference.description == "-b +d >c ~a")
        #expect(ListDifference<String>().description == "none")
    }

    /// Random lists: the difference applied to the old ids gives the new ones, and the ids that
    /// do not move are as many as the longest run of the old order the new one keeps.
    @Test func randomListsRoundTripWithTheFewestMoves() {
        let seed = UInt64.random(in: .min ... .max)
        print("ListDifferenceTests.randomListsRoundTripWithTheFewestMoves seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        for _ in 0..<2_000 {
            let old = Array(0..<Int.random(in: 0..<30, using: &random))
            var new = old.filter { _ in !random.chance(25) }
            for index in new.indices.reversed() where index > 0 && random.chance(30) {
                new.swapAt(index, Int.random(in: 0...index, using: &random))
            }
            for extra in 0..<Int.random(in: 0..<5, using: &random) {
                new.insert(100 + extra, at: Int.random(in: 0...new.count, using: &random))
            }
            let difference = ListDifference(from: ListSnapshot(old), to: ListSnapshot(new))
            #expect(difference.applied(to: old) == new, "seed \(seed): \(old) -> \(new): \(difference)")
            let kept = new.filter { $0 < 100 }
            #expect(kept.count - difference.moves.count == longestIncreasingRun(kept), "seed \(seed): \(old) -> \(new)")
        }
    }

    /// The length of the longest increasing run, by its quadratic definition.
    private func longestIncreasingRun(_ values: [Int]) -> Int {
        var lengths = [Int](repeating: 1, count: values.count)
        for index in values.indices {
            for earlier in 0..<index where values[earlier] < values[index] {
                lengths[index] = max(lengths[index], lengths[earlier] + 1)
            }
        }
        return lengths.max() ?? 0
    }
}
