import ContentLoading

/// The demo's data layer: a list of colours loaded page by page from the simulated colour
/// service, through the framework's ``PagedDataSource`` as an app's data source would.
///
/// A reload tap begins a first page with the loading coordinator; a `more` tap asks for the
/// next page with ``PagedDataSource/loadMore()``. Each is finished with the token it was given,
/// and the framework decides whether the answer still counts: every answer it drops (`finish`
/// returned `false`) is reported, and so is every `more` it refuses, which is the point of the demo.
@MainActor
final class ColorsDataSource: PagedDataSource<Int> {
    /// The colours on screen, observable: the interactive screen redraws when a page joins them.
    let list = ColorList()
    /// Answers still on their way.
    private(set) var pendingResponses = 0
    /// Requests sent so far.
    private(set) var tapCount = 0
    /// Answers the framework dropped as stale.
    private(set) var droppedCount = 0
    /// Hears about taps and answers.
    var onEvent: ((DemoEvent) -> Void)?
    /// Hears that a page's rows were appended, as a table view is told to insert them.
    var onRowsAppended: (() -> Void)?

    private let loader: ColorsLoader
    /// What the next ``loadContent()`` asks the service for.
    private var nextOutcome: Outcome = .success
    /// What the next page asks the service for: the last `more` tap's outcome.
    private var nextPageOutcome: Outcome = .more

    /// Creates a data source that loads from `loader`.
    init(loader: ColorsLoader) {
        self.loader = loader
    }

    /// The colours on screen.
    var colors: [ColorRow] { list.rows }

    override var hasContent: Bool { !list.rows.isEmpty }

    /// Taps the button for `outcome`: a reload that asks the service for it, or (`more`,
    /// `more-error`) a request for the next page, whose answer is reported when nothing is fetched.
    func load(_ outcome: Outcome) {
        guard outcome.isPage else {
            nextOutcome = outcome
            loadContent()
            return
        }
        nextPageOutcome = outcome
        let answer = loadMore()
        if case .started = answer { return }  // `loadPage(after:_:)` reported the tap
        onEvent?(.loadMore(answer))
    }

    /// Repeats the last reload tap (the placeholders' Retry), or loads colours if nothing was tapped.
    func retry() {
        loadContent()
    }

    /// Repeats the last page tap (the failed page's Retry): the same page again.
    func retryPage() {
        load(nextPageOutcome)
    }

    override func loadContent() {
        let request = loader.request(nextOutcome)
        send(request)
        loadingCoordinator.loadContent { state in
            Task { [weak self] in
                let result = await request.response()
                self?.receiveFirstPage(result, for: request, state: state)
            }
        }
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        let request = loader.request(nextPageOutcome, page: cursor)
        send(request)
        // Finished by hand, as the reloads are: the answer comes at its latency even when a
        // refresh made it stale, and the demo reports it dropped then.
        Task { [weak self] in
            let result = await request.response()
            self?.receivePage(result, for: request, state: state)
        }
    }

    private func send(_ request: ColorsRequest) {
        tapCount += 1
        pendingResponses += 1
        onEvent?(.tapped(request))
    }

    /// Finishes the first page `state` with the service's answer, or reports that it was dropped.
    private func receiveFirstPage(
        _ result: Result<Page<[ColorRow], Int>, ColorsLoadError>, for request: ColorsRequest, state: LoadingState
    ) {
        pendingResponses -= 1
        let accepted: Bool
        switch result {
        case .success(let page):
            // The model and the next cursor are written inside finish, so a stale answer never
            // touches either.
            accepted = finishFirstPage(state, next: page.next) { list.rows = page.rows }
        case .failure(let error):
            accepted = loadingCoordinator.finish(state, error: error)
        }
        answered(request, accepted: accepted)
    }

    /// Finishes the page `state` with the service's answer, or reports that it was dropped: a
    /// refresh that began since has made it stale.
    private func receivePage(
        _ result: Result<Page<[ColorRow], Int>, ColorsLoadError>, for request: ColorsRequest, state: LoadingState
    ) {
        pendingResponses -= 1
        let accepted: Bool
        switch result {
        case .success(let page):
            accepted = finishPage(state, next: page.next) {
                list.rows += page.rows
                onRowsAppended?()
            }
        case .failure(let error):
            accepted = finishPage(state, error: error)
        }
        answered(request, accepted: accepted)
    }

    private func answered(_ request: ColorsRequest, accepted: Bool) {
        if !accepted { droppedCount += 1 }
        onEvent?(accepted ? .accepted(request) : .dropped(request))
    }
}
