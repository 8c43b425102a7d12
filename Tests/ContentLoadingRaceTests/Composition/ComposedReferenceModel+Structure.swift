import ContentLoading

/// The composed container's structure steps, restated from the Composing Data Sources article:
/// sections inserted, moved and re-listed (one change, drawn once; a section that leaves stops
/// counting and its load is cancelled), and a reset that cancels every section's load and
/// counts each as never loaded until a load of it settles.
extension ComposedReferenceModel {
    /// `child`'s state as the container counts it: a child a reset marked, with no load of it
    /// settled since, is never loaded (or loading). The container learns that a load settled
    /// when the child reports: a load that settles while a newer one is in flight (begun from
    /// its update) moves no state and reports nothing, so the mark holds until the child reports.
    func counted(_ child: Int) -> ContentState {
        let model = children[child]
        let settledLoad = countedLoads[child] ?? model.settledLoad
        guard fault != .resetKeepsCounting, resetMarks[child] == settledLoad else { return model.state }
        return model.state.isLoading ? .loading : .initial
    }

    mutating func applyStructure(_ step: CompositionStep) -> Bool? {
        switch step {
        case .insert(let child, let index):
            guard !children[child].isReleased else { return nil }
            guard !members.contains(child), (0...members.count).contains(index) else { return false }
            members.insert(child, at: index)
            countedLoads[child] = children[child].settledLoad
            noteFailing(child, settled: false)
            recount()
            return true
        case .move(let child, let index):
            guard !children[child].isReleased else { return nil }
            guard let from = members.firstIndex(of: child), members.indices.contains(index) else { return false }
            members.remove(at: from)
            members.insert(child, at: index)
            return true
        case .relist(let listed):
            // The live harness cannot list a child it released.
            return relist(listed.filter { !children[$0].isReleased })
        case .reset:
            reset()
            return nil
        default:
            return nil
        }
    }

    private mutating func relist(_ listed: [Int]) -> Bool {
        guard Set(listed).count == listed.count else { return false }
        let leavingChildren = members.filter { !listed.contains($0) }
        let joining = listed.filter { !members.contains($0) }
        if fault == .reListingDrawsEachChange {
            // One section at a time, each drawn: the screen passes through every state on the way.
            for child in leavingChildren {
                members.removeAll { $0 == child }
                forget(child)
                countedLoads[child] = nil
                _ = cancelLoad(of: child)
                recount(removal: true)
            }
            for child in joining {
                members.append(child)
                countedLoads[child] = children[child].settledLoad
                noteFailing(child, settled: false)
                recount()
            }
            members = listed
            return true
        }
        // The sections leaving stop reporting at once, but count as they were until their loads
        // are cancelled; the sections joining are listed at once (a reload from a callback of
        // those cancels reaches them) but count and report once those are.
        let counting = leavingChildren.map(counted)
        for child in leavingChildren {
            forget(child)
            countedLoads[child] = nil
        }
        members = listed
        joiningNow = joining
        leaving.append(contentsOf: counting)
        if fault != .reListedChildKeepsLoading {
            for child in leavingChildren { _ = cancelLoad(of: child) }
        }
        leaving.removeLast(counting.count)
        joiningNow = []
        for child in joining {
            countedLoads[child] = children[child].settledLoad
            noteFailing(child, settled: false)
        }
        recount(removal: !leavingChildren.isEmpty)
        return true
    }

    private mutating func forget(_ child: Int) {
        if pendingChild == child { pendingFailure = nil }
        failing[child] = nil
        resetMarks[child] = nil
    }

    private mutating func reset() {
        // A reset from a callback of this one's: the reset under way counts every section afresh.
        guard !isResetting else { return }
        for member in members { resetMarks[member] = children[member].settledLoad }
        isResetting = true
        if fault != .resetLeavesLoadsRunning {
            for member in members { _ = cancelLoad(of: member) }
        }
        isResetting = false
        if fault != .resetKeepsTheFirstLoadSettled { revealed = false }
        pendingFailure = nil
        pendingChild = nil
        lastFailure = nil
        failing = [:]
        drawnErrorChild = nil
        settledWhileLoading = false
        failureAttached = false
        for member in members {
            countedLoads[member] = children[member].settledLoad
            noteFailing(member, settled: false)
        }
        recount()
    }
}
