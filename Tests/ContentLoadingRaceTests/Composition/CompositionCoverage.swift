import ContentLoading

/// How often the random scenarios reached the situations the suite exists for, so a generator
/// that drifts into dull sequences fails loudly instead of passing quietly.
struct CompositionCoverage: CustomStringConvertible {
    var reached = Coverage<String>()

    /// What the suite must have reached for `container`. Rarer situations are counted too (a
    /// segment re-selected after its failure was reported, say) and pinned by fixed scenarios.
    static func required(for container: CompositionScenario.Container) -> [String] {
        baseRequired(for: container) + structureRequired(for: container)
    }

    private static func baseRequired(for container: CompositionScenario.Container) -> [String] {
        let common =
            [
                "stale finish dropped", "current finish accepted", "frame loading", "frame content", "frame error",
                "frame empty", "frame refreshing",
            ] + CompositionSite.allCases.map { "reentry from \($0)" }
        switch container {
        case .composed(let reveal):
            return common + [
                "failure reported beside content", "child removed mid-load", "child added mid-load",
                "released child", "container reload",
            ] + (reveal == .allTogether ? ["content held back by the first load"] : [])
        case .segmented:
            return common + [
                "selection out of range", "deselected child settled", "selection of a loading child",
                "selection away from a loading child", "load finished", "load finished with a failure",
            ]
        }
    }

    subscript(situation: String) -> Int { reached[situation] }

    /// Notes what `step` did, given the model before and after it and the step's answer.
    mutating func note(
        _ step: CompositionStep, before: any CompositionReferenceModel, after: any CompositionReferenceModel,
        answer: Bool?
    ) {
        var lastFrame = before.log.last { $0.hasPrefix("show(") }
        for entry in after.log.dropFirst(before.log.count) {
            // "reentry .willShow: true": a re-entrant step acted from inside that callback.
            if entry.hasPrefix("reentry ") {
                reached.note("reentry from " + entry.dropFirst(8).prefix { $0 != ":" })
            }
            if entry.hasPrefix("refreshFailed") { reached.note("failure reported beside content") }
            if entry.hasPrefix("finished(") { reached.note("load finished") }
            if entry.hasPrefix("finished("), entry != "finished(ok)" {
                reached.note("load finished with a failure")
            }
            guard entry.hasPrefix("show(") else { continue }
            // "show(error: RaceError(2))" is a frame of the error screen.
            let state = entry.dropFirst(5).dropLast().prefix { $0 != ":" }
            reached.note("frame " + state)
            if state == "error", let lastFrame, lastFrame.hasPrefix("show(error"), lastFrame != entry {
                reached.note("error screen moved to another failing section")
            }
            lastFrame = entry
        }
        noteStructure(step, before: before, after: after, answer: answer)
        // Composed only (a segment loading over old rows has items but shows no content).
        if after.selection == nil && after.state == .loading && after.hasContent {
            reached.note("content held back by the first load")
        }
        switch step {
        case .finish(let child, _, _):
            if answer == false { reached.note("stale finish dropped") }
            if answer == true { reached.note("current finish accepted") }
            if answer == true, let selection = before.selection, selection != child {
                reached.note("deselected child settled")
            }
        case .remove(let child) where before.children[child].state.isLoading && answer == true:
            reached.note("child removed mid-load")
        case .add(let child) where before.children[child].state.isLoading:
            reached.note("child added mid-load")
        case .release(let child) where !before.children[child].isReleased:
            reached.note("released child")
        case .reload:
            reached.note("container reload")
        case .select(let index):
            if answer == false { reached.note("selection out of range") }
            if answer == true, before.children.indices.contains(index), before.children[index].state.isLoading {
                reached.note("selection of a loading child")
            }
            if answer == true, let selection = before.selection, selection != index,
                before.children[selection].state.isLoading
            {
                reached.note("selection away from a loading child")
            }
            if answer == true, let segments = before as? SegmentedReferenceModel, segments.selection != index,
                segments.children.indices.contains(index), segments.children[index].state == .content,
                segments.failureShown[index]
            {
                reached.note("re-selection after a reported failure")
            }
        default:
            break
        }
    }

    var description: String {
        reached.counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }
}
