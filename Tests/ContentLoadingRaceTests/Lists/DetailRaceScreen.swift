import ContentLoading
import ContentLoadingTestSupport

/// The screen of a detail opened on a new row's temporary id: a wrapper that draws every state
/// at once, recording each draw as `"<key> <value>"` (content) or the screen's name.
@MainActor
final class DetailRaceScreen: DataSourceDelegate {
    let wrapper: ContentWrapper
    /// Every draw, in order.
    private(set) var frames: [String] = []

    init(_ dataSource: StoreDataSource<Int, RaceItem>) {
        let log = RenderLog()
        let content = RecordingRenderer("content", log: log)
        let others = ["loading", "empty", "error"].map { RecordingRenderer($0, log: log) }
        wrapper = ContentWrapper(
            content: content, loading: others[0], empty: others[1], error: others[2], initialScreen: .blank,
            policy: .immediate)
        // Weak: the wrapper keeps its renderers, and the lane keeps the data source and this screen.
        content.onShow = { [weak self, weak dataSource] _ in
            guard let dataSource else { return }
            self?.frames.append("\(dataSource.key) \(dataSource.value?.description ?? "nil")")
        }
        for renderer in others {
            let name = renderer.name
            renderer.onShow = { [weak self] _ in self?.frames.append(name) }
        }
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    /// The frames, each drawn again in a row counted once.
    var distinctFrames: [String] {
        frames.enumerated().filter { $0.offset == 0 || frames[$0.offset - 1] != $0.element }.map(\.element)
    }
}
