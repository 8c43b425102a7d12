import ContentLoading
import ContentLoadingTestSupport

/// A data source wired to a wrapper (immediate policy) with recording renderers, as an app
/// wires them, with hooks a test can use to re-enter the framework from any callback.
@MainActor
final class Rig: DataSourceDelegate, ContentWrapperDelegate {
    let log = RenderLog()
    let dataSource: RaceDataSource
    let renderers:
        (
            content: RecordingRenderer, loading: RecordingRenderer, empty: RecordingRenderer,
            error: RecordingRenderer
        )
    private(set) var wrapper: ContentWrapper!
    /// Every screen state the wrapper announced, in order.
    private(set) var shownStates: [ContentState] = []
    /// What the data source reported as finished: "ok" or the error.
    private(set) var finished: [String] = []
    /// Every delegate call, in order: `willBegin`, `willShow(state)`, `finished(…)`.
    private(set) var events: [String] = []
    /// Hooks a test sets to re-enter the framework. The rig keeps them: capture the rig
    /// `unowned` in them, or it is never freed (AddressSanitizer's leak check fails).
    var onWillBegin: (() -> Void)?
    var onDidFinish: (() -> Void)?
    var onWillShow: ((Screen) -> Void)?
    /// Runs when the wrapper asks for the error placeholder.
    var onErrorPlaceholder: (() -> Void)?
    /// Runs when the wrapper asks for the empty placeholder.
    var onEmptyPlaceholder: (() -> Void)?

    init(dataSource: RaceDataSource = RaceDataSource()) {
        self.dataSource = dataSource
        renderers = (
            RecordingRenderer("content", log: log), RecordingRenderer("loading", log: log),
            RecordingRenderer("empty", log: log), RecordingRenderer("error", log: log)
        )
        wrapper = ContentWrapper(
            content: renderers.content, loading: renderers.loading, empty: renderers.empty,
            error: renderers.error, policy: .immediate)
        wrapper.delegate = self
        dataSource.delegate = self
    }

    var coordinator: LoadingCoordinator { dataSource.loadingCoordinator }
    var shown: ContentState { wrapper.displayedState }

    /// Begins a synchronous load and returns its token.
    @discardableResult
    func begin(keepingContent: Bool = true) -> LoadingState {
        coordinator.loadContent(keepingContent: keepingContent) { _ in }
    }

    /// Finishes `token` with `items`.
    @discardableResult
    func finish(_ token: LoadingState, with items: [String]) -> Bool {
        coordinator.finish(token) { self.dataSource.items = items }
    }

    /// Whether every switch the wrapper made is a move of the transition table (or a redraw of
    /// the same state with a newer load's outcome).
    var switchesAreLegal: Bool {
        zip([ContentState.initial] + shownStates, shownStates).allSatisfy { from, to in
            from == to || ContentStateTable.isLegal(from: from, to: to)
        }
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func dataSourceWillBeginLoading(_ dataSource: DataSource) {
        events.append("willBegin")
        onWillBegin?()
    }

    func dataSource(_ dataSource: DataSource, didFinishLoadingWith error: (any Error)?) {
        finished.append(error.map { "\($0)" } ?? "ok")
        events.append("finished(\(finished.last!))")
        onDidFinish?()
    }

    func contentWrapper(_ wrapper: ContentWrapper, willShow screen: Screen) {
        shownStates.append(screen.state)
        events.append("willShow(\(screen.state))")
        onWillShow?(screen)
    }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder)
        -> Placeholder
    {
        onErrorPlaceholder?()
        return proposed
    }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderForEmpty proposed: Placeholder) -> Placeholder {
        onEmptyPlaceholder?()
        return proposed
    }

    /// Whether exactly the renderer that draws `shown` is visible: none for the blank first frame.
    var visibleRendererMatchesShown: Bool {
        let visible = [
            ("content", renderers.content), ("loading", renderers.loading), ("empty", renderers.empty),
            ("error", renderers.error),
        ].filter { $0.1.isVisible }.map(\.0)
        let expected: [String]
        switch shown {
        case .initial:
            if case .blank = wrapper.screen { expected = [] } else { expected = ["empty"] }
        case .empty: expected = ["empty"]
        case .loading: expected = ["loading"]
        case .refreshing, .content: expected = ["content"]
        case .error: expected = ["error"]
        }
        return visible == expected
    }
}
