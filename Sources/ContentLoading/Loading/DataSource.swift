import Observation

/// The base class for an app's data sources: loads content through its
/// ``loadingCoordinator`` and drives the ``ContentWrapper`` its delegate supplies.
///
/// Subclass it, override ``loadContent()`` and ``hasContent``:
///
/// ```swift
/// final class ColorsDataSource: DataSource {
///     private(set) var colors: [String] = []
///     let loader = ColorsLoader()
///
///     override var hasContent: Bool { !colors.isEmpty }
///
///     override func loadContent() {
///         load { [loader] _ in
///             try await loader.colors()
///         } commit: { dataSource, colors in
///             dataSource.colors = colors
///         }
///     }
/// }
/// ```
///
/// Call ``loadContent()`` when the screen appears and whenever the user asks for fresh
/// content; every response a newer load supersedes is dropped.
@MainActor
open class DataSource {
    // Gate: Announcing.ContentLoading.FirstLoad.Ratio ≤ 140%, the 0.5 µs budget of a synchronous
    // load with an announcing delegate (docs/Benchmarks.md): its stored state skips the run-time
    // exclusivity check, with which such a load does not fit. Safe because it is used only on the
    // main actor and never changed in place across a call to app code.

    /// Supplies the content wrapper to drive and hears about loads; held weakly.
    ///
    /// Setting a delegate once a load has begun brings its wrapper up to date at once. The data
    /// source asks the delegate for its wrapper at every report, so to replace the wrapper, set
    /// the delegate again (to the same object) after the delegate supplies the new one.
    @exclusivity(unchecked) public weak var delegate: (any DataSourceDelegate)? {
        didSet {
            delegateAssignments &+= 1
            delegateDidChange()
        }
    }

    /// Begins and finishes this data source's loads; see ``LoadingCoordinator``.
    public let loadingCoordinator: LoadingCoordinator
    /// The coordinator's task (its ``LoadingCoordinator/load(keepingContent:retrying:_:commit:)``
    /// in flight), copied here for `deinit`, which may run on any thread: a deinit reads its own
    /// stored properties race-free, so releasing the data source cancels the task without a lock.
    @exclusivity(unchecked) var contentTaskForRelease: Task<Bool, Never>?

    /// Creates a data source with nothing loaded.
    public init() {
        loadingCoordinator = LoadingCoordinator(ownedByDataSource: ())
        loadingCoordinator.dataSource = self
    }

    /// Loads the content. Override it; don't call `super`.
    ///
    /// Begin the load with ``DataSourceLoading/load(keepingContent:retrying:_:commit:)``, or through
    /// ``loadingCoordinator`` (``LoadingCoordinator/loadContent(keepingContent:_:)`` to finish by
    /// hand), and finish through it.
    ///
    /// The base implementation does no loading: it settles on the error
    /// ``ContentLoadingError/loadContentNotOverridden(dataSource:)``, which names the subclass,
    /// so a forgotten override shows on screen instead of leaving a spinner forever.
    open func loadContent() {
        loadingCoordinator.loadContent { state in
            loadingCoordinator.finish(
                state,
                error: ContentLoadingError.loadContentNotOverridden(dataSource: String(reflecting: type(of: self))))
        }
    }

    /// Whether the model holds anything to show. Override it; the base returns `false`.
    ///
    /// Asked when a load begins (to choose refreshing over loading) and when one finishes
    /// (to choose content over empty), always on the main actor.
    open var hasContent: Bool { false }

    /// Whether `error` means the load was cancelled rather than that it failed. Override it to
    /// add your own cancellation errors; call `super` for the rest.
    ///
    /// A load whose work throws a cancellation, or that is finished with one, is cancelled
    /// (the state returns to where it began) instead of showing an error screen. The base
    /// implementation answers `true` for `CancellationError` and, where Foundation has it,
    /// `URLError.cancelled`:
    ///
    /// ```swift
    /// override func isCancellation(_ error: any Error) -> Bool {
    ///     (error as? APIError) == .requestAborted || super.isCancellation(error)
    /// }
    /// ```
    open func isCancellation(_ error: any Error) -> Bool {
        isCancellationByDefault(error)
    }

    /// The content state ahead of the drawing, observable: read it in a view that draws the
    /// state itself, with no wrapper.
    ///
    /// It is ``LoadingCoordinator/state``. A view (or `withObservationTracking`) that reads it
    /// hears when it changes, whatever the wrapper draws; what the wrapper draws, which a
    /// presentation policy may hold back, is ``ScreenModel``'s. See <doc:ObservingScreens>,
    /// "Which to read", and <doc:SwiftUI>.
    public var contentState: ContentState {
        observationAccess(.contentState, self, \DataSource.contentState)
        return presentation.state
    }

    /// Re-evaluates content against empty after the model changed outside a load.
    public func contentDidChange() {
        loadingCoordinator.contentDidChange()
    }

    // MARK: - Reports

    /// Reports that callbacks caused while another report was being delivered; they follow it.
    @exclusivity(unchecked) private var queuedReports: [Report] = []
    @exclusivity(unchecked) private(set) var isReporting = false
    /// Whether the wrapper is being told the state (and may be asking for a placeholder).
    @exclusivity(unchecked) private var isDeliveringState = false
    /// Counts assignments to ``delegate`` (wrapping), so that one report's callbacks share one
    /// read of it unless a callback set another.
    // Gate: Announcing.ContentLoading.FirstLoad.Ratio ≤ 140% (docs/Benchmarks.md): each weak
    // read of the delegate retains it through its side table.
    @exclusivity(unchecked) private var delegateAssignments: UInt32 = 0
    /// The observed properties read since their observers were last told, and those of them that
    /// moved since (see DataSource+Observation.swift): a data source nobody observes pays a test
    /// of these bits per report.
    @exclusivity(unchecked) var observedKeys: ObservedKeys = []
    @exclusivity(unchecked) var movedKeys: ObservedKeys = []
    /// Tells Observation of this data source's own properties; made when one is first read.
    @exclusivity(unchecked) var libraryRegistrar: ObservationRegistrar?

    /// Delivers `report` to the delegate at once, or queues it behind the report being
    /// delivered, so that a load begun or finished from inside a callback is reported after the
    /// one in progress, never in the middle of it.
    func report(_ report: Report) {
        if let key = report.movedKey { observedKeyMoved(key) }
        if isReporting { return enqueue(report) }
        isReporting = true
        deliver(report)
        endReporting()
    }

    /// Delivers `reports` as one report (a segment's selection, with the loads it ends and
    /// begins): what a callback causes while they are delivered follows all of them.
    func report(together reports: [Report]) {
        for report in reports {
            if let key = report.movedKey { observedKeyMoved(key) }
        }
        if isReporting { return reports.forEach(enqueue) }
        isReporting = true
        reports.forEach(deliver)
        endReporting()
    }

    /// Delivers the reports queued meanwhile, then ends the report under way.
    private func endReporting() {
        if !queuedReports.isEmpty {
            var index = 0
            while index < queuedReports.count {
                deliver(queuedReports[index])
                index += 1
            }
            queuedReports.removeAll(keepingCapacity: true)
        }
        isReporting = false
        // Observers hear of what moved once the wrapper shows it, outside the report, so that
        // what they do in turn is reported after it.
        if !movedKeys.isEmpty { notifyObservers() }
        // A child's parent hears the child's state as it is now, once the reports are out.
        parent?.childDidReport(self, presenting: presentation)
    }

    private func enqueue(_ report: Report) {
        queuedReports.append(report)
        if isDeliveringState, report.movesTheScreen {
            // A placeholder callback moved the state (or selected another segment) while the
            // wrapper was making its screen: tell the wrapper that screen is stale, so it draws
            // the newer one instead.
            delegate?.contentWrapper(for: self).newerStateIsPending()
        }
    }

    /// Delivers `report` to the delegate set now. Each callback reaches the delegate set when
    /// it is made: a callback that sets another delegate sends the rest of the report there.
    private func deliver(_ report: Report) {
        switch report {
        case .willBegin(let stateChanged):
            guard let delegate else { return }
            let assignments = delegateAssignments
            delegate.dataSourceWillBeginLoading(self)
            guard stateChanged else { return }
            if assignments == delegateAssignments {
                deliverStateChanged(to: delegate)
            } else if let delegate = self.delegate {
                deliverStateChanged(to: delegate)
            }
        case .stateChanged:
            if let delegate { deliverStateChanged(to: delegate) }
        case .refreshRedrawn:
            if let delegate { deliverStateChanged(to: delegate, redrawingRefresh: true) }
        case .didFinish(let error):
            guard let delegate else { return }
            let assignments = delegateAssignments
            deliverStateChanged(to: delegate)
            if assignments == delegateAssignments {
                delegate.dataSource(self, didFinishLoadingWith: error)
            } else {
                self.delegate?.dataSource(self, didFinishLoadingWith: error)
            }
        case .footerChanged, .willRetry, .retryEnded, .segmentSelected:
            deliverLaneReport(report)
        }
    }

    private func deliverStateChanged(to delegate: any DataSourceDelegate, redrawingRefresh: Bool = false) {
        // The state as it is now, not as it was when the report was made: a callback may
        // have moved it since, and the wrapper must end on the truth.
        let (state, settledLoad, failure) = presentation
        isDeliveringState = true
        delegate.contentWrapper(for: self).show(
            state, settledLoad: settledLoad, failure: failure, redrawingRefresh: redrawingRefresh)
        isDeliveringState = false
    }

    /// Runs `tell`, which tells the wrapper a state another way (a segment's selection, see
    /// DataSource+LaneReports.swift), as a state report: a screen it makes meanwhile is stale if
    /// a placeholder callback moves the screen.
    func deliveringState(_ tell: () -> Void) {
        isDeliveringState = true
        tell()
        isDeliveringState = false
    }

    // MARK: - Composition (see Composition/)

    /// What a wrapper draws for this data source: its coordinator's state, the load whose
    /// outcome it shows and that load's failure. A composed data source answers for its children.
    var presentation: (state: ContentState, settledLoad: UInt64, failure: (any Error)?) {
        loadingCoordinator.presentation
    }

    /// Whether any load has begun, even one since cancelled.
    var hasBegunALoad: Bool { loadingCoordinator.hasBegunALoad }

    /// The composed or segmented data source this one is a child of; it hears of every report.
    @exclusivity(unchecked) weak var parent: (any DataSourceParent)?

    // MARK: - The subclass's part (see LoadLifecycleObserver.swift)

    /// The subclass's part in its loads, if it plugged one in: the data source itself, held
    /// unowned so that it does not keep itself alive.
    unowned(safe) private(set) var lifecycle: (any LoadLifecycleObserver)?

    /// Plugs `observer`, this data source itself, into its loads. A subclass calls it from its `init`.
    func observeLoads(_ observer: any LoadLifecycleObserver) {
        assert(observer === self, "a data source observes its own loads")
        lifecycle = observer
    }

    /// The footer the screen draws, and its revision; a data source that does not page has none.
    var footer: (footer: Footer, revision: UInt64) {
        lifecycle?.footerOnScreen ?? (Footer(.idle), 0)
    }

    private func delegateDidChange() {
        // A wrapper set up before anything loaded already shows the initial screen. Once a
        // load has begun, even one cancelled back to `initial`, the wrapper may show something
        // else (a loading screen drawn while it was detached), so it is told the truth.
        guard presentation.state != .initial || hasBegunALoad else { return }
        report(.stateChanged)
        // A new wrapper starts with no footer, but one set again may still draw a footer the
        // lane left while it was detached: once the lane has moved, the wrapper is told.
        let (footer, revision) = self.footer
        if case .idle = footer.state, revision == 0 {} else { report(.footerChanged) }
    }

    deinit {
        // No response may count once the data source is gone, even if someone else still
        // holds its coordinator.
        loadingCoordinator.ownerDidDeinit(cancelling: contentTaskForRelease)
    }
}
