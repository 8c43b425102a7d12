import ContentLoading

/// The first and the 200th append timed against each other in alternating blocks (see
/// ``InterleavedComparison``): each block appends 100 pages to the list of one page, or to the
/// list of 200 pages.
@MainActor
enum AppendComparison {
    /// Appends per block.
    static let appendsPerBlock = 100

    /// Two stacks: one holding the first page, whose next append is the first (the baseline);
    /// one holding 200 pages, whose next append is the 200th.
    static func make() async -> InterleavedComparison {
        let first = await PagedScreenStack.withPages(1, policy: .immediate)
        let twoHundredth = await PagedScreenStack.withPages(200, policy: .immediate)
        return InterleavedComparison {
            for _ in 0..<appendsPerBlock { first.appendPage() }
        } candidate: {
            for _ in 0..<appendsPerBlock { twoHundredth.appendPage() }
        }
    }
}
