extension RaceHarness {
    /// Lets the main actor run what a step set going (hops, waiters joining and leaving, fetches
    /// starting and returning, commits), until `snapshot` reads settled (not `nil`) and the same
    /// over two rounds of yields in a row. Bounded: it gives up after 2,000 rounds of 16 yields,
    /// and the comparison after it then shows what had not settled.
    ///
    /// - Parameter snapshot: What the live system has set going, or `nil` while it is still moving.
    /// - Returns: Whether it settled; `false` when it gave up.
    @discardableResult
    static func settle<Snapshot: Equatable>(_ snapshot: () -> Snapshot?) async -> Bool {
        for _ in 0..<2_000 {
            for _ in 0..<8 { await Task.yield() }
            guard let before = snapshot() else { continue }
            for _ in 0..<8 { await Task.yield() }
            if snapshot() == before { return true }
        }
        return false
    }
}
