import ContentLoading

/// The segmented container's structure steps, restated from the Composing Data Sources
/// article: a segment inserted or removed (removing the selected one selects its neighbour,
/// and its load stops once the neighbour shows), and a reset that cancels every segment's load
/// and counts each as never loaded until a load of it settles.
extension SegmentedReferenceModel {
    var selectedChild: Int? { selection.map { segments[$0] } }

    /// Whether a reset marked `child` and no load of it settled since.
    func isMarked(_ child: Int) -> Bool {
        fault != .resetKeepsCounting && resetMarks[child] == children[child].settledLoad
    }

    /// `child`'s state as the container counts it: a marked child is never loaded (or loading).
    func counted(_ child: Int) -> ContentState {
        guard isMarked(child) else { return children[child].state }
        return children[child].state.isLoading ? .loading : .initial
    }

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
            let child = segments.remove(at: index)
            reportedFailures[child] = 0
            resetMarks[child] = nil
            if let selected = selection {
                if index < selected {
                    selection = selected - 1
                } else if index == selected {
                    let next = fault == .removedSegmentSelectsTheFirst ? 0 : min(index, segments.count - 1)
                    moveSelection(to: segments.isEmpty ? nil : next, abandonsALoad: countedState.isLoading)
                }
            }
            _ = cancelLoad(of: child)
            return true
        case .reset:
            reset()
            return nil
        default:
            return nil
        }
    }

    private mutating func reset() {
        // A reset from a callback of this one's: the reset under way counts the segments afresh.
        guard !isResetting else { return }
        for child in segments { resetMarks[child] = children[child].settledLoad }
        let before = countedState
        isResetting = true
        if fault != .resetLeavesLoadsRunning {
            for child in segments { _ = cancelLoad(of: child) }
        }
        isResetting = false
        version += 1
        countSelected()
        if countedState.isLoading && !before.isLoading {
            report(reportsLoads ? [.willBegin, .stateChanged] : [.stateChanged])
        } else {
            report([.stateChanged])
        }
    }
}
