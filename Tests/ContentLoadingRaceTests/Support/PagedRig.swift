import ContentLoading
import ContentLoadingTestSupport

/// A paged data source wired to a wrapper (immediate policy) with recording renderers, noting
/// the first pages it began and the pages it was asked for.
@MainActor
final class PagedRig: DataSourceDelegate {
    let log = RenderLog()
    let dataSource: PagedRaceDataSource
    let wrapper: ContentWrapper
    /// The tokens of the first pages `loadContent()` began, oldest first.
    private(set) var firstPages: [LoadingState] = []
    /// The pages the data source was asked for, oldest first.
    private(set) var pages: [(cursor: Int, state: LoadingState)] = []

    init(dataSource: PagedRaceDataSource = PagedRaceDataSource()) {
        self.dataSource = dataSource
        wrapper = ContentWrapper.recording(into: log)
        // Weak: the data source keeps these closures, and the rig keeps the data source.
        dataSource.onLoadContent = { [weak self] state in self?.firstPages.append(state) }
        dataSource.onLoadPage = { [weak self] cursor, state in self?.pages.append((cursor, state)) }
        dataSource.delegate = self
    }

    /// Loads a first page of `rows`, followed by the page at `next`.
    func loadFirstPage(_ rows: [String], next: Int?) {
        dataSource.loadContent()
        dataSource.finishFirstPage(firstPages.last!, next: next) { dataSource.items = rows }
    }

    /// The footer drawn now, by name.
    var footer: String {
        switch wrapper.footer.state {
        case .idle: "hidden"
        case .loadingMore: "loadingMore"
        case .failed: "failed"
        case .endReached: "endReached"
        }
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}
