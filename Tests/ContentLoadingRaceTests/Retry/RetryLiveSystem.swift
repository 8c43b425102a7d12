import ContentLoading
import ContentLoadingTestSupport

/// The real types a retry race runs against, wired as an app wires them: a
/// ``RetryRaceDataSource`` whose delegate supplies a wrapper (immediate policy) drawing into a
/// `ScreenModel`, on a `ManualClock` whose sleeps are booked by load (``RetryRaceClock``).
///
/// It holds the data source only while the app would, and its coordinator weakly, so releasing
/// the data source is the release an app makes. It logs what the delegates hear, and every
/// callback the framework makes into it (``RetrySite``) can act on the framework again.
@MainActor
final class RetryLiveSystem: LoadReportRecorder, ContentWrapperDelegate {
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
    /// Loads begun and finished, refreshes failed, and what each re-entrant step did.
    private(set) var log: [String] = []
    /// What each callback does the next time it is called.
    var reentries: [RetrySite: RetryStep] = [:]

    init(setup: RetryRaceSetup, fault: RetryFault?) {
        wrapper = ContentWrapper(
            drawingInto: screen, policy: .immediate, clock: RetryRaceClock(base: clock, ledger: ledger))
        let dataSource = RetryRaceDataSource(
            book: book, policy: setup.policy, workCapturesSelf: fault == .workCapturesTheDataSource)
        self.dataSource = dataSource
        weakDataSource = dataSource
        weakCoordinator = dataSource.loadingCoordinator
        wrapper.delegate = self
        dataSource.onHasContent = { [weak self] in self?.reenter(from: .hasContent) }
        dataSource.onCommit = { [weak self] in self?.reenter(from: .commit) }
        dataSource.onPageCommit = { [weak self] in self?.reenter(from: .pageCommit) }
        dataSource.delegate = self
    }

    /// Does what `site` was asked to do the next time it is called, once, and logs what it did.
    func reenter(from site: RetrySite) {
        guard let action = reentries.removeValue(forKey: site) else { return }
        let answer = apply(action)
        log.append("reentry \(site): \(answer ?? "nil")")
    }

    // MARK: - DataSourceDelegate

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func record(_ line: String) { log.append(line) }

    func dataSource(_ dataSource: DataSource, willRetry attempt: RetryAttempt) {
        retriesHeard.append("ds " + RetryView.text(attempt))
        reenter(from: .willRetry)
    }

    // MARK: - ContentWrapperDelegate

    func contentWrapper(_ wrapper: ContentWrapper, willRetry attempt: RetryAttempt) {
        retriesHeard.append("w " + RetryView.text(attempt))
        reenter(from: .wrapperWillRetry)
    }

    func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {
        guard case .retrying(let attempt) = announcement.kind else { return }
        retriesHeard.append("a " + RetryView.text(attempt))
        reenter(from: .announceRetry)
    }

    func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error) {
        log.append("refreshFailed(\(error))")
        reenter(from: .didFailToRefresh)
    }

    func contentWrapper(
        _ wrapper: ContentWrapper, placeholderForFailedPage error: any Error, proposed: Placeholder
    ) -> Placeholder {
        reenter(from: .failedPagePlaceholder)
        return proposed
    }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder)
        -> Placeholder
    {
        reenter(from: .errorPlaceholder)
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
