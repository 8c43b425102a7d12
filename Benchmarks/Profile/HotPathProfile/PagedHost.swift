import ContentLoading

/// A paged screen: a ``RowsDataSource`` and a wrapper over four renderers that draw nothing.
@MainActor
final class PagedHost: DataSourceDelegate {
    let dataSource: RowsDataSource
    let wrapper: ContentWrapper

    /// A screen whose list holds `pages` pages, with room for one more.
    init(policy: PresentationPolicy, pages: Int) {
        dataSource = RowsDataSource(capacity: pages + 1)
        wrapper = ContentWrapper(
            content: NoOpRenderer(), loading: NoOpRenderer(), empty: NoOpRenderer(), error: NoOpRenderer(),
            policy: policy)
        dataSource.delegate = self
        dataSource.load(pages: pages)
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}
