import ContentLoading
import ContentLoadingTestSupport

/// The screen of one of the lists lane's lists: a wrapper that draws every state at once, with
/// a recording list renderer as its content renderer.
@MainActor
final class ListRaceScreen: DataSourceDelegate {
    let wrapper: ContentWrapper
    let renderer = ListRaceRenderer()

    init(_ dataSource: any RaceList) {
        let log = RenderLog()
        wrapper = ContentWrapper(
            content: renderer, loading: RecordingRenderer("loading", log: log),
            empty: RecordingRenderer("empty", log: log), error: RecordingRenderer("error", log: log),
            initialScreen: .blank, policy: .immediate)
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    /// What the wrapper shows that the snapshot does not call for: the empty screen with rows,
    /// or content without.
    func mismatch(with dataSource: any RaceList) -> String? {
        let empty = dataSource.snapshot.isEmpty
        switch wrapper.displayedState {
        case .empty where !empty: return "shows the empty screen over \(dataSource.snapshot)"
        case .content where empty: return "shows content with no rows"
        default: return nil
        }
    }
}
