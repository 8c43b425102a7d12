import ContentLoading

/// The steps that change the children or reset the container, on the real types.
extension CompositionLiveSystem {
    /// Runs a step that changes the children or resets; the answer mirrors the reference's.
    func applyStructure(_ step: CompositionStep) -> Bool? {
        switch step {
        case .insert(let child, let index):
            guard let section = sections[child] else { return nil }
            if let composed { return composed.insert(section, at: index) }
            return segmented?.insert(section, at: index)
        case .move(let child, let index):
            guard let section = sections[child] else { return nil }
            return composed?.move(section, to: index)
        case .relist(let children):
            // A released child cannot be listed: the run holds it no more.
            return composed?.setChildren(children.compactMap { sections[$0] })
        case .removeSegment(let index):
            return segmented?.remove(at: index)
        case .reset:
            wasReset = true
            composed?.resetContent()
            segmented?.resetContent()
            return nil
        default:
            return nil
        }
    }
}
