/// A data source made of others of which one is shown at a time, like a segmented control's
/// tabs.
///
/// ```swift
/// let tabs = SegmentedDataSource(children: [popular, recent])
/// tabs.delegate = self          // one wrapper for whichever tab is selected
/// tabs.select(1)                // shows `recent` as it is now, loading it if it never loaded
/// ```
///
/// The screen shows the selected child's state, and only that:
/// - Selecting a child draws its state at once, without the presentation policy's delay, so
///   the screen never keeps another segment's state on show.
/// - A child is loaded when it is first selected (and by ``loadContent()``, which loads the
///   selected one); after that, only when you ask.
/// - A response for a child that is not selected lands in its model but does not move the
///   screen; selecting it later shows it.
///
/// The delegate hears the selected child's loads as a plain data source's:
/// ``DataSourceDelegate/dataSourceWillBeginLoading(_:)`` when it starts loading or refreshing,
/// and ``DataSourceDelegate/dataSource(_:didFinishLoadingWith:)`` when that load settles (with
/// its error, a failed refresh beside content included). Selecting another segment while the
/// selected one loads reports that load finished with no error, so a spinner started for it
/// ends; selecting a segment that is loading reports its load begun. A deselected child's loads
/// report nothing, and a failed refresh is reported beside the content once, not again when its
/// segment is selected again.
///
/// A paged segment's footer is the screen's: the wrapper draws the selected child's ``Footer``
/// (loading more, a failed page with its Retry, the end) and its page retries, the delegate hears
/// of those, and selecting a segment draws that segment's footer at once. See
/// <doc:ComposingDataSources>.
///
/// Segments are inserted and removed at any time (``insert(_:at:)``, ``remove(at:)``): removing
/// the selected one selects its neighbour, and nothing a removed segment reports reaches the
/// screen again. ``resetContent()`` puts the screen back to never loaded.
///
/// ``children``, ``selectedIndex`` and ``selected`` are observable, as every data source's state
/// is.
@MainActor
open class SegmentedDataSource: DataSource, DataSourceParent, LoadLifecycleObserver {
    /// The segments' data sources, in order. Observable.
    public var children: [DataSource] {
        observationAccess(.children, self, \SegmentedDataSource.children)
        return segments
    }
    /// ``children``, read by the data source itself without registering an observation.
    var segments: [DataSource]
    /// The index of the selected child; `nil` when there are no children. Observable.
    public var selectedIndex: Int? {
        observationAccess(.selection, self, \SegmentedDataSource.selectedIndex)
        return selection
    }
    /// ``selectedIndex``, read by the data source itself without registering an observation.
    var selection: Int?
    /// Counts the footers the wrapper was given (wrapping): bumped on every selection and every
    /// footer change of the selected child, so that two children's failed pages never look alike.
    var footerRevision: UInt64 = 0
    /// Counts what the wrapper was shown (wrapping): bumped on every selection and every
    /// settled outcome of the selected child, so that two children's loads never look alike.
    var version: UInt64 = 0
    /// The selected child's settled load when last counted.
    var countedLoad: UInt64 = 0
    /// The selected child's state when last counted: crossing into or out of loading is a
    /// load begun or ended, for the delegate.
    var countedState: ContentState = .initial
    /// The ``version`` whose content carries the selected child's failure beside it.
    private var failedVersion: UInt64?
    /// Each child's settled load whose failure was put beside its content, so it goes there once.
    var reportedFailures: [UInt64]
    /// Whether a selection is under way: it reports the new segment itself, at once.
    var isSelecting = false
    /// Whether a reset is cancelling the children's loads: it reports the screen itself, once.
    var isResetting = false
    /// The children a reset marked: each counts as never loaded until a load of it settles.
    var resetMarks = ResetMarks()

    /// Creates a segmented data source over `children`, with `selectedIndex` selected (clamped
    /// to the children; none when there are none). Nothing loads until ``loadContent()`` or
    /// ``select(_:)``.
    public init(children: [DataSource], selectedIndex: Int = 0) {
        segments = children
        selection = children.isEmpty ? nil : min(max(selectedIndex, 0), children.count - 1)
        reportedFailures = Array(repeating: 0, count: children.count)
        super.init()
        observeLoads(self)
        for child in children { child.adopt(parent: self) }
        countSelected()
    }

    /// The selected child; `nil` when there are no children. Observable.
    public var selected: DataSource? { selectedIndex.map { segments[$0] } }

    /// ``selected``, read by the data source itself without registering an observation.
    var selectedChild: DataSource? { selection.map { segments[$0] } }

    /// Selects the child at `index`: shows its state at once, and loads it if it never loaded
    /// (or, since a ``resetContent()``, has no load settled or in flight).
    ///
    /// If the segment selected until now was loading, the delegate hears that load finished
    /// (with no error: its outcome lands in that segment's model) once the new segment is
    /// drawn; if the new segment is loading, the delegate then hears its load begun. What a
    /// callback does meanwhile (finishing the new segment's load, say) is reported after these.
    ///
    /// - Returns: `false`, with nothing changed, if `index` is out of range.
    @discardableResult
    public func select(_ index: Int) -> Bool {
        guard segments.indices.contains(index) else { return false }
        guard index != selection else { return true }
        moveSelection(to: index, abandonsALoad: countedState.isLoading)
        return true
    }

    /// Selects the segment at `index` (none if `nil`), which is not the one counted until now,
    /// and shows it at once, loading it if it never loaded (or not since a reset).
    ///
    /// - Parameters:
    ///   - abandonsALoad: Whether the segment shown until now was loading: its load is then
    ///     reported finished, with no error, once the new segment is drawn.
    ///   - loading: Whether the segment loads if it needs to (not when it is the first inserted).
    func moveSelection(to index: Int?, abandonsALoad: Bool, loading: Bool = true) {
        selection = index
        if let index, loading {
            let child = segments[index]
            // Began first, so the screen shows the segment loading rather than never loaded.
            isSelecting = true
            if needsLoadOnSelection(child) { child.loadContent() }
            isSelecting = false
        }
        version &+= 1
        footerRevision &+= 1
        countSelected()
        let beginsALoad = countedState.isLoading
        // The previous segment's retry is no longer on screen.
        report(.retryEnded(.content))
        report(.retryEnded(.page))
        // A spinner started for the previous segment's load must end, though its outcome will
        // not show; the new segment's load, if it runs, is the one on screen now. One report:
        // a load a callback ends while the segment is drawn is reported after it began.
        var reports: [Report] = [.segmentSelected]
        if abandonsALoad { reports.append(.didFinish(nil)) }
        if beginsALoad { reports.append(.willBegin(stateChanged: false)) }
        report(together: reports)
        observedPropertyDidChange(.selection, self, \SegmentedDataSource.selectedIndex)
    }

    /// Whether selecting `child` loads it: it never began a load, or, since a reset, none that
    /// settled or is in flight.
    private func needsLoadOnSelection(_ child: DataSource) -> Bool {
        let (state, settledLoad, _) = child.presentation
        if !resetMarks.isEmpty, resetMarks.isMarked(ObjectIdentifier(child), settledLoad: settledLoad) {
            return !state.isLoading
        }
        return !child.hasBegunALoad
    }

    /// Loads the selected child.
    open override func loadContent() {
        selectedChild?.loadContent()
    }

    /// Whether the selected child has content (none while a reset counts it as never loaded).
    open override var hasContent: Bool {
        guard let selected = selectedChild, !isMarked(selected) else { return false }
        return selected.hasContent
    }

    /// The selected child's state, with a settled load of this source's own counting.
    override var presentation: (state: ContentState, settledLoad: UInt64, failure: (any Error)?) {
        guard let selected = selectedChild else { return (.initial, 0, nil) }
        let (state, _, failure) = counted(selected)
        // A failure beside content goes with the version that first showed it: re-selecting the
        // segment draws its content again, not the failure.
        if state == .content || state == .refreshing, failedVersion != version { return (state, version, nil) }
        return (state, version, failure)
    }

    override var hasBegunALoad: Bool {
        guard let selected = selectedChild else { return false }
        return !needsLoadOnSelection(selected)
    }

    /// The selected child's footer, at a revision of this source's own counting; none while a
    /// reset counts the child as never loaded.
    var footerOnScreen: (footer: Footer, revision: UInt64) {
        guard let selected = selectedChild, !isMarked(selected) else { return (Footer(.idle), footerRevision) }
        return (selected.footer.footer, footerRevision)
    }

    /// What the screen counts for `child`: as it is, or as never loaded while a reset marks it.
    func counted(_ child: DataSource) -> (state: ContentState, settledLoad: UInt64, failure: (any Error)?) {
        counted(child, child.presentation)
    }

    /// What the screen counts for `child`, which presents `presentation`.
    func counted(
        _ child: DataSource, _ presentation: (state: ContentState, settledLoad: UInt64, failure: (any Error)?)
    ) -> (state: ContentState, settledLoad: UInt64, failure: (any Error)?) {
        guard !resetMarks.isEmpty, resetMarks.isMarked(ObjectIdentifier(child), settledLoad: presentation.settledLoad)
        else {
            return presentation
        }
        return (presentation.state.isLoading ? .loading : .initial, presentation.settledLoad, nil)
    }

    /// Whether a reset counts `child` as never loaded.
    func isMarked(_ child: DataSource) -> Bool {
        !resetMarks.isEmpty && resetMarks.isMarked(ObjectIdentifier(child), settledLoad: child.presentation.settledLoad)
    }

    func containerWillResetLoads() {
        resetContent()
    }

    func childMadeLaneReport(_ report: Report, from child: DataSource) {
        // Only the selected segment's footer and retries are on screen.
        guard child === selectedChild else { return }
        if case .footerChanged = report {
            // A reset draws the footer itself, once the loads it cancels have stopped.
            guard !isResetting else { return }
            footerRevision &+= 1
            self.report(.footerChanged)
        } else {
            forwardRetry(report)
        }
    }

    func childDidReport(
        _ child: DataSource, presenting presentation: (state: ContentState, settledLoad: UInt64, failure: (any Error)?)
    ) {
        // A deselected child's response lands in its model; the screen stays on the selected one.
        guard child === selectedChild, !isSelecting, !isResetting else { return }
        let before = countedState
        // A child a reset marked counts as never loaded until a load of it settles.
        let wasMarked = !resetMarks.isEmpty && resetMarks.contains(ObjectIdentifier(child))
        let (state, settledLoad, failure) = counted(child, presentation)
        let settled = settledLoad != countedLoad
        if settled { version &+= 1 }
        countSelected()
        // A report about a lane (a page, a retry): the screen's state did not move.
        if !settled, state == before { return }
        // Reported as the child would report its own loads: a cancelled one ends unreported.
        if state.isLoading, !before.isLoading {
            report(.willBegin(stateChanged: true))
        } else if !state.isLoading, before.isLoading, settled {
            report(.didFinish(failure))
        } else {
            report(.stateChanged)
        }
        // Loaded again since the reset: its footer, hidden until now, shows.
        if wasMarked, settled {
            footerRevision &+= 1
            report(.footerChanged)
        }
    }

    /// Counts the selected child as it is now, and puts its failure beside its content if that
    /// content shows with it for the first time.
    func countSelected() {
        guard let selectedIndex = selection else {
            countedState = .initial
            countedLoad = 0
            return
        }
        let child = segments[selectedIndex]
        // A child whose load settled since a reset loses its mark here.
        let (state, settledLoad, failure) =
            resetMarks.isEmpty ? child.presentation : resetMarks.counted(ObjectIdentifier(child), child.presentation)
        countedState = state
        countedLoad = settledLoad
        if state == .content, failure != nil, reportedFailures[selectedIndex] != settledLoad {
            reportedFailures[selectedIndex] = settledLoad
            failedVersion = version
        }
    }
}
