import ContentLoading

/// A paged list of shared items whose first page is `rows` rows, loaded into a store and drawn
/// by a list renderer that counts its draws; every later page is 50 rows.
@MainActor
final class PagedListStack: DataSourceDelegate {
    typealias Item = ListScreenStack.Item

    /// The rows of a page after the first.
    nonisolated static let pageSize = 50

    let store: ContentStore<Int, Item>
    let list: PagedListDataSource<Item, Int>
    let renderer = ListScreenStack.CountingListRenderer()
    let wrapper: ContentWrapper
    let rows: Int

    private init(rows: Int, pagesPerRefresh: Int) {
        self.rows = rows
        // Room for every row a block appends: nothing is evicted while the list is timed.
        let store = ContentStore<Int, Item>(staleAfter: .never, countLimit: rows + 2 * pagesPerRefresh * Self.pageSize)
        {
            Item(id: $0, revision: 0)
        }
        self.store = store
        list = PagedListDataSource(store: store) { (cursor: Int?) in
            guard let cursor else { return Page((0..<rows).map { Item(id: $0, revision: 0) }, next: rows) }
            return Page(
                (cursor..<cursor + Self.pageSize).map { Item(id: $0, revision: 0) }, next: cursor + Self.pageSize)
        }
        wrapper = ContentWrapper(
            content: renderer, loading: ListScreenStack.CountingListRenderer(),
            empty: ListScreenStack.CountingListRenderer(), error: ListScreenStack.CountingListRenderer(),
            policy: .immediate)
        list.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    /// A list of `rows` rows, its first page loaded and drawn.
    static func loaded(rows: Int, pagesPerRefresh: Int) async -> PagedListStack {
        let stack = PagedListStack(rows: rows, pagesPerRefresh: pagesPerRefresh)
        let outcome = await stack.list.reload(ownedBy: .caller)
        precondition(outcome == .committed(hasContent: true) && stack.renderer.rowsApplied == rows)
        return stack
    }

    /// Appends `pages` pages, each awaited until it is drawn, and returns the time they took;
    /// then, untimed, refreshes the list back to its first page.
    func timeAppends(_ pages: Int) async -> Duration {
        let drawn = renderer.rowsApplied
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<pages {
            let outcome = await list.loadMore(ownedBy: .caller)
            precondition(outcome == .committed(hasMore: true))
        }
        let time = start.duration(to: clock.now)
        precondition(renderer.rowsApplied == drawn + pages * Self.pageSize, "each page drawn as its rows alone")
        precondition(list.snapshot.count == rows + pages * Self.pageSize)
        _ = await list.reload(ownedBy: .caller)
        precondition(list.snapshot.count == rows)
        return time
    }
}
