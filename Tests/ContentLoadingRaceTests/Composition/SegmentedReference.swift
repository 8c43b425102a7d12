import ContentLoading

/// The reference for a ``SegmentedDataSource`` and the wrapper it drives, restated from the
/// Composing Data Sources article:
///
/// - the screen shows the selected child's state, and only that: a deselected child's changes
///   land in its model and move nothing on screen;
/// - selecting another child draws its state at once (a new outcome for the wrapper), after
///   loading it if it never began a load; selecting the selected one changes nothing; an
///   index out of range is refused;
/// - each settled load of the selected child is a new outcome too; the container's
///   `loadContent()` loads the selected child only.
struct SegmentedReference: CompositionReference {
    private(set) var children: [ChildModel]
    private(set) var selection: Int?
    let fault: CompositionFault?
    /// Whether a child's own `loadContent()` keeps its content: the harness sets every child's
    /// flag at each container reload, and a first selection loads with it too.
    private var loadKeepsContent = true
    private var outcome: UInt64 = 0
    private var screen = ScreenModelReference()
    private(set) var log: [String] = []

    init(poolSize: Int, selection: Int, fault: CompositionFault?) {
        children = Array(repeating: ChildModel(), count: poolSize)
        self.selection = poolSize == 0 ? nil : min(max(selection, 0), poolSize - 1)
        self.fault = fault
    }

    var state: ContentState { selection.map { children[$0].state } ?? .initial }
    var hasContent: Bool { selection.map { children[$0].hasItems } ?? false }
    var drawn: ContentState { screen.drawn }

    mutating func apply(_ step: CompositionStep) -> Bool? {
        switch step {
        case .begin(let child, let keeping):
            children[child].begin(keepingContent: keeping)
            childReported(child)
            return nil
        case .finish(let child, let reference, let outcome):
            guard let index = reference.resolve(count: children[child].begun) else { return nil }
            let finish = children[child].finish(index + 1, outcome)
            if finish.accepted { childReported(child, finish: finish) }
            return finish.accepted
        case .cancel(let child):
            let cancelled = children[child].cancel()
            if cancelled { childReported(child) }
            return cancelled
        case .changeModel(let child, let items):
            children[child].items = items
            children[child].contentDidChange()
            childReported(child)
            return nil
        case .reload(let keeping):
            loadKeepsContent = keeping
            guard let selection else { return nil }
            children[selection].begin(keepingContent: keeping)
            childReported(selection)
            return nil
        case .select(let wanted):
            let index = fault == .outOfRangeSelectionClamped ? min(max(wanted, 0), children.count - 1) : wanted
            guard children.indices.contains(index) else { return false }
            guard index != selection else { return true }
            selection = index
            if !children[index].hasBegunALoad || fault == .selectionReloadsTheChild {
                children[index].begin(keepingContent: loadKeepsContent)
            }
            outcome += 1
            log += screen.tell(children[index].state, outcome: outcome, failure: children[index].failure)
            return true
        case .add, .remove, .release:
            return nil
        }
    }

    /// A child reported a change: the screen follows it only if it is the selected one.
    private mutating func childReported(_ child: Int, finish: ChildModel.Finish? = nil) {
        guard child == selection else {
            if fault == .deselectedChildMovesTheScreen {
                log += screen.tell(children[child].state, outcome: outcome, failure: children[child].failure)
            }
            return
        }
        if case .settled = finish { outcome += 1 }
        log += screen.tell(children[child].state, outcome: outcome, failure: children[child].failure)
    }
}
