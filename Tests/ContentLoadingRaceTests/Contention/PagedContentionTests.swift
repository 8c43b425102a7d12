import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// Many threads and tasks finish a paged data source's pages at once, current and stale, while
/// refreshes race the appends, with seeded jitter.
///
/// Off the main actor, workers read page tokens' validity: a token read valid is never older
/// than a page already begun or a refresh or cancel that ended it, and a token read invalid is
/// never accepted later (``OffMainChecks``). On the main actor the ``PagedContentionHarness``
/// oracle predicts every step: exactly one finish wins per page (the first while it is in
/// flight), a page of an older list never reaches the model, the rows are the first page and
/// each committed page (so their count is the pages times the page size), the next cursor, the
/// append state and the footer drawn follow. Thread interleavings do not replay: a failure
/// prints its seed and the first violations.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct PagedContentionTests {
    private nonisolated static let workers = 8

    /// Real threads (`concurrentPerform`) read page tokens' validity while the main actor ends
    /// them, then hop to the main actor to finish a page (the one they read, current or stale,
    /// or the newest), fail it, load more, cancel it, or begin or finish a refresh.
    @Test func threadsFinishCurrentAndStalePagesWhileRefreshesRace() async {
        let seed = RaceSettings.seed(for: "PagedContentionTests.threads")
        let harness = PagedContentionHarness()
        let offMain = harness.offMain
        for round in 0..<RaceSettings.iterations(1_500) {
            // Each round starts with a page in flight, so its workers race to finish it.
            Self.openAPage(harness)
            let tokens = Array(harness.pageTokens.suffix(4))
            await offMain.race(Self.workers, seed: seed, round: round, tokens: tokens) {
                Self.perform($0, token: $1, on: harness)
            }
            harness.check(after: "end of round \(round)")
            if !harness.violations.isEmpty || !offMain.violations.isEmpty { break }
        }
        Self.expectClean(harness, seed: seed)
        #expect(harness.counts.failed > 0 && harness.counts.cancels > 0, "seed \(seed): \(harness.counts)")
    }

    /// Pages whose work runs in `appendPage` tasks (reading their token and jittering off the
    /// main actor, sometimes checking it), begun by load more from many tasks while others
    /// refresh (and finish the first page after a while), cancel the page, or finish it by
    /// hand: only the page in flight ever commits, every task that returned `true` committed,
    /// and the rows are always the list's pages in order.
    @Test func asyncPagesRaceRefreshesUnderContention() async {
        let seed = RaceSettings.seed(for: "PagedContentionTests.async")
        let harness = PagedContentionHarness()
        let offMain = harness.offMain
        harness.pageWork = { state, page in
            var random = SeededGenerator(seed: SeededGenerator.seed(base: seed, index: Int(state.generation)))
            offMain.observe(state)
            _ = Jitter.spin(&random, limit: 1_000)
            await Jitter.yield(&random, limit: 3)
            if random.chance(30) { try state.checkValid() }
            offMain.observe(state)
            return page
        }
        var values: [Bool] = []
        for round in 0..<RaceSettings.iterations(1_000) {
            harness.pageTasks = BoundedTasks<Bool>()
            if harness.list == 0 { harness.finishFirstPage(harness.refresh()) }
            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<Self.workers {
                    group.addTask {
                        var random = SeededGenerator(
                            seed: SeededGenerator.seed(base: seed, index: round * Self.workers + worker))
                        await Jitter.yield(&random, limit: 3)
                        await Self.performAsync(Int.random(in: 0..<20, using: &random), &random, on: harness)
                    }
                }
            }
            values += await harness.pageTasks.values()
            // Every page ended (committed or superseded) and every refresh landed or was superseded.
            #expect(harness.openPage == nil && harness.openRefresh == nil, "seed \(seed), round \(round)")
            harness.check(after: "end of round \(round)")
            if !harness.violations.isEmpty || !offMain.violations.isEmpty { break }
        }
        Self.expectClean(harness, seed: seed)
        let accepted = values.filter { $0 }.count
        #expect(accepted == harness.counts.asyncCommits, "seed \(seed): every task that returned true committed")
        #expect(accepted > 0 && accepted < values.count, "seed \(seed): \(accepted) of \(values.count) pages landed")
    }

    // MARK: - Helpers

    /// Lands the refresh in flight or starts a new list if the last one ended, then loads more.
    private static func openAPage(_ harness: PagedContentionHarness) {
        if let refresh = harness.openRefresh { harness.finishFirstPage(refresh) }
        if harness.list == 0 || harness.expectedNextCursor == nil { harness.finishFirstPage(harness.refresh()) }
        if harness.openPage == nil { harness.loadMore() }
    }

    private static func perform(_ action: Int, token: LoadingState, on harness: PagedContentionHarness) {
        switch action {
        case 0..<7: harness.finishPage(token)
        case 7..<9: harness.finishPage(token, failing: true)
        case 9..<12: harness.finishPage(harness.pageTokens.last!)  // The newest: in flight unless ended.
        case 12..<15: harness.loadMore()  // After a failed page: the same page again.
        case 15: harness.cancelLoadMore()
        case 16..<18: harness.refresh()
        default:
            if let refresh = harness.lastRefresh { harness.finishFirstPage(refresh) }
        }
    }

    private nonisolated static func performAsync(
        _ action: Int, _ random: inout SeededGenerator, on harness: PagedContentionHarness
    ) async {
        switch action {
        case 0..<12:
            await MainActor.run { _ = harness.loadMore() }
        case 12..<15:
            let refresh = await MainActor.run { harness.refresh() }
            await Jitter.yield(&random, limit: 4)
            await MainActor.run { _ = harness.finishFirstPage(refresh) }
        case 15..<17:
            await MainActor.run { _ = harness.cancelLoadMore() }
        default:
            // By hand, racing the page's own task: whichever comes first wins.
            await MainActor.run {
                if let page = harness.pageTokens.last { harness.finishPage(page) }
            }
        }
    }

    private static func expectClean(_ harness: PagedContentionHarness, seed: UInt64) {
        let reads = harness.offMain.reads
        print(
            "seed \(seed): \(harness.counts), \(reads.valid) valid and \(reads.invalid) invalid reads off the main actor"
        )
        #expect(harness.violations.isEmpty, "seed \(seed): \(harness.violations.prefix(5))")
        #expect(harness.offMain.violations.isEmpty, "seed \(seed): \(harness.offMain.violations.prefix(5))")
        let counts = harness.counts
        #expect(counts.committed > 0 && counts.dropped > 0, "seed \(seed): \(counts)")
        #expect(counts.staleDropped > 0 && counts.refreshesDuringAPage > 0, "seed \(seed): \(counts)")
        #expect(reads.valid > 0 && reads.invalid > 0, "seed \(seed): workers saw current and stale tokens")
    }
}
