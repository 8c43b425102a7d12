import ContentLoading

/// What the steps that change the children or reset reached.
extension CompositionCoverage {
    /// The situations these steps exist for, which the random scenarios must reach.
    static func structureRequired(for container: CompositionScenario.Container) -> [String] {
        let common = ["reset mid-load", "reset over content", "child loaded again after a reset", "insert refused"]
        switch container {
        case .composed:
            return common + [
                "re-listed mid-load", "re-listing refused", "section left in a re-listing", "section moved",
                "move refused", "section inserted",
            ]
        case .segmented:
            return common + [
                "selected segment removed", "selected segment removed mid-load", "segment removed before the selected",
                "remove refused", "segment inserted", "segment inserted before the selected",
            ]
        }
    }

    /// Notes what a step that changes the children or resets did, given the models around it.
    mutating func noteStructure(
        _ step: CompositionStep, before: any CompositionReferenceModel, after: any CompositionReferenceModel,
        answer: Bool?
    ) {
        func count(_ situation: String) { reached.note(situation) }
        switch step {
        case .reset:
            if before.state.isLoading { count("reset mid-load") }
            if before.state == .content || before.state == .refreshing { count("reset over content") }
        case .insert:
            if answer == false { count("insert refused") }
            if answer == true { count(after.selection == nil ? "section inserted" : "segment inserted") }
            if answer == true, let old = before.selection, let new = after.selection, new != old {
                count("segment inserted before the selected")
            }
        case .move:
            count(answer == true ? "section moved" : "move refused")
        case .relist(let children):
            if answer == false { count("re-listing refused") }
            if answer == true, before.state.isLoading { count("re-listed mid-load") }
            if answer == true, let composed = before as? ComposedReferenceModel,
                composed.members.contains(where: { !children.contains($0) })
            {
                count("section left in a re-listing")
            }
        case .removeSegment(let index):
            if answer == false { count("remove refused") }
            guard answer == true, let selected = before.selection else { break }
            if index < selected { count("segment removed before the selected") }
            if index == selected { count("selected segment removed") }
            if index == selected, before.state.isLoading { count("selected segment removed mid-load") }
        case .finish(let child, _, _):
            // A child a reset marked settles: the screen counts it again.
            let marks =
                (before as? ComposedReferenceModel)?.resetMarks ?? (before as? SegmentedReferenceModel)?.resetMarks
            if answer == true, let mark = marks?[child], mark == before.children[child].settledLoad,
                after.children[child].settledLoad != mark
            {
                count("child loaded again after a reset")
            }
        default:
            break
        }
    }
}
