import ContentLoading

/// How often the random scenarios reached the situations the suite exists for, so a generator
/// that drifts into dull sequences fails loudly instead of passing quietly.
struct CompositionCoverage: CustomStringConvertible {
    var counts: [String: Int] = [:]

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

    subscript(key: String) -> Int { counts[key, default: 0] }

    /// Notes what `step` did, given the model before and after it and the step's answer.
    mutating func note(
        _ step: CompositionStep, before: any CompositionReferenceModel, after: any CompositionReferenceModel,
        answer: Bool?
    ) {
        var lastFrame = before.log.last { $0.hasPrefix("show(") }
        for entry in after.log.dropFirst(before.log.count) {
            // "reentry .willShow: true": a re-entrant step acted from inside that callback.
            if entry.hasPrefix("reentry ") {
                counts["reentry from " + entry.dropFirst(8).prefix { $0 != ":" }, default: 0] += 1
            }
            if entry.hasPrefix("refreshFailed") { counts["failure reported beside content", default: 0] += 1 }
            if entry.hasPrefix("finished(") { counts["load finished", default: 0] += 1 }
            if entry.hasPrefix("finished("), entry != "finished(ok)" {
                counts["load finished with a failure", default: 0] += 1
            }
            guard entry.hasPrefix("show(") else { continue }
            // "show(error: RaceError(2))" is a frame of the error screen.
            let state = entry.dropFirst(5).dropLast().prefix { $0 != ":" }
            counts["frame " + state, default: 0] += 1
            if state == "error", let lastFrame, lastFrame.hasPrefix("show(error"), lastFrame != entry {
                counts["error screen moved to another failing section", default: 0] += 1
            }
            lastFrame = entry
        }
        noteStructure(step, before: before, after: after, answer: answer)
        // Composed only (a segment loading over old rows has items but shows no content).
        if after.selection == nil && after.state == .loading && after.hasContent {
            counts["content held back by the first load", default: 0] += 1
        }
        switch step {
        case .finish(let child, _, _):
            if answer == false { counts["stale finish dropped", default: 0] += 1 }
            if answer == true { counts["current finish accepted", default: 0] += 1 }
            if answer == true, let selection = before.selection, selection != child {
                counts["deselected child settled", default: 0] += 1
            }
        case .remove(let child) where before.children[child].state.isLoading && answer == true:
            counts["child removed mid-load", default: 0] += 1
        case .add(let child) where before.children[child].state.isLoading:
            counts["child added mid-load", default: 0] += 1
        case .release(let child) where !before.children[child].isReleased:
            counts["released child", default: 0] += 1
        case .reload:
            counts["container reload", default: 0] += 1
        case .select(let index):
            if answer == false { counts["selection out of range", default: 0] += 1 }
            if answer == true, before.children.indices.contains(index), before.children[index].state.isLoading {
                counts["selection of a loading child", default: 0] += 1
            }
            if answer == true, let selection = before.selection, selection != index,
                before.children[selection].state.isLoading
            {
                counts["selection away from a loading child", default: 0] += 1
            }
            if answer == true, let segments = before as? SegmentedReferenceModel, segments.selection != index,
                segments.children.indices.contains(index), segments.children[index].state == .content,
                segments.failureShown[index]
            {
                counts["re-selection after a reported failure", default: 0] += 1
            }
        default:
            break
        }
    }

    var description: String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }
}
