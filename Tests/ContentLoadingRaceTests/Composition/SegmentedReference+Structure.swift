import ContentLoading

/// The reference for a segmented source's segments changing and its reset, restated from the
/// Composing Data Sources article (Segments, Resetting a screen):
///
/// - an insert puts a child that is not a segment at an index in `0...count`; the selected
///   segment stays selected (its index moves up when the new one goes before it), and into a
///   source with none the new segment is selected and drawn as it is, without loading;
/// - a removal at an index in range cancels that segment's load; one before the selected
///   segment moves its index down; removing the selected one selects the segment that takes its
///   place, else the one before, else none, drawn at once as a selection is (loading it if it
///   needs to, ending the removed one's load for the delegate); anything out of range answers
///   `false`; a segment removed and inserted again is a new segment: its failure beside its
///   content is reported again when that content shows;
/// - a reset cancels every segment's load and counts each as never loaded (`initial`, or
///   `loading` while a load of it runs, with no failure and no content) until a load of it
///   settles; the selection stays, and selecting a segment never loaded since loads it.
extension SegmentedReference {
    /// The selected segment's child, by its index in the pool.
    var selectedChild: Int? { selection.map { segments[$0] } }

    /// Whether a reset counts `child` as never loaded.
    func isMarked(_ child: Int) -> Bool {
        fault != .resetKeepsCounting && resetMarks[child] == children[child].settles
    }

    /// What the screen counts for `child`: its state, or, while a reset marks it, never loaded.
    func countedState(_ child: Int) -> ContentState {
        guard isMarked(child) else { return children[child].state }
        return children[child].state.isLoading ? .loading : .initial
    }

    /// Selects the segment at `index` (none if `nil`) and draws it at once; it loads if it never
    /// loaded, or, since a reset, has no load settled or in flight (unless `loading` is `false`).
    mutating func moveSelection(to index: Int?, abandonsALoad: Bool, loading: Bool = true) {
        selection = index
        outcome += 1
        guard let child = selectedChild else {
            log += screen.tell(.initial, outcome: outcome, failure: nil)
            if abandonsALoad && reportsLoads { log.append("finished(ok)") }
            return
        }
        let needsLoad = isMarked(child) ? !children[child].state.isLoading : !children[child].hasBegunALoad
        if loading, needsLoad || fault == .selectionReloadsTheChild {
            children[child].begin(keepingContent: loadKeepsContent)
        }
        if fault == .segmentedFailureRepeatedOnReselection, countedState(child) == .content {
            failureShown[child] = false
        }
        showFailureIfNew(child)
        log += screen.tell(countedState(child), outcome: outcome, failure: shownFailure)
        if abandonsALoad && reportsLoads { log.append("finished(ok)") }
        if countedState(child).isLoading && reportsLoads { log.append("willBegin") }
    }

    /// Runs a step that changes the segments or resets; the answer mirrors the live step's.
    mutating func applyStructure(_ step: CompositionStep) -> Bool? {
        switch step {
        case .insert(let child, let index):
            guard !segments.contains(child), (0...segments.count).contains(index) else { return false }
            segments.insert(child, at: index)
            if let selected = selection {
                if index <= selected && fault != .insertedSegmentTakesTheSelection { selection = selected + 1 }
            } else {
                moveSelection(to: index, abandonsALoad: false, loading: false)
            }
            return true
        case .removeSegment(let index):
            guard segments.indices.contains(index) else { return false }
            let child = segments[index]
            let abandonsALoad = countedState(child).isLoading
            segments.remove(at: index)
            failureShown[child] = false
            resetMarks[child] = nil
            if let selected = selection {
                if index < selected {
                    selection = selected - 1
                } else if index == selected {
                    let next = fault == .removedSegmentSelectsTheFirst ? 0 : min(index, segments.count - 1)
                    moveSelection(to: segments.isEmpty ? nil : next, abandonsALoad: abandonsALoad)
                }
            }
            _ = children[child].cancel()
            return true
        case .reset:
            let before = state
            for child in segments {
                resetMarks[child] = children[child].settles
                if fault != .resetLeavesLoadsRunning { _ = children[child].cancel() }
            }
            outcome += 1
            if state.isLoading && !before.isLoading && reportsLoads { log.append("willBegin") }
            log += screen.tell(state, outcome: outcome, failure: shownFailure)
            return nil
        default:
            return nil
        }
    }
}
