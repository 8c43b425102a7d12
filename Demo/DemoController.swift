import ContentLoading

/// Wires the demo together the way a view controller would: owns the data source and the
/// content wrapper, customises the placeholders (the failed page's too), and knows when the
/// screen has settled.
@MainActor
final class DemoController: DataSourceDelegate, ContentWrapperDelegate {
    /// The demo's data layer.
    let dataSource: ColorsDataSource
    private let display: any Display
    private let wrapper: ContentWrapper
    /// The interactive screen: reads the model the wrapper draws into, as an app's view would.
    private var screenView: ScreenModelView?
    /// The rows of the line output, told when a page appends to them, as a table view would be.
    private var listRenderer: ColorListRenderer?
    /// The caller waiting for every answer to be in and drawn (or, with ``waitingForRetry``,
    /// for a load to begin waiting to retry).
    private var settledWaiter: CheckedContinuation<Void, Never>?
    /// Whether the waiter also stops waiting when a load begins waiting to retry.
    private var waitingForRetry = false

    /// Creates the demo's screen on `display`, whose requests `ledger` sends, drawn under `policy`.
    ///
    /// With `observing`, the wrapper draws into a ``ScreenModel`` that a ``ScreenModelView``
    /// reads and draws, as a SwiftUI view would (the interactive mode); otherwise it draws
    /// through three renderers, as a UIKit screen would (the line output, one line per change).
    /// A page's rows reach the first through the observable ``ColorList``, the second through
    /// ``ColorListRenderer/rowsDidChange()``.
    init(
        display: any Display, ledger: LoadLedger, policy: PresentationPolicy, initialMessage: String,
        observing: Bool = false
    ) {
        self.display = display
        let dataSource = ColorsDataSource(ledger: ledger)
        self.dataSource = dataSource
        let initialScreen = InitialScreen.placeholder(
            Placeholder(title: "No colours loaded yet", message: initialMessage))
        let rows = { [weak dataSource] in dataSource?.colors ?? [] }
        if observing {
            let model = ScreenModel()
            wrapper = ContentWrapper(drawingInto: model, initialScreen: initialScreen, policy: policy)
            screenView = ScreenModelView(model: model, display: display) { isRefreshing in
                .rows(rows(), isRefreshing: isRefreshing)
            }
        } else {
            let placeholders = PlaceholderRenderer(display: display)
            let listRenderer = ColorListRenderer(display: display, colors: rows)
            self.listRenderer = listRenderer
            wrapper = ContentWrapper(
                content: listRenderer,
                loading: LoadingRenderer(display: display),
                empty: placeholders,
                error: placeholders,
                initialScreen: initialScreen,
                policy: policy)
        }
        wrapper.delegate = self
        dataSource.delegate = self
        ledger.onEvent = { [weak self] event in
            self?.display.log(event)
            if case .retrying = event { self?.retryBegan() }
            self?.checkSettled()
        }
        dataSource.onRowsAppended = { [weak self] in self?.listRenderer?.rowsDidChange() }
        // The footer's minimum time on screen may be the last thing the screen waits out.
        listRenderer?.onFooterDrawn = { [weak self] in self?.checkSettled() }
    }

    /// Whether every answer is in and the screen shows the final state (the presentation
    /// policy may hold the loading screen a little longer than the load).
    var isSettled: Bool {
        dataSource.ledger.loadsInFlight == 0 && !wrapper.isPresentationPending
    }

    /// Returns once ``isSettled``.
    func waitUntilSettled() async {
        guard !isSettled else { return }
        await withCheckedContinuation { continuation in
            settledWaiter = continuation
        }
    }

    /// Returns once a load waits to retry, or once ``isSettled``: a tap made then lands
    /// during the wait before the retry.
    func waitUntilRetryingOrSettled() async {
        guard !isSettled else { return }
        waitingForRetry = true
        await withCheckedContinuation { continuation in
            settledWaiter = continuation
        }
    }

    private func retryBegan() {
        guard waitingForRetry, let waiter = settledWaiter else { return }
        settledWaiter = nil
        waitingForRetry = false
        waiter.resume()
    }

    private func checkSettled() {
        guard isSettled, let waiter = settledWaiter else { return }
        settledWaiter = nil
        waitingForRetry = false
        waiter.resume()
    }

    // MARK: - DataSourceDelegate

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func dataSource(_ dataSource: DataSource, willRetry attempt: RetryAttempt) {
        self.dataSource.willRetry(attempt)
    }

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

    func contentWrapper(_ wrapper: ContentWrapper, placeholderForFailedPage error: any Error, proposed: Placeholder)
        -> Placeholder
    {
        // The data source's Retry, reported like a tap: the same page again.
        Placeholder(
            title: "Couldn't load more colours", message: "\(error)",
            action: Placeholder.Action(title: "Retry") { [weak dataSource] in dataSource?.retryPage() })
    }

    func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error) {
        display.log(.refreshFailed("\(error)"))
    }

    private func retryAction(title: String) -> Placeholder.Action {
        Placeholder.Action(title: title) { [weak dataSource] in dataSource?.retry() }
    }

    /// Performs the action of the placeholder on screen, else the failed page's Retry below the
    /// rows, or repeats the last reload when there is neither.
    func retry() {
        if let action = wrapper.screen.placeholder?.action {
            action.perform()
        } else if case .failed = wrapper.footer.state, let action = wrapper.footer.placeholder?.action {
            action.perform()
        } else {
            dataSource.retry()
        }
    }
}
