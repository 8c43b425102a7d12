import ContentLoading

/// Wires the demo together the way a view controller would: owns the data source and the
/// content wrapper, customises the placeholders, and knows when the screen has settled.
@MainActor
final class DemoController: DataSourceDelegate, ContentWrapperDelegate {
    /// The demo's data layer.
    let dataSource: ColorsDataSource
    private let display: any Display
    private let wrapper: ContentWrapper
    /// The caller waiting for every answer to be in and drawn.
    private var settledWaiter: CheckedContinuation<Void, Never>?

    /// Creates the demo's screen on `display`, loading from `loader` under `policy`.
    init(display: any Display, loader: ColorsLoader, policy: PresentationPolicy, initialMessage: String) {
        self.display = display
        let dataSource = ColorsDataSource(loader: loader)
        self.dataSource = dataSource
        let placeholders = PlaceholderRenderer(display: display)
        wrapper = ContentWrapper(
            content: ColorListRenderer(display: display) { [weak dataSource] in dataSource?.colors ?? [] },
            loading: LoadingRenderer(display: display),
            empty: placeholders,
            error: placeholders,
            initialScreen: .placeholder(Placeholder(title: "No colours loaded yet", message: initialMessage)),
            policy: policy)
        wrapper.delegate = self
        dataSource.delegate = self
        dataSource.onEvent = { [weak self] event in
            self?.display.log(event)
            self?.checkSettled()
        }
    }

    /// Whether every answer is in and the screen shows the final state (the presentation
    /// policy may hold the loading screen a little longer than the load).
    var isSettled: Bool {
        dataSource.pendingResponses == 0 && !wrapper.isPresentationPending
    }

    /// Returns once ``isSettled``.
    func waitUntilSettled() async {
        guard !isSettled else { return }
        await withCheckedContinuation { continuation in
            settledWaiter = continuation
        }
    }

    private func checkSettled() {
        guard isSettled, let waiter = settledWaiter else { return }
        settledWaiter = nil
        waiter.resume()
    }

    // MARK: - DataSourceDelegate

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    // MARK: - ContentWrapperDelegate

    func contentWrapper(_ wrapper: ContentWrapper, didShow screen: Screen) {
        checkSettled()
    }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderForEmpty proposed: Placeholder) -> Placeholder {
        Placeholder(
            title: "No colours", message: "The palette came back empty.", imageName: "paintpalette",
            action: retryAction(title: "Reload"))
    }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder)
        -> Placeholder
    {
        Placeholder(
            title: "Couldn't load colours", message: "\(error)", imageName: "exclamationmark.triangle",
            action: retryAction(title: "Retry"))
    }

    func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error) {
        display.log(.refreshFailed("\(error)"))
    }

    private func retryAction(title: String) -> Placeholder.Action {
        Placeholder.Action(title: title) { [weak dataSource] in dataSource?.retry() }
    }

    /// Performs the action of the placeholder on screen, or repeats the last tap when none is.
    func retry() {
        if let action = wrapper.screen.placeholder?.action {
            action.perform()
        } else {
            dataSource.retry()
        }
    }
}
