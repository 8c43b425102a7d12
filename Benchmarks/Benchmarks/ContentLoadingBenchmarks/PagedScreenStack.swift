import ContentLoading

/// One paged screen: a ``BenchmarkPagedDataSource``, a content wrapper over four renderers (the
/// content renderer counts the footers it draws), and the host that connects them.
@MainActor
final class PagedScreenStack: DataSourceDelegate {
    let dataSource: BenchmarkPagedDataSource
    let wrapper: ContentWrapper
    let content = FooterCountingRenderer()
    /// ``BenchmarkPagedDataSource/appendedPages`` when a benchmark last checked it.
    var appendedPagesReported = 0

    /// Builds the stack and loads `pages` pages into it: the first through the refresh lane,
    /// every other one through ``BenchmarkPagedDataSource/loadMore()``, each finished at once.
    /// The model has room for one page more than that, the one a benchmark appends; then what
    /// the loads scheduled settles, as ``ScreenStack/withContent(policy:renderers:)`` lets it.
    static func withPages(_ pages: Int, policy: PresentationPolicy) async -> PagedScreenStack {
        let stack = PagedScreenStack(capacity: pages + 1, policy: policy)
        stack.dataSource.loadFirstPage()
        for _ in 1..<pages {
            guard case .started = stack.dataSource.loadMore() else { preconditionFailure("a page was refused") }
        }
        precondition(stack.dataSource.rows.count == pages * BenchmarkPagedDataSource.pageSize)
        await settleScheduledWork()
        stack.content.footersDrawn = 0
        stack.appendedPagesReported = stack.dataSource.appendedPages
        return stack
    }

    private init(capacity: Int, policy: PresentationPolicy) {
        dataSource = BenchmarkPagedDataSource(capacity: capacity)
        wrapper = ContentWrapper(
            content: content, loading: NoOpRenderer(), empty: NoOpRenderer(), error: NoOpRenderer(),
            initialScreen: .placeholder(.initial), policy: policy)
        dataSource.delegate = self
    }

    /// Appends one page, then drops it from the model again: the measured operation of the
    /// paging benchmarks. The list is as long after it as before, so every append is the same.
    func appendPage() {
        dataSource.loadMore()
        dataSource.dropLastPage()
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}
