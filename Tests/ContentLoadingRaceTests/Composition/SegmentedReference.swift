import ContentLoading

/// The reference for a ``SegmentedDataSource`` and the wrapper it drives, restated from the
/// Composing Data Sources article:
///
/// - the screen shows the selected child's state, and only that: a deselected child's changes
///   land in its model and move nothing on screen, and report nothing;
/// - selecting another child draws its state at once (a new outcome for the wrapper), after
///   loading it if it never began a load; selecting the selected one changes nothing; an
///   index out of range is refused;
/// - each settled load of the selected child is a new outcome too; the container's
///   `loadContent()` loads the selected child only;
/// - the delegate hears `willBegin` when the selected child starts loading or refreshing, and
///   `finished` with the load's failure (if any) when that load settles, not when it is
///   cancelled; a selection away from a loading child reports `finished(ok)` after the new
///   child is drawn, then `willBegin` if the new child is loading;
/// - a child's failed refresh is reported beside its content once, the first time that content
///   is drawn with it (when it settles, or when its segment is selected), never again.
struct SegmentedReference: CompositionReference {
    var children: [ChildModel]
    /// The selected segment's index in ``segments``.
    var selection: Int?
    /// The segments, as indices into the pool (see SegmentedReference+Structure.swift).
    var segments: [Int]
    /// The children a reset marked, with the settles each had then.
    var resetMarks: [Int: Int] = [:]
    let fault: CompositionFault?
    /// Whether a child's own `loadContent()` keeps its content: the harness sets every child's
    /// flag at each container reload, and a first selection loads with it too.
    var loadKeepsContent = true
    var outcome: UInt64 = 0
    /// Whether each child's failure was put beside its content on screen; a new settle clears it.
    var failureShown: [Bool]
    /// The outcome whose content carries the selected child's failure beside it.
    private var failureOutcome: UInt64?
    var screen = ScreenModelReference()
    var log: [String] = []

    init(poolSize: Int, selection: Int, fault: CompositionFault?) {
        children = Array(repeating: ChildModel(), count: poolSize)
        segments = Array(0..<poolSize)
        failureShown = Array(repeating: false, count: poolSize)
        self.selection = poolSize == 0 ? nil : min(max(selection, 0), poolSize - 1)
        self.fault = fault
    }

    var state: ContentState { selectedChild.map(countedState) ?? .initial }
    var hasContent: Bool { selectedChild.map { !isMarked($0) && children[$0].hasItems } ?? false }
    var drawn: ContentState { screen.drawn }

    /// Whether the container reports loads begun and finished (a planted fault says not).
    var reportsLoads: Bool { fault != .segmentedLoadsNotReported }

    mutating func apply(_ step: CompositionStep) -> Bool? {
        switch step {
        case .begin(let child, let keeping):
            let before = countedState(child)
            children[child].begin(keepingContent: keeping)
            childReported(child, from: before)
            return nil
        case .finish(let child, let reference, let outcome):
            guard let index = reference.resolve(count: children[child].begun) else { return nil }
            let before = countedState(child)
            let finish = children[child].finish(index + 1, outcome)
            if case .settled = finish { failureShown[child] = false }
            if finish.accepted { childReported(child, from: before, finish: finish) }
            return finish.accepted
        case .cancel(let child):
            let before = countedState(child)
            let cancelled = children[child].cancel()
            if cancelled { childReported(child, from: before) }
            return cancelled
        case .changeModel(let child, let items):
            let before = countedState(child)
            children[child].items = items
            children[child].contentDidChange()
            childReported(child, from: before)
            return nil
        case .reload(let keeping):
            loadKeepsContent = keeping
            guard let selected = selectedChild else { return nil }
            let before = countedState(selected)
            children[selected].begin(keepingContent: keeping)
            childReported(selected, from: before)
            return nil
        case .select(let wanted):
            let index = fault == .outOfRangeSelectionClamped ? min(max(wanted, 0), segments.count - 1) : wanted
            guard segments.indices.contains(index) else { return false }
            guard index != selection else { return true }
            moveSelection(to: index, abandonsALoad: selectedChild.map { countedState($0).isLoading } ?? false)
            return true
        case .add, .remove, .release:
            return nil
        case .insert, .move, .relist, .removeSegment, .reset:
            return applyStructure(step)
        }
    }

    /// The selected child's failure goes beside its content the first time that content shows.
    mutating func showFailureIfNew(_ child: Int) {
        guard countedState(child) == .content, children[child].failure != nil, !failureShown[child] else { return }
        failureShown[child] = true
        failureOutcome = outcome
    }

    /// The failure the wrapper is given with the selected child's state.
    var shownFailure: String? {
        guard let selected = selectedChild, !isMarked(selected) else { return nil }
        let child = children[selected]
        if child.state == .content || child.state == .refreshing, failureOutcome != outcome { return nil }
        return child.failure
    }

    /// A child reported a change from `before`: the screen and the delegate follow it only if
    /// it is the selected one.
    private mutating func childReported(_ child: Int, from before: ContentState, finish: ChildModel.Finish? = nil) {
        guard child == selectedChild else {
            if fault == .deselectedChildMovesTheScreen {
                log += screen.tell(children[child].state, outcome: outcome, failure: children[child].failure)
            }
            return
        }
        if case .settled = finish { outcome += 1 }
        showFailureIfNew(child)
        let after = countedState(child)
        if after.isLoading && !before.isLoading && reportsLoads {
            log.append("willBegin")
            log += screen.tell(after, outcome: outcome, failure: shownFailure)
        } else if case .settled(let failure) = finish, reportsLoads {
            log += screen.tell(after, outcome: outcome, failure: shownFailure)
            log.append("finished(\(failure ?? "ok"))")
        } else {
            log += screen.tell(after, outcome: outcome, failure: shownFailure)
        }
    }
}
