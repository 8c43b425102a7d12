import ContentLoading
import ContentLoadingTestSupport

/// A screen for a data source: a wrapper with recording renderers, drawing at once.
@MainActor
final class RecordingScreen: DataSourceDelegate {
    let log = RenderLog()
    let wrapper: ContentWrapper

    init(_ dataSource: DataSource) {
        wrapper = ContentWrapper.recording(into: log, initialScreen: .blank)
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    /// What the wrapper draws.
    var shown: ContentState { wrapper.displayedState }

    /// The renderers' calls, in order.
    var drawn: [String] { log.entries }
}
