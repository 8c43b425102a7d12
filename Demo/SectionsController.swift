import ContentLoading

/// Wires `demo sections` together the way a view controller would: three sections (warm, cool
/// and neutral colours), each its own data source, in one ``ComposedDataSource`` that one
/// content wrapper draws, so the screen has one honest state and a failed section shows
/// beside the others.
@MainActor
final class SectionsController: DataSourceDelegate, ContentWrapperDelegate {
    /// The screen's data source: the sections, composed.
    let composed: ComposedDataSource
    /// The sections, warm, cool and neutral in order.
    let sections: [SectionDataSource]
    /// Sends the sections' requests and reports their answers.
    let ledger: LoadLedger
    private let display: any Display
    private let wrapper: ContentWrapper
    /// The interactive screen: reads the model the wrapper draws into, as an app's view would.
    private var screenView: ScreenModelView?
    /// The caller waiting for every answer to be in and drawn.
    private var settledWaiter: CheckedContinuation<Void, Never>?

    /// Creates the sections' screen on `display`, each section answering its item of
    /// `outcomes`, drawn under `policy`; with `observing`, through a ``ScreenModel`` (the
    /// interactive mode), otherwise through renderers (the line output).
    init(
        display: any Display, ledger: LoadLedger, outcomes: [Outcome], policy: PresentationPolicy,
        initialMessage: String, observing: Bool = false
    ) {
        self.display = display
        self.ledger = ledger
        let sections = zip(Palette.allCases, outcomes).map { palette, outcome in
            SectionDataSource(palette: palette, outcome: outcome, ledger: ledger)
        }
        self.sections = sections
        composed = ComposedDataSource(children: sections)
        let initialScreen = InitialScreen.placeholder(
            Placeholder(title: "No colours loaded yet", message: initialMessage))
        let summaries = { [weak composed] in
            (composed?.children ?? []).compactMap { ($0 as? SectionDataSource)?.summary }
        }
        if observing {
            let model = ScreenModel()
            wrapper = ContentWrapper(drawingInto: model, initialScreen: initialScreen, policy: policy)
            screenView = ScreenModelView(model: model, display: display) { isRefreshing in
                .sections(summaries(), isRefreshing: isRefreshing)
            }
        } else {
            let placeholders = PlaceholderRenderer(display: display)
            wrapper = ContentWrapper(
                content: SectionsRenderer(display: display, sections: summaries),
                loading: LoadingRenderer(display: display),
                empty: placeholders,
                error: placeholders,
                initialScreen: initialScreen,
                policy: policy)
        }
        wrapper.delegate = self
        composed.delegate = self
        ledger.onEvent = { [weak self] event in
            self?.display.log(event)
            self?.checkSettled()
        }
    }

    /// The composed state and each section's, for the summary line.
    var summaryEvent: DemoEvent {
        .sections(composed.contentState, sections.map(\.summary))
    }

    /// Taps the button that loads every section, each asking for its own outcome.
    func load() {
        ledger.tapped(.tappedSections(sections.map { ($0.palette, $0.outcome) }))
        composed.loadContent()
    }

    /// Reloads the failed sections (a failed section's Retry), or every section when none failed.
    func retry() {
        let failed = sections.filter { $0.contentState == .error }
        guard !failed.isEmpty else { return load() }
        ledger.tapped(.tappedSections(failed.map { ($0.palette, $0.outcome) }))
        for section in failed { section.loadContent() }
    }

    /// Whether every answer is in and the screen shows the final state.
    var isSettled: Bool {
        ledger.loadsInFlight == 0 && !wrapper.isPresentationPending
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
            title: "No colours", message: "Every section came back empty.", imageName: "paintpalette",
            action: Placeholder.Action(title: "Reload") { [weak self] in self?.load() })
    }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder)
        -> Placeholder
    {
        Placeholder(
            title: "Couldn't load any section", message: "\(error)", imageName: "exclamationmark.triangle",
            action: Placeholder.Action(title: "Retry") { [weak self] in self?.load() })
    }

    func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error) {
        // A section failed while the others show: said beside them, as the section's line says too.
        display.log(.sectionFailed("\(error)"))
    }
}
