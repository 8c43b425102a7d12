import ContentLoading

/// The demo's data layer: a list of colours loaded page by page from the simulated colour
/// service, through the framework's ``PagedDataSource`` as an app's data source would.
///
/// A reload tap begins a first page with ``DataSourceLoading/loadFirstPage(keepingContent:retrying:_:commit:)``;
/// a `more` tap asks for the next page with ``PagedDataSource/loadMore()``, which the data source
/// answers with ``DataSourceLoading/appendPage(_:retrying:_:commit:)``. Both run under the
/// demo's retry policy (`--retry`), and the framework decides whether each answer still counts:
/// the ``LoadLedger`` reports every answer it drops, every retry, and every `more` it refuses,
/// which is the point of the demo.
@MainActor
final class ColorsDataSource: PagedDataSource<Int> {
    /// The colours on screen, observable: the interactive screen redraws when a page joins them.
    let list = ColorList()
    /// Sends the requests and reports their answers.
    let ledger: LoadLedger
    /// Hears that a page's rows were appended, as a table view is told to insert them.
    var onRowsAppended: (() -> Void)?

    /// What the next ``loadContent()`` asks the service for.
    private var nextOutcome: Outcome = .success
    /// What the next page asks the service for: the last `more` tap's outcome.
    private var nextPageOutcome: Outcome = .more
    /// The requests of the load in flight on each lane, to which a retry belongs.
    private var contentSeries: RequestSeries?
    private var pageSeries: RequestSeries?

    /// Creates a data source whose requests `ledger` sends.
    init(ledger: LoadLedger) {
        self.ledger = ledger
    }

    /// The colours on screen.
    var colors: [ColorRow] { list.rows }

    override var hasContent: Bool { !list.rows.isEmpty }

    /// Taps the button for `outcome`: a reload that asks the service for it, or (`more`,
    /// `more-error`) a request for the next page, whose answer is reported when nothing is fetched.
    func load(_ outcome: Outcome) {
        guard outcome.isPage else {
            // A flaky tap is the service faltering from now on; a Retry of it finds it recovering.
            if outcome == .flaky { ledger.loader.beginFlaky() }
            nextOutcome = outcome
            loadContent()
            return
        }
        nextPageOutcome = outcome
        let answer = loadMore()
        if case .started = answer { return }  // `loadPage(after:_:)` reported the tap
        ledger.onEvent?(.loadMore(answer))
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
        let series = ledger.begin(nextOutcome)
        contentSeries = series
        let task = loadFirstPage(retrying: ledger.policy, ledger.work(for: series)) { dataSource, rows in
            // Written inside the framework's finish, so a stale answer never touches the rows.
            dataSource.list.rows = rows
        }
        ledger.watch(task, of: series)
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        let series = ledger.begin(nextPageOutcome, page: cursor)
        pageSeries = series
        let task = appendPage(state, retrying: ledger.policy, ledger.work(for: series)) { dataSource, rows in
            dataSource.list.rows += rows
            dataSource.onRowsAppended?()
        }
        ledger.watch(task, of: series)
    }

    /// The delegates heard that the load in flight on `attempt`'s lane will retry.
    func willRetry(_ attempt: RetryAttempt) {
        ledger.willRetry(attempt, of: attempt.lane == .page ? pageSeries : contentSeries)
    }
}
