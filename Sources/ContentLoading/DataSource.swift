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
///         loadingCoordinator.load { _ in
///             try await self.loader.colors()
///         } commit: { colors in
///             self.colors = colors
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
    /// Setting a delegate while content is already loaded or loading brings its wrapper up to
    /// date at once.
    public weak var delegate: (any DataSourceDelegate)? {
        didSet { delegateDidChange() }
    }

    /// Begins and finishes this data source's loads; see ``LoadingCoordinator``.
    public let loadingCoordinator: LoadingCoordinator

    /// Creates a data source with nothing loaded.
    public init() {
        loadingCoordinator = LoadingCoordinator()
        loadingCoordinator.dataSource = self
    }

    /// Loads the content. Override it; don't call `super`.
    ///
    /// Begin the load with ``loadingCoordinator`` (``LoadingCoordinator/load(keepingContent:_:commit:)``
    /// or ``LoadingCoordinator/loadContent(keepingContent:_:)``) and finish through it.
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

    /// The content state, as ``LoadingCoordinator/state``.
    public var contentState: ContentState { loadingCoordinator.state }

    /// Re-evaluates content against empty after the model changed outside a load.
    public func contentDidChange() {
        loadingCoordinator.contentDidChange()
    }

    // MARK: - Reports from the coordinator

    /// What the delegates hear, in the order it happened.
    enum Report {
        /// A load began: `dataSourceWillBeginLoading`.
        case willBegin
        /// The content state (or the outcome it shows) changed: the wrapper catches up.
        case stateChanged
        /// A load's result was accepted: `dataSource(_:didFinishLoadingWith:)`.
        case didFinish((any Error)?)
    }

    /// Reports that callbacks caused while another report was being delivered; they follow it.
    private var queuedReports: [Report] = []
    private var isReporting = false

    /// Delivers `first` (then `second`) to the delegates, or queues them behind the report
    /// being delivered, so that a load begun or finished from inside a callback is reported
    /// after the one in progress, never in the middle of it.
    func report(_ first: Report, _ second: Report? = nil) {
        if isReporting {
            queuedReports.append(first)
            if let second { queuedReports.append(second) }
            return
        }
        isReporting = true
        deliver(first)
        if let second { deliver(second) }
        if !queuedReports.isEmpty {
            var index = 0
            while index < queuedReports.count {
                deliver(queuedReports[index])
                index += 1
            }
            queuedReports.removeAll(keepingCapacity: true)
        }
        isReporting = false
    }

    private func deliver(_ report: Report) {
        // One weak load per report: weak loads dominate the cost of a load.
        guard let delegate else { return }
        switch report {
        case .willBegin:
            delegate.dataSourceWillBeginLoading(self)
        case .stateChanged:
            // The state as it is now, not as it was when the report was made: a callback may
            // have moved it since, and the wrapper must end on the truth.
            let (state, settledLoad, failure) = loadingCoordinator.presentation
            delegate.contentWrapper(for: self).show(state, settledLoad: settledLoad, failure: failure)
        case .didFinish(let error):
            delegate.dataSource(self, didFinishLoadingWith: error)
        }
    }

    private func delegateDidChange() {
        guard contentState != .initial else { return }
        report(.stateChanged)
    }

    deinit {
        // No response may count once the data source is gone, even if someone else still
        // holds its coordinator.
        loadingCoordinator.ownerDidDeinit()
    }
}
