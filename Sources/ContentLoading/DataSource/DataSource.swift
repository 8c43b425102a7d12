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
    /// Supplies the content wrapper to drive and hears about loads; held weakly.
    ///
    /// Setting a delegate once a load has begun brings its wrapper up to date at once. The data
    /// source asks the delegate for its wrapper at every report, so to replace the wrapper, set
    /// the delegate again (to the same object) after the delegate supplies the new one.
    public var delegate: (any DataSourceDelegate)? {
        get { weakDelegate }
        set {
            weakDelegate = newValue
            delegateChanges &+= 1
            delegateDidChange()
        }
    }

    // Performance: the hot path touches only private stored properties, and never inside a
    // call the optimizer cannot see through, so whole-module optimization drops their runtime
    // exclusivity checks (see ContentWrapper). Hence `delegate` is computed over this.
    private weak var weakDelegate: (any DataSourceDelegate)?

    /// Begins and finishes this data source's loads; see ``LoadingCoordinator``.
    public let loadingCoordinator: LoadingCoordinator
    /// The coordinator's task (its ``LoadingCoordinator/load(keepingContent:retrying:_:commit:)``
    /// in flight), copied here for `deinit`, which may run on any thread: a deinit reads its own
    /// stored properties race-free, so releasing the data source cancels the task without a lock.
    var contentTaskForRelease: Task<Bool, Never>?

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

    /// The content state, as ``LoadingCoordinator/state``.
    ///
    /// Observable: a view (or `withObservationTracking`) that reads it hears when it changes,
    /// whatever the wrapper draws. See <doc:SwiftUI>.
    public var contentState: ContentState {
        observationAccess(.contentState, self, \DataSource.contentState)
        return presentation.state
    }

    /// Re-evaluates content against empty after the model changed outside a load.
    public func contentDidChange() {
        loadingCoordinator.contentDidChange()
    }

    // MARK: - Reports from the coordinator

    /// Reports that callbacks caused while another report was being delivered; they follow it.
    private var queuedReports: [Report] = []
    private(set) var isReporting = false
    /// How many reports were ever queued (wrapping): the hot path reads this, never the array.
    private var queuedReportCount: UInt32 = 0
    /// Counts assignments to ``delegate`` (wrapping), so an event's second report can tell
    /// whether the delegate it holds is still the one set.
    private var delegateChanges: UInt32 = 0
    /// Whether the wrapper is being told the state (and may be asking for a placeholder).
    private var isDeliveringState = false
    /// Whether ``parent`` was ever set: a data source that is nobody's child never pays the weak load.
    var hasParent = false
    /// The observed properties read since their observers were last told, and those of them that
    /// moved since (see DataSource+Observation.swift): a data source nobody observes pays a test
    /// of these bits per report.
    var observedKeys: ObservedKeys = []
    var movedKeys: ObservedKeys = []
    /// Tells Observation of this data source's own properties; made when one is first read.
    var libraryRegistrar: ObservationRegistrar?

    // Each report is delivered at once, or queued behind the report being delivered, so that
    // a load begun or finished from inside a callback is reported after the one in progress,
    // never in the middle of it. There is one entry point per kind of event, so the common
    // case (nothing queued) passes no error through an enum.

    /// A load began: `dataSourceWillBeginLoading`, then, if `stateChanged`, the wrapper.
    func reportWillBegin(stateChanged: Bool) {
        if stateChanged { observedKeyMoved(.contentState) }
        if isReporting {
            enqueue(.willBegin)
            if stateChanged { enqueue(.stateChanged) }
            return
        }
        isReporting = true
        let queued = queuedReportCount
        if let delegate {
            let changes = delegateChanges
            delegate.dataSourceWillBeginLoading(self)
            if stateChanged {
                if delegateChanges == changes {
                    deliverStateChanged(to: delegate)
                } else {
                    deliverStateChanged()
                }
            }
        }
        endReporting(queued: queued)
    }

    /// The content state, or the outcome it shows, changed: the wrapper catches up.
    func reportStateChanged() {
        observedKeyMoved(.contentState)
        if isReporting {
            enqueue(.stateChanged)
            return
        }
        isReporting = true
        let queued = queuedReportCount
        deliverStateChanged()
        endReporting(queued: queued)
    }

    /// A load's result was accepted and settled: the wrapper, then `didFinishLoadingWith`.
    func reportDidFinish(error: (any Error)?) {
        observedKeyMoved(.contentState)
        if isReporting {
            enqueue(.stateChanged)
            enqueue(.didFinish(error))
            return
        }
        isReporting = true
        let queued = queuedReportCount
        if let delegate {
            let changes = delegateChanges
            deliverStateChanged(to: delegate)
            if delegateChanges == changes {
                delegate.dataSource(self, didFinishLoadingWith: error)
            } else {
                deliver(.didFinish(error))
            }
        }
        endReporting(queued: queued)
    }

    /// Delivers a report about a lane (see DataSource+LaneReports.swift) at once, or queues it
    /// behind the report being delivered.
    func report(_ report: Report) {
        if isReporting { return enqueue(report) }
        isReporting = true
        let queued = queuedReportCount
        deliverLaneReport(report)
        endReporting(queued: queued)
    }

    /// Delivers `reports` as one report (a segment's selection, with the loads it ends and
    /// begins): what a callback causes while they are delivered follows all of them.
    func report(together reports: [Report]) {
        if isReporting { return reports.forEach(enqueue) }
        isReporting = true
        let queued = queuedReportCount
        reports.forEach(deliver)
        endReporting(queued: queued)
    }

    private func enqueue(_ report: Report) {
        queuedReports.append(report)
        queuedReportCount &+= 1
        if isDeliveringState, report.movesTheScreen {
            // A placeholder callback moved the state (or selected another segment) while the
            // wrapper was making its screen: tell the wrapper that screen is stale, so it draws
            // the newer one instead.
            delegate?.contentWrapper(for: self).newerStateIsPending()
        }
    }

    /// Delivers what was queued while reporting (if anything was, since `queued`), then stops.
    private func endReporting(queued: UInt32) {
        if queuedReportCount != queued {
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
        // A child's parent reads the child's state as it is now, once the reports are out.
        if hasParent, let parent { parent.childDidReport(self) }
    }

    // Every report reaches the delegate set when it is delivered. The two reports of one
    // event share one weak load (the costliest step of the hot path, since the delegate's
    // reference counts live in a side table), unless the first one's callback set a new
    // delegate; the one read is held until both are delivered.

    private func deliver(_ report: Report) {
        switch report {
        case .willBegin: delegate?.dataSourceWillBeginLoading(self)
        case .stateChanged: deliverStateChanged()
        case .didFinish(let error): delegate?.dataSource(self, didFinishLoadingWith: error)
        case .footerChanged, .willRetry, .retryEnded, .segmentSelected: deliverLaneReport(report)
        }
    }

    private func deliverStateChanged() {
        if let delegate { deliverStateChanged(to: delegate) }
    }

    private func deliverStateChanged(to delegate: any DataSourceDelegate) {
        // The state as it is now, not as it was when the report was made: a callback may
        // have moved it since, and the wrapper must end on the truth.
        let (state, settledLoad, failure) = presentation
        isDeliveringState = true
        delegate.contentWrapper(for: self).show(state, settledLoad: settledLoad, failure: failure)
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
    weak var parent: (any DataSourceParent)?

    /// The container this data source is a child of was reset: every load of this one in flight
    /// stops. A container child resets in turn (see ``ComposedDataSource/resetContent()``).
    func containerWillReset() {
        loadingCoordinator.cancel()
    }

    // MARK: - The append lane (see PagedDataSource)

    /// A load is beginning on the refresh lane: a paged data source cancels its page in flight.
    func refreshWillBegin() {}

    /// The footer the append lane calls for, and the lane's revision (so a wrapper can tell a
    /// second failure from the first); a data source that does not page has none.
    var footer: (footer: Footer, revision: UInt64) { (.hidden, 0) }

    private func delegateDidChange() {
        // A wrapper set up before anything loaded already shows the initial screen. Once a
        // load has begun, even one cancelled back to `initial`, the wrapper may show something
        // else (a loading screen drawn while it was detached), so it is told the truth.
        guard presentation.state != .initial || hasBegunALoad else { return }
        reportStateChanged()
        // A new wrapper starts with no footer, but one set again may still draw a footer the
        // lane left while it was detached: once the lane has moved, the wrapper is told.
        let (footer, revision) = self.footer
        if case .hidden = footer, revision == 0 {} else { reportFooterChanged() }
    }

    deinit {
        // No response may count once the data source is gone, even if someone else still
        // holds its coordinator.
        loadingCoordinator.ownerDidDeinit(cancelling: contentTaskForRelease)
    }
}
