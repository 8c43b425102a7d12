import ContentLoading

/// The reference for a composed source's sections changing and its reset, restated from the
/// Composing Data Sources article (Changing the sections, Resetting a screen):
///
/// - an insert puts a child that is not a section at an index in `0...count`, counted as it is;
///   a move puts a section at an index in `0..<count`, and nothing else changes; a re-listing
///   without duplicates makes the list the sections: those not listed leave (cancelled, as a
///   removal), those new join (counted as they are), and the screen is worked out once, for the
///   result; anything else answers `false` and changes nothing;
/// - a reset cancels every section's load, forgets every failure, makes the next load a first
///   load (`allTogether` holds the sections again), and counts each section as never loaded
///   (`initial`, or `loading` while a load of it runs, with no failure) until a load of it
///   settles.
extension ComposedReference {
    /// What the screen counts for `child`: its state, or, while a reset marks it, never loaded.
    func countedState(_ child: Int) -> ContentState {
        let model = children[child]
        guard fault != .resetKeepsCounting, resetMarks[child] == model.settles else { return model.state }
        return model.state.isLoading ? .loading : .initial
    }

    /// Runs a step that changes the sections or resets; the answer mirrors the live step's.
    mutating func applyStructure(_ step: CompositionStep) -> Bool? {
        switch step {
        case .insert(let child, let index):
            guard !children[child].isReleased else { return nil }
            guard !members.contains(child), (0...members.count).contains(index) else { return false }
            let before = state
            members.insert(child, at: index)
            noteFailing(child, settled: false)
            recount(from: before)
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
        let leaving = members.filter { !listed.contains($0) }
        let joining = listed.filter { !members.contains($0) }
        if fault == .reListingDrawsEachChange {
            // One section at a time, each drawn: the screen passes through every state on the way.
            for child in leaving {
                let before = state
                members.removeAll { $0 == child }
                forget(child)
                _ = children[child].cancel()
                recount(from: before, removal: true)
            }
            for child in joining {
                let before = state
                members.append(child)
                noteFailing(child, settled: false)
                recount(from: before)
            }
            members = listed
            return true
        }
        let before = state
        for child in leaving { forget(child) }
        members = listed
        if fault != .reListedChildKeepsLoading {
            for child in leaving { _ = children[child].cancel() }
        }
        for child in joining { noteFailing(child, settled: false) }
        recount(from: before, removal: !leaving.isEmpty)
        return true
    }

    /// `child` left: its failure no longer waits or shows, and a reset's mark on it goes.
    private mutating func forget(_ child: Int) {
        if pendingChild == child { pendingFailure = nil }
        failing[child] = nil
        resetMarks[child] = nil
    }

    private mutating func reset() {
        let before = state
        for member in members {
            resetMarks[member] = children[member].settles
            if fault != .resetLeavesLoadsRunning { _ = children[member].cancel() }
        }
        if fault != .resetKeepsTheFirstLoadSettled { revealed = false }
        pendingFailure = nil
        pendingChild = nil
        lastFailure = nil
        failing = [:]
        drawnErrorChild = nil
        settledWhileLoading = false
        failureAttached = false
        recount(from: before)
    }
}
