import Benchmark
import ContentLoading

/// Lists: the difference a refresh draws, per row, one item's change, and a page appended, in a
/// long list against a short one, all gated (see `Configurations.ratio`): a refresh's difference
/// must cost O(rows), an item's change O(1) rows, a page O(page). And what a row allocates, gated as memory.
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

    // One item's change drawn on a list of 10,000 rows over one of 100: a write applied to a
    // shown item and rolled back (cancelled), each heard by the row's binding, compared with the
    // item drawn and handed to the list renderer as one updated row, must cost O(1) rows, not a
    // re-diff of the list. Each changed item holds a write whose request never answers, so the
    // timed write is serial behind it and sends nothing, and its rollback is not the key's last
    // write: what is timed is the list's part and the layer's, not a request's task nor the
    // store's sweep after a key's last write (which looks at every bound key; docs/Benchmarks.md).
    // What a list of 1,000 rows loaded into a store allocates, and one of none: the difference
    // over 1,000 is a row's cost (its item held once in the store, its id in the snapshot, its
    // binding and the item drawn; docs/Benchmarks.md). Loads run a task: a few allocations vary.
    mainActorAsyncBenchmark(
        "Memory.ContentLoading.List.Empty", configuration: Configurations.memory(.within(perSample: 20))
    ) {
        TokenBuffer<ListScreenStack>(capacity: 1)
    } body: { buffer, _ in
        buffer.tokens.append(await ListScreenStack.loaded(rows: 0, holdingWrites: false))
    }
    mainActorAsyncBenchmark(
        "Memory.ContentLoading.List.ThousandRows", configuration: Configurations.memory(.within(perSample: 20))
    ) {
        TokenBuffer<ListScreenStack>(capacity: 1)
    } body: { buffer, _ in
        buffer.tokens.append(await ListScreenStack.loaded(rows: 1_000, holdingWrites: false))
    }

    ratioBenchmark("Lists.ContentLoading.ItemChange.Ratio", metric: Metrics.listItemChangeTimeRatio, limitPercent: 150)
    {
        let short = await ListScreenStack.loaded(rows: 100)
        let long = await ListScreenStack.loaded(rows: 10_000)
        return InterleavedComparison {
            short.changeItems()
        } candidate: {
            long.changeItems()
        }
    }

    // A page of 50 appended to a paged list of 10,000 rows over one appended to 100 rows: each
    // page lands its items through the store's check and is drawn as its 50 insertions, which
    // must cost O(page), not a new snapshot or difference of the list. Ten pages a block, each
    // awaited (a page is a task's work), then the list is refreshed back, untimed.
    mainActorAsyncBenchmark(
        "Lists.ContentLoading.PageAppend.Ratio",
        configuration: Configurations.ratio(Metrics.listPageAppendTimeRatio, limitPercent: 150)
    ) {
        await PagedListAppendComparison.make()
    } body: { comparison, _ in
        await comparison.measure()
    } report: { comparison, benchmark in
        benchmark.measurement(Metrics.listPageAppendTimeRatio, comparison.ratioPercent)
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

/// A list of `rows` items loaded into a store, drawn by a list renderer that counts its draws.
@MainActor
final class ListScreenStack: DataSourceDelegate {
    struct Item: Identifiable, Equatable, Sendable {
        let id: Int
        var revision: Int
    }

    /// Draws nothing; counts the rows it is asked to apply.
    final class CountingListRenderer: ListRenderer {
        var rowsApplied = 0
        func apply(_ snapshot: ListSnapshot<Int>, difference: ListDifference<Int>) {
            rowsApplied &+= difference.updated.count &+ difference.insertions.count
        }
        func show(_ screen: Screen) {}
        func hide() {}
    }

    let store: ContentStore<Int, Item>
    let list: ListDataSource<Item>
    let renderer = CountingListRenderer()
    let wrapper: ContentWrapper
    let rows: Int

    private init(rows: Int) {
        self.rows = rows
        let store = ContentStore<Int, Item>(staleAfter: .never, countLimit: rows) { Item(id: $0, revision: 0) }
        self.store = store
        list = ListDataSource(store: store) { (0..<rows).map { Item(id: $0, revision: 0) } }
        wrapper = ContentWrapper(
            content: renderer, loading: CountingListRenderer(), empty: CountingListRenderer(),
            error: CountingListRenderer(), policy: .immediate)
        list.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    /// A list of `rows` rows, loaded and drawn.
    static func loaded(rows: Int, holdingWrites: Bool = true) async -> ListScreenStack {
        let stack = ListScreenStack(rows: rows)
        stack.list.loadContent()
        while stack.list.loadingCoordinator.state != (rows == 0 ? .empty : .content) { await Task.yield() }
        precondition(stack.renderer.rowsApplied == rows)
        if holdingWrites { stack.holdWrites() }
        return stack
    }

    /// The 100 items changed, spread over the list.
    var changed: [Int] { (0..<100).map { ($0 &* 97) % rows } }

    /// Holds a write whose request never answers on each item changed.
    func holdWrites() {
        for id in changed {
            store.perform(
                "Hold", on: id, change: { $0.revision = -1 },
                request: {
                    try await Task.sleep(for: .seconds(86_400))
                    return nil
                })
        }
    }

    /// Changes 100 shown items and rolls each change back, every one drawn as it is made.
    func changeItems() {
        let before = renderer.rowsApplied
        for id in changed {
            let write = store.perform("Star", on: id, change: { $0.revision &+= 1 }, request: { nil })
            write.cancel()
        }
        precondition(renderer.rowsApplied == before &+ 200)
    }
}
