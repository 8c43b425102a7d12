import ContentLoading
import ContentLoadingTestSupport

/// The real types a retry race runs against, wired as an app wires them: a
/// ``RetryRaceDataSource`` whose delegate supplies a wrapper (immediate policy) drawing into a
/// `ScreenModel`, on a `ManualClock` whose sleeps are booked by load (``RetryRaceClock``).
///
/// It holds the data source only while the app would, and its coordinator weakly, so releasing
/// the data source is the release an app makes. It logs what the delegates hear.
@MainActor
final class RetryLiveSystem: DataSourceDelegate, ContentWrapperDelegate {
    let clock = ManualClock()
    let ledger = RetrySleepLedger()
    let book = RetryAttemptBook()
    let screen = ScreenModel()
    let wrapper: ContentWrapper
    var dataSource: RetryRaceDataSource?
    private(set) weak var weakDataSource: RetryRaceDataSource?
    private(set) weak var weakCoordinator: LoadingCoordinator?
    /// The retries both delegates heard, in order.
    private(set) var retriesHeard: [String] = []
    /// Loads begun and finished, refreshes failed.
    private(set) var log: [String] = []

    init(setup: RetryRaceSetup, fault: RetryFault?) {
        wrapper = ContentWrapper(
            drawingInto: screen, policy: .immediate, clock: RetryRaceClock(base: clock, ledger: ledger))
        let dataSource = RetryRaceDataSource(
            book: book, policy: setup.policy, workCapturesSelf: fault == .workCapturesTheDataSource)
        self.dataSource = dataSource
        weakDataSource = dataSource
        weakCoordinator = dataSource.loadingCoordinator
        wrapper.delegate = self
        dataSource.delegate = self
    }

    // MARK: - DataSourceDelegate

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func dataSourceWillBeginLoading(_ dataSource: DataSource) {
        log.append("willBegin")
    }

    func dataSource(_ dataSource: DataSource, didFinishLoadingWith error: (any Error)?) {
        log.append("finished(\(error.map { "\($0)" } ?? "ok"))")
    }

    func dataSource(_ dataSource: DataSource, willRetry attempt: RetryAttempt) {
        retriesHeard.append("ds " + RetryView.text(attempt))
    }

    // MARK: - ContentWrapperDelegate

    func contentWrapper(_ wrapper: ContentWrapper, willRetry attempt: RetryAttempt) {
        retriesHeard.append("w " + RetryView.text(attempt))
    }

    func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {
        if case .retrying(let attempt) = announcement.kind { retriesHeard.append("a " + RetryView.text(attempt)) }
    }

    func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error) {
        log.append("refreshFailed(\(error))")
    }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder)
        -> Placeholder
    {
        var placeholder = proposed
        placeholder.action = .init(title: "Retry") { [weak self] in self?.dataSource?.loadContent() }
        return placeholder
    }

    // MARK: - Reading

    /// What the real types show now.
    func view(answer: String?, settled: String?) -> RetryView {
        var view = RetryView()
        view.answer = answer ?? "nil"
        if let coordinator = weakCoordinator {
            view.state = "\(coordinator.state)"
            view.error = coordinator.error.map { "\($0)" } ?? "nil"
        } else {
            view.state = "released"
            view.error = "released"
        }
        view.shown = "\(wrapper.displayedState)"
        view.items = weakDataSource?.items
        let lane = weakDataSource.map { "\(RetryView.text($0.appendState)) next \(String(describing: $0.nextCursor))" }
        view.appendLane = (lane ?? "released") + ", footer " + RetryView.text(wrapper.footer)
        view.attempts = book.entries.map { entry in
            entry.isPage
                ? "#\(entry.number) page "
                    + entry.cursors.map { "@\($0.map { "\($0)" } ?? "nil")" }.joined(separator: " ")
                : "#\(entry.number) content ×\(entry.cursors.count)"
        }
        view.taskValues = book.entries.map { "#\($0.number) " + ($0.value.map { "\($0)" } ?? "running") }
        view.taskCancelled = book.entries.filter { $0.value == nil }.map {
            "#\($0.number) " + ($0.task?.isCancelled == true ? "cancelled" : "not cancelled")
        }
        view.sleeps =
            ledger.entries.map { "\($0.load.map { "#\($0)" } ?? "wrapper") until \($0.deadline)" }
            + ["sleepers \(clock.sleeperCount)"]
        view.retriesHeard = retriesHeard
        view.retryAttempt = RetryView.text(wrapper.retryAttempt) + " | " + RetryView.text(screen.retryAttempt)
        view.log = log
        view.lifetime =
            "data source \(weakDataSource == nil ? "freed" : "alive"), "
            + "coordinator \(weakCoordinator == nil ? "freed" : "alive")"
        view.settled = settled ?? "settled"
        return view
    }
}
