import ContentLoadingTestSupport

/// Seeded, bounded delays that shuffle the order in which racing work arrives, without
/// sleeping: a short busy loop on the current thread, or a few yields of the current task.
enum Jitter {
    /// Spins for up to `limit` rounds of arithmetic; returns the result so it is not elided.
    static func spin(_ random: inout SeededGenerator, limit: Int = 2_000) -> UInt64 {
        var value = random.next()
        for _ in 0..<Int.random(in: 0...limit, using: &random) {
            value = value &* 6_364_136_223_846_793_005 &+ 1
        }
        return value
    }

    /// Yields the current task up to `limit` times.
    static func yield(_ random: inout SeededGenerator, limit: Int = 4) async {
        for _ in 0..<Int.random(in: 0...limit, using: &random) { await Task.yield() }
    }
}
