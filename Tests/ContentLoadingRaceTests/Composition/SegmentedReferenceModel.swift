import ContentLoading

/// The reference for a ``SegmentedDataSource`` and the wrapper it drives, restated from the
/// Composing Data Sources article:
///
/// - the screen shows the selected child's state, and only that: a deselected child's changes
///   land in its model and move nothing on screen, and report nothing;
/// - selecting another child draws its state at once (a new outcome for the wrapper), after
///   loading it if it never began a load (its reports during that load are the selection's);
///   selecting the selected one changes nothing; an index out of range is refused;
/// - each settled load of the selected child is a new outcome too; the container's
///   `loadContent()` loads the selected child only;
/// - the delegate hears `willBegin` when the selected child starts loading or refreshing, and
///   `finished` with the load's failure (if any) when that load settles, not when it is
///   cancelled; a selection away from a loading child reports `finished(ok)` after the new
///   child is drawn, then `willBegin` if the new child is loading, all as one report (what a
///   callback does meanwhile is reported after it);
/// - a child's failed refresh is reported beside its content once, the first time that content
///   is drawn with it (when it settles, or when its segment is selected), never again;
/// - the container learns of the selected child's change when it reports (see
///   CompositionReferenceModel+Children.swift), and reads it as it is then; its own reports follow
///   the delivery rule of CompositionReferenceModel+Reports.swift.
struct SegmentedReferenceModel: CompositionReferenceModel {
    var children: [ChildModel]
    /// The selected segment's index in ``segments``.
    var selection: Int?
    /// The segments, as indices into the pool (see SegmentedReferenceModel+Structure.swift).
    var segments: [Int]
    /// The children a reset marked, with the settled load each had then.
    var resetMarks: [Int: Int] = [:]
    let fault: CompositionFault?
    /// Whether a child's own `loadContent()` keeps its content: the harness sets every child's
    /// flag at each container reload, and a first selection loads with it too.
    var loadKeepsContent = true
    /// Counts what the wrapper was shown: every selection and every settled outcome of the
    /// selected child.
    var version: UInt64 = 0
    /// The selected child's state and settled load when the container last counted it.
    var countedState: ContentState = .initial
    private var countedLoad = 0
    /// The version whose content carries the selected child's failure beside it.
    private var failedVersion: UInt64?
    /// Each child's settled load whose failure was put beside its content, so it goes there once.
    var reportedFailures: [Int]
    /// Whether a selection is loading its segment: the selection reports it, not the segment.
    var isSelecting = false
    /// Whether a reset is cancelling the segments' loads: their reports are its own.
    var isResetting = false
    var screen = ScreenModelReference()
    var reports = ReportQueue<ContainerReport>()
    var reentries: [CompositionSite: CompositionStep] = [:]
    var log: [String] = []

    init(poolSize: Int, selection: Int, fault: CompositionFault?) {
        children = Array(repeating: ChildModel(), count: poolSize)
        reportedFailures = Array(repeating: 0, count: poolSize)
        segments = Array(0..<poolSize)
        self.selection = poolSize == 0 ? nil : min(max(selection, 0), poolSize - 1)
        self.fault = fault
    }

    var state: ContentState { selectedChild.map(counted) ?? .initial }
    var hasContent: Bool { selectedChild.map { !isMarked($0) && children[$0].hasItems } ?? false }

    /// Whether each child's failure was put beside its content on screen.
    var failureShown: [Bool] {
        children.indices.map { children[$0].failure != nil && reportedFailures[$0] == children[$0].settledLoad }
    }

    var presentation: (state: ContentState, outcome: UInt64, failure: String?) {
        guard let selected = selectedChild else { return (.initial, version, nil) }
        let child = children[selected]
        let state = counted(selected)
        if isMarked(selected) { return (state, version, nil) }
        // A failure beside content goes with the version that first showed it.
        if child.state == .content || child.state == .refreshing, failedVersion != version {
            return (child.state, version, nil)
        }
        return (child.state, version, child.failure)
    }

    /// Whether the container reports loads begun and finished (a planted fault says not).
    var reportsLoads: Bool { fault != .segmentedLoadsNotReported }

    func reportsToContainer(_ child: Int) -> Bool { segments.contains(child) }

    mutating func apply(_ step: CompositionStep) -> Bool? {
        switch step {
        case .begin(let child, let keeping):
            beginLoad(of: child, keepingContent: keeping)
            return nil
        case .finish(let child, let reference, let outcome):
            guard let index = reference.resolve(count: children[child].tokens.count) else { return nil }
            return finishLoad(of: child, children[child].tokens[index], outcome)
        case .cancel(let child):
            return cancelLoad(of: child)
        case .changeModel(let child, let items):
            children[child].items = items
            modelChanged(of: child)
            return nil
        case .reload(let keeping):
            loadKeepsContent = keeping
            if let selected = selectedChild { beginLoad(of: selected, keepingContent: loadKeepsContent) }
            return nil
        case .select(let wanted):
            return select(wanted)
        case .add, .remove, .release:
            return nil
        case .insert, .move, .relist, .removeSegment, .reset:
            return applyStructure(step)
        case .reenter(let site, let action):
            reentries[site] = action
            return nil
        }
    }

    /// Selects a segment: loads it if it never loaded, draws it at once, then reports the
    /// previous segment's load ended and the new one's begun, if they were loading: one report.
    private mutating func select(_ wanted: Int) -> Bool {
        let index = fault == .outOfRangeSelectionClamped ? min(max(wanted, 0), segments.count - 1) : wanted
        guard segments.indices.contains(index) else { return false }
        guard index != selection else { return true }
        moveSelection(to: index, abandonsALoad: countedState.isLoading)
        return true
    }

    /// Moves the selection (`nil`: no segment left), loading the new segment unless told not
    /// to, if it never loaded (or a reset marked it and it is not loading); draws it and
    /// reports as one report.
    mutating func moveSelection(to index: Int?, abandonsALoad: Bool, loading: Bool = true) {
        selection = index
        if let child = selectedChild, loading {
            isSelecting = true
            let needsLoad = isMarked(child) ? !children[child].state.isLoading : !children[child].hasBegunALoad
            if needsLoad || fault == .selectionReloadsTheChild {
                beginLoad(of: child, keepingContent: loadKeepsContent)
            }
            isSelecting = false
        }
        version += 1
        if fault == .segmentedFailureRepeatedOnReselection, let child = selectedChild { reportedFailures[child] = 0 }
        countSelected()
        let beginsALoad = countedState.isLoading
        // One report: what a callback does while the segment is drawn is reported after it.
        var reports: [ContainerReport] = [.segmentSelected]
        if abandonsALoad && reportsLoads { reports += [.stateChanged, .didFinish(nil)] }
        if beginsALoad && reportsLoads { reports.append(.willBegin) }
        report(reports)
    }

    /// Counts the selected child as it is now, and puts its failure beside its content if that
    /// content shows with it for the first time.
    mutating func countSelected() {
        guard let selected = selectedChild else {
            countedState = .initial
            countedLoad = 0
            return
        }
        let child = children[selected]
        countedState = counted(selected)
        countedLoad = child.settledLoad
        if countedState == .content, child.failure != nil, reportedFailures[selected] != child.settledLoad {
            reportedFailures[selected] = child.settledLoad
            failedVersion = version
        }
    }

    /// A child reported: only the selected one moves the screen, and the delegate hears of its
    /// loads as a plain data source's.
    mutating func childReported(_ child: Int) {
        guard child == selectedChild, !isSelecting, !isResetting else {
            if fault == .deselectedChildMovesTheScreen, child != selectedChild, !isResetting {
                tellWrapper((children[child].state, version, children[child].failure))
            }
            return
        }
        let before = countedState
        let settled = children[child].settledLoad != countedLoad
        if settled { version += 1 }
        countSelected()
        let after = countedState
        guard settled || after != before else { return }
        if after.isLoading && !before.isLoading {
            report(reportsLoads ? [.willBegin, .stateChanged] : [.stateChanged])
        } else if !after.isLoading && before.isLoading && settled {
            report(reportsLoads ? [.stateChanged, .didFinish(children[child].failure)] : [.stateChanged])
        } else {
            report([.stateChanged])
        }
    }
}
