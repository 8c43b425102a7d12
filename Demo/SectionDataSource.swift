import ContentLoading

/// One section of `demo sections`: colours of one palette, loaded on their own from the
/// simulated service with ``DataSourceLoading/load(keepingContent:retrying:_:commit:)``, as a
/// child of the screen's ``ComposedDataSource``.
@MainActor
final class SectionDataSource: DataSource {
    /// The section's colours.
    let palette: Palette
    /// What the section's requests ask the service for.
    let outcome: Outcome
    /// The section's colours on screen, observable: the interactive screen redraws when they change.
    let list = ColorList()

    private let ledger: LoadLedger
    /// The requests of the load in flight, or of the last one.
    private var series: RequestSeries?

    /// Creates the section of `palette`, whose requests ask for `outcome` and are sent by `ledger`.
    init(palette: Palette, outcome: Outcome, ledger: LoadLedger) {
        self.palette = palette
        self.outcome = outcome
        self.ledger = ledger
    }

    override var hasContent: Bool { !list.rows.isEmpty }

    override func loadContent() {
        let series = ledger.begin(outcome, section: palette, byTap: false)
        self.series = series
        let task = load(retrying: ledger.policy, ledger.work(for: series)) { dataSource, page in
            dataSource.list.rows = page.rows
        }
        ledger.watch(task, of: series)
    }

    /// The section as the screen draws it: its state, its colours, and why it failed.
    var summary: SectionSummary {
        let state = contentState
        return SectionSummary(
            palette: palette, state: state, rows: list.rows,
            failure: state == .error ? series?.failure.map { "\($0)" } : nil)
    }
}
