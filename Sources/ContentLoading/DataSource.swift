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

    // Each report reads the weak `delegate` once: weak loads dominate the cost of a load.

    func loadDidBegin(_ transition: LoadingStateMachine.Transition?) {
        guard let delegate else { return }
        delegate.dataSourceWillBeginLoading(self)
        if let transition {
            show(transition.to, errorIsNew: false, on: delegate)
        }
    }

    func loadDidSettle(_ transition: LoadingStateMachine.Transition, error: (any Error)?) {
        guard let delegate else { return }
        show(transition.to, errorIsNew: error != nil, on: delegate)
        delegate.dataSource(self, didFinishLoadingWith: error)
    }

    func loadWasCancelled(_ transition: LoadingStateMachine.Transition?) {
        if let transition, let delegate {
            show(transition.to, errorIsNew: false, on: delegate)
        }
    }

    func contentStateDidChange(_ transition: LoadingStateMachine.Transition) {
        if let delegate {
            show(transition.to, errorIsNew: false, on: delegate)
        }
    }

    private func show(_ state: ContentState, errorIsNew: Bool, on delegate: any DataSourceDelegate) {
        delegate.contentWrapper(for: self).show(state, error: loadingCoordinator.error, errorIsNew: errorIsNew)
    }

    private func delegateDidChange() {
        guard let delegate, contentState != .initial else { return }
        show(contentState, errorIsNew: false, on: delegate)
    }
}
