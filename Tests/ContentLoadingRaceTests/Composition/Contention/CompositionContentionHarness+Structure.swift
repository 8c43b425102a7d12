import ContentLoading
import ContentLoadingTestSupport

/// Steps that change the children or reset the container, taken by workers
/// among the others and judged by the same oracle: a child that leaves (re-listed out, or its
/// segment removed) has its load cancelled at once; a reset cancels every child's load and
/// counts each as never loaded until a load of it settles, which the oracle tracks from the
/// finishes it judged.
extension CompositionContentionHarness {
    /// A random action: about one in six changes the children or resets, the rest as
    /// ``action(tickets:segments:using:)`` draws them.
    nonisolated static func structureAction(
        tickets: [[TokenTicket]], segments: Bool, using random: inout SeededGenerator
    ) -> Action {
        let roll = Int.random(in: 0..<100, using: &random)
        guard roll < 17 else { return action(tickets: tickets, segments: segments, using: &random) }
        if roll < 3 { return .reset }
        let child = Int.random(in: 0..<tickets.count, using: &random)
        let index = Int.random(in: -1...tickets.count, using: &random)
        if segments {
            if roll < 6 { return .removeSelectedSegment }
            return roll < 10 ? .removeSegment(index) : .insertSegment(child: child, at: index)
        }
        var listed = tickets.indices.filter { _ in random.chance(75) }
        listed.shuffle(using: &random)
        if !listed.isEmpty, random.chance(10) { listed.append(listed[0]) }
        return .relist(listed)
    }

    /// The selected segment's child, by pool index.
    var selectedChild: Int? {
        guard let selected = segmented?.selected else { return nil }
        return sections.firstIndex { $0 === selected }
    }

    /// Whether a reset counts `child` as never loaded: no load of it settled since.
    func isMarked(_ child: Int) -> Bool { resetMarks[child] == settles[child] }

    /// What the container counts for `child`: its state, or, while a reset marks it, never
    /// loaded (loading while a load of it runs).
    func countedState(_ child: Int) -> ContentState {
        let state = sections[child].contentState
        guard isMarked(child) else { return state }
        return state.isLoading ? .loading : .initial
    }

    /// Runs a step that changes the children or resets; ``perform(_:)`` checks after it.
    func performStructure(_ action: Action) {
        switch action {
        case .relist(let listed):
            let answer = composed?.setChildren(listed.map { sections[$0] }) ?? false
            let refused = Set(listed).count != listed.count
            if answer == refused { record("setChildren(\(listed)) answered \(answer)") }
            guard answer else { return }
            for child in members.subtracting(listed) { noteRemoved(child, answer: true) }
            members = Set(listed)
        case .insertSegment(let child, let index):
            let answer = segmented?.insert(sections[child], at: index) ?? false
            let allowed = !segments.contains(child) && (0...segments.count).contains(index)
            if answer != allowed { record("insert(child \(child), at: \(index)) answered \(answer)") }
            if answer { segments.insert(child, at: index) }
        case .removeSelectedSegment:
            guard let child = selectedChild, let index = segments.firstIndex(of: child) else { return }
            performStructure(.removeSegment(index))
        case .removeSegment(let index):
            let answer = segmented?.remove(at: index) ?? false
            if answer != segments.indices.contains(index) { record("remove(at: \(index)) answered \(answer)") }
            guard answer else { return }
            let child = segments.remove(at: index)
            resetMarks[child] = nil
            if isOpen[child] {
                removalsMidLoad += 1
                isOpen[child] = false
            }
        case .reset:
            let inside = composed != nil ? Array(members) : segments
            for child in inside { resetMarks[child] = settles[child] }
            revealed = false
            composed?.resetContent()
            segmented?.resetContent()
            for child in inside where isOpen[child] {
                cancels += 1
                isOpen[child] = false
                if let task = openTasks[child], !task.isCancelled {
                    record("child \(child) was reset mid-load but its task was not cancelled")
                }
                openTasks[child] = nil
            }
        default:
            break
        }
    }
}
