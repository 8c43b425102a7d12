import ContentLoading
import ContentLoadingTestSupport

/// A screen for a ``StoreDataSource``: a wrapper with recording renderers, drawing at once.
@MainActor
final class StoreScreen: DataSourceDelegate {
    let log = RenderLog()
    let wrapper: ContentWrapper
    let dataSource: StoreDataSource<String, String>

    init(_ dataSource: StoreDataSource<String, String>) {
        self.dataSource = dataSource
        wrapper = ContentWrapper.recording(into: log, initialScreen: .blank)
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    /// What the wrapper draws.
    var shown: ContentState { wrapper.displayedState }

    /// The renderers' calls, without the delegate's.
    var drawn: [String] { log.entries }
}
