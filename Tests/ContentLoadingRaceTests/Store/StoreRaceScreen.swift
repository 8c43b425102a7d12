import ContentLoading
import ContentLoadingTestSupport

/// The screen of one of the store lane's data sources: a wrapper that draws every state at
/// once, whose content renderer records the value it drew, so the lane can check that what a
/// data source holds is what its screen shows.
@MainActor
final class StoreRaceScreen: DataSourceDelegate {
    let wrapper: ContentWrapper
    /// The data source's `value` when the content renderer last drew (content or refreshing).
    private(set) var drawnValue: String?

    init(_ dataSource: StoreDataSource<String, String>) {
        let log = RenderLog()
        let content = RecordingRenderer("content", log: log)
        wrapper = ContentWrapper(
            content: content, loading: RecordingRenderer("loading", log: log),
            empty: RecordingRenderer("empty", log: log), error: RecordingRenderer("error", log: log),
            initialScreen: .blank, policy: .immediate)
        // Weak: the wrapper keeps its renderers, and the data source must be freed when released.
        content.onShow = { [weak self, weak dataSource] _ in
            log.drain()  // only the value drawn is kept
            self?.drawnValue = dataSource?.value
        }
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    /// What this screen shows that its data source does not hold, if anything: the wrapper's
    /// state must be the data source's, and content drawn must show the data source's value.
    func mismatch(with dataSource: StoreDataSource<String, String>) -> String? {
        let state = dataSource.loadingCoordinator.state
        guard wrapper.displayedState == state else { return "shows \(wrapper.displayedState), state \(state)" }
        guard state == .content || state == .refreshing, drawnValue != dataSource.value else { return nil }
        return "drew \(drawnValue ?? "nil"), value \(dataSource.value ?? "nil")"
    }
}
