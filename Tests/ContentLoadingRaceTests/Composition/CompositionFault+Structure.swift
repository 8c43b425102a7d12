/// The faults only the steps that change the children or reset can show.
extension CompositionFault {
    /// Whether the fault hunt generates the steps that change the children or reset: only for
    /// the faults that need them, so every other fault is hunted among the scenarios it was
    /// hunted among before those steps existed.
    var needsStructureSteps: Bool {
        switch self {
        case .reListingDrawsEachChange, .reListedChildKeepsLoading, .resetKeepsCounting, .resetLeavesLoadsRunning,
            .resetKeepsTheFirstLoadSettled, .removedSegmentSelectsTheFirst, .insertedSegmentTakesTheSelection:
            true
        default: false
        }
    }
}
