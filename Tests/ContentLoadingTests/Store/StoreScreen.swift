import ContentLoading
import ContentLoadingTestSupport

/// A screen for a ``StoreDataSource``: a wrapper with recording renderers, drawing at once.
@MainActor
final class StoreScreen<Value: Sendable>: DataSourceDelegate {
    let log = RenderLog()
    let wrapper: ContentWrapper
    let dataSource: StoreDataSource<String, Value>
    /// What the content renderer drew, one entry a draw: its state and the data source's value
    /// then (`"refreshing A"`), so a test sees which value reached the screen, not only `value`.
    private(set) var frames: [String] = []

    /// - Parameter describe: How a frame names the value drawn (by default, its description).
    init(_ dataSource: StoreDataSource<String, Value>, describing describe: @escaping (Value) -> String = { "\($0)" }) {
        self.dataSource = dataSource
        let content = RecordingRenderer("content", log: log)
        wrapper = ContentWrapper(
            content: content, loading: RecordingRenderer("loading", log: log),
            empty: RecordingRenderer("empty", log: log), error: RecordingRenderer("error", log: log),
            initialScreen: .blank, policy: .immediate)
        // Unowned: the wrapper keeps its renderers, and this screen keeps the wrapper.
        content.onShow = { [unowned self] screen in
            frames.append("\(screen.state) \(self.dataSource.value.map(describe) ?? "nil")")
        }
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    /// The frames, each drawn again in a row counted once.
    var distinctFrames: [String] {
        frames.enumerated().filter { $0.offset == 0 || frames[$0.offset - 1] != $0.element }.map(\.element)
    }

    /// What the wrapper draws.
    var shown: ContentState { wrapper.displayedState }

    /// The renderers' calls, without the delegate's.
    var drawn: [String] { log.entries }
}
