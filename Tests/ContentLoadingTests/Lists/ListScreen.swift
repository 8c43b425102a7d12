import ContentLoading
import ContentLoadingTestSupport

/// A screen for a ``ListDataSource``: a wrapper with a recording list renderer, drawing at once.
@MainActor
final class ListScreen: DataSourceDelegate {
    let log = RenderLog()
    let wrapper: ContentWrapper
    let renderer: RecordingListRenderer
    let dataSource: ListDataSource<Colour>

    init(_ dataSource: ListDataSource<Colour>) {
        self.dataSource = dataSource
        renderer = RecordingListRenderer(log: log)
        renderer.list = dataSource
        wrapper = ContentWrapper(
            content: renderer, loading: RecordingRenderer("loading", log: log),
            empty: RecordingRenderer("empty", log: log), error: RecordingRenderer("error", log: log),
            initialScreen: .blank, policy: .immediate)
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    /// What the wrapper draws.
    var shown: ContentState { wrapper.displayedState }

    /// The items the list shows, as `[RED★, GREEN]`.
    var rows: String { ContentLoadingTests.rows(dataSource.items) }
}

/// Colours as `[RED★, GREEN]`.
func rows(_ colours: [Colour?]) -> String {
    "[" + colours.map { $0.map(String.init(describing:)) ?? "nil" }.joined(separator: ", ") + "]"
}
