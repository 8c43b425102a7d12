/// The steps that change a container's children or reset it.
extension CompositionStep {
    /// The step as Swift, for a replayable scenario.
    var structureDescription: String {
        switch self {
        case .insert(let child, let index): ".insert(child: \(child), at: \(index))"
        case .move(let child, let index): ".move(child: \(child), to: \(index))"
        case .relist(let children): ".relist(\(children))"
        case .removeSegment(let index): ".removeSegment(\(index))"
        case .reset: ".reset"
        default: ""
        }
    }

    /// Whether the step changes the children or resets the container.
    var changesStructure: Bool {
        switch self {
        case .insert, .move, .relist, .removeSegment, .reset: true
        default: false
        }
    }
}
