import ContentLoading

/// The demo's data layer: a list of colours loaded from the simulated colour service,
/// through the framework's ``DataSource`` as an app's data source would.
///
/// Each tap begins a load with the loading coordinator and finishes it with the token it was
/// given. The coordinator decides whether an answer still counts; every answer it drops
/// (`finish` returned `false`) is reported, which is the point of the demo.
@MainActor
final class ColorsDataSource: DataSource {
    /// The colours on screen.
    private(set) var colors: [ColorRow] = []
    /// Answers still on their way.
    private(set) var pendingResponses = 0
    /// Requests sent so far.
    private(set) var tapCount = 0
    /// Answers the coordinator dropped as stale.
    private(set) var droppedCount = 0
    /// Hears about taps and answers.
    var onEvent: ((DemoEvent) -> Void)?

    private let loader: ColorsLoader
    /// What the next ``loadContent()`` asks the service for.
    private var nextOutcome: Outcome = .success

    /// Creates a data source that loads from `loader`.
    init(loader: ColorsLoader) {
        self.loader = loader
    }

    override var hasContent: Bool { !colors.isEmpty }

    /// Taps the button for `outcome`: a reload that asks the service for it.
    func load(_ outcome: Outcome) {
        nextOutcome = outcome
        loadContent()
    }

    /// Repeats the last tap (the placeholders' Retry), or loads colours if nothing was tapped.
    func retry() {
        loadContent()
    }

    override func loadContent() {
        let request = loader.request(nextOutcome)
        tapCount += 1
        pendingResponses += 1
        onEvent?(.tapped(request))
        loadingCoordinator.loadContent { state in
            Task { [weak self] in
                let result = await request.response()
                self?.receive(result, for: request, state: state)
            }
        }
    }

    /// Finishes the load `state` with the service's answer, or reports that it was dropped.
    private func receive(
        _ result: Result<[ColorRow], ColorsLoadError>, for request: ColorsRequest, state: LoadingState
    ) {
        pendingResponses -= 1
        let accepted: Bool
        switch result {
        case .success(let rows):
            // The model is written inside finish, so a stale answer never touches it.
            accepted = loadingCoordinator.finish(state) { colors = rows }
        case .failure(let error):
            accepted = loadingCoordinator.finish(state, error: error)
        }
        if !accepted { droppedCount += 1 }
        onEvent?(accepted ? .accepted(request) : .dropped(request))
    }
}
