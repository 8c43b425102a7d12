import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Making a composed screen, and inserting into it, costs each section the same however many
/// there are: whether a child is listed already is found without looking through the sections.
@MainActor
@Suite("Composed construction cost", .timeLimit(.minutes(1)), .hangLimit)
struct ComposedConstructionCostTests {
    /// The least time, over `rounds` rounds, that making a composed source of `count` children
    /// and adding `count` more one by one takes, per child.
    func costPerChild(_ count: Int, rounds: Int) -> Duration {
        let clock = ContinuousClock()
        var best = Duration.seconds(3600)
        for _ in 0..<rounds {
            let made = (0..<count).map { _ in DataSource() }
            let added = (0..<count).map { _ in DataSource() }
            let elapsed = clock.measure {
                let screen = ComposedDataSource(children: made)
                for child in added { screen.add(child) }
                precondition(screen.children.count == 2 * count)
            }
            best = min(best, elapsed / (2 * count))
        }
        return best
    }

    @Test func aScreenOfTenThousandSectionsCostsEachNoMoreThanOneOfAThousand() {
        // A ratio of the machine's own times, so it holds on a loaded machine and under the
        // sanitizers: quadratic, it was about ten (seconds a screen here, and growing).
        let small = costPerChild(1_000, rounds: 5)
        let large = costPerChild(10_000, rounds: 2)
        let ratio = large / small
        #expect(ratio < 4, "per child, 10,000 sections over 1,000: \(ratio)")
    }

    @Test func aChildIsListedOnceWhicheverWayItJoined() {
        let child = DataSource()
        let screen = ComposedDataSource(children: [child, child])
        #expect(screen.children.count == 1, "listed twice at construction: added once")
        #expect(!screen.insert(child, at: 0))
        #expect(screen.remove(child) && screen.children.isEmpty)
        #expect(screen.insert(child, at: 0), "removed, it may join again")
        #expect(screen.setChildren([]) && screen.insert(child, at: 0), "re-listed without it, it may join again")
        #expect(screen.setChildren([child]) && !screen.insert(child, at: 0))
    }
}
