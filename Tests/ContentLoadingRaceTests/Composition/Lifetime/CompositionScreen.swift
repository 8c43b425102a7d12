import ContentLoading
import ContentLoadingTestSupport

/// A screen as an app writes one: it owns a container and a wrapper (immediate policy) and is
/// the delegate of both, so releasing the screen must free everything it owns.
@MainActor
final class CompositionScreen: DataSourceDelegate, ContentWrapperDelegate {
    let log = RenderLog()
    var container: DataSource?
    let wrapper: ContentWrapper
    /// Refresh failures reported beside the content.
    private(set) var refreshFailures = 0

    init(_ container: DataSource) {
        self.container = container
        wrapper = ContentWrapper.recording(into: log, initialScreen: .placeholder(.initial), policy: .immediate)
        wrapper.delegate = self
        container.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error) {
        refreshFailures += 1
    }
}
