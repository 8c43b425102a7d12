/// A deliberate mistake, planted in the composition reference model or in its live harness, to
/// prove that each comparison of ``CompositionRaceLane`` catches what it claims to.
enum CompositionFault: CaseIterable, RaceFault {
    /// Model: Apple's ranking (loading, refreshing, error, empty, content, initial): one
    /// section's failure or load hides the others' content.
    case rankedLikeApple
    /// Model: under `allTogether`, sections still appear one by one during the first load.
    case sectionsRevealedOneByOne
    /// Model: the container's `loadContent()` makes the screen wait for every section again,
    /// as on its first load.
    case revealWaitsAgainOnReload
    /// Model: a section's failure while others have content is never reported beside it.
    case failureBesideContentNotReported
    /// Model: a section's failure is reported the moment it settles, even while the screen
    /// still shows loading or refreshing (so it is never drawn with content).
    case failureReportedBeforeContentShows
    /// Model: a removed child still counts in the aggregate.
    case removedChildStillCounted
    /// Model: removing a child leaves its load running.
    case removedChildKeepsLoading
    /// Model: the wrapper is not told when a child's removal moves the aggregate.
    case removalNotDrawn
    /// Model: the container has content whenever a child's model holds items (an error or a
    /// first load over old items included), instead of when a child's state shows content.
    case hasContentCountsItems
    /// Model: the error screen shows the latest failure of any section, even one that has since
    /// recovered or left while another still fails.
    case errorScreenKeepsARecoveredFailure
    /// Model: the delegate hears `finished` when the screen stops loading with no result (its
    /// load cancelled, or its section removed), repeating the failure shown.
    case cancelledLoadReportedAsFinished
    /// Model: a deselected segment's change reaches the screen.
    case deselectedChildMovesTheScreen
    /// Model: selecting a segment loads it every time, not only the first.
    case selectionReloadsTheChild
    /// Model: an index out of range is clamped and selected.
    case outOfRangeSelectionClamped
    /// Model: a segmented source tells its delegate of no load begun or finished, as it did
    /// before it learned to (a pull-to-refresh spinner on a segment never ended).
    case segmentedLoadsNotReported
    /// Model: selecting a segment again reports its failed refresh beside the content again.
    case segmentedFailureRepeatedOnReselection
    /// Live: the harness writes a child's model before finishing its token, so a stale
    /// response writes the model.
    case modelWrittenBeforeFinish
    /// Live: every child is given the container's delegate too, as one might wire sections to
    /// one screen by hand: each child draws its own state on the shared wrapper.
    case childrenDriveTheWrapperToo
    /// Live: each child's load hook holds the container strongly: a cycle.
    case childHoldsItsContainer
    // Faults only the steps that change the children or reset can show.
    /// Model: a re-listing removes and adds one section at a time, drawing each state on the way.
    case reListingDrawsEachChange
    /// Model: a section that leaves in a re-listing keeps loading.
    case reListedChildKeepsLoading
    /// Model: a reset leaves the children counted as they are, so the screen keeps their content.
    case resetKeepsCounting
    /// Model: a reset leaves the children's loads running.
    case resetLeavesLoadsRunning
    /// Model: after a reset, the first load under `allTogether` no longer holds the sections
    /// together: it counts as settled already.
    case resetKeepsTheFirstLoadSettled
    /// Model: removing the selected segment selects the first, not its neighbour.
    case removedSegmentSelectsTheFirst
    /// Model: a segment inserted before the selected one takes its index, and the selection
    /// with it.
    case insertedSegmentTakesTheSelection
    /// Model: a container's report made from inside a callback is delivered at once, in the
    /// middle of the one in progress, instead of after it. Only a re-entrant step can see it.
    case nestedContainerReportsDeliveredAtOnce
    /// Live: the harness's update tells the app (calls back) before it writes the child's
    /// model, so what the app does there is overwritten. Only a re-entrant step can see it.
    case updateCallsBackBeforeWriting

    /// The comparisons that must report this fault (at least these; some show in others too).
    var detectedBy: Set<CompositionRaceLane.Field> {
        switch self {
        case .rankedLikeApple: [.state]
        case .sectionsRevealedOneByOne: [.state, .shown, .log]
        case .revealWaitsAgainOnReload: [.state]
        case .failureBesideContentNotReported: [.log]
        case .failureReportedBeforeContentShows: [.log]
        case .removedChildStillCounted: [.state]
        case .removedChildKeepsLoading: [.childStates, .validity]
        case .removalNotDrawn: [.shown]
        case .hasContentCountsItems: [.hasContent]
        case .errorScreenKeepsARecoveredFailure: [.log]
        case .cancelledLoadReportedAsFinished: [.log]
        case .deselectedChildMovesTheScreen: [.shown, .log]
        case .selectionReloadsTheChild: [.validity]
        case .outOfRangeSelectionClamped: [.answer, .selection]
        case .segmentedLoadsNotReported: [.log]
        case .segmentedFailureRepeatedOnReselection: [.log]
        case .modelWrittenBeforeFinish: [.items]
        case .childrenDriveTheWrapperToo: [.frames]
        case .childHoldsItsContainer: [.lifetime]
        case .reListingDrawsEachChange: [.log]
        case .reListedChildKeepsLoading, .resetLeavesLoadsRunning: [.childStates, .validity]
        case .resetKeepsCounting, .resetKeepsTheFirstLoadSettled: [.state]
        case .removedSegmentSelectsTheFirst, .insertedSegmentTakesTheSelection: [.selection]
        case .nestedContainerReportsDeliveredAtOnce: [.log]
        case .updateCallsBackBeforeWriting: [.items]
        }
    }

    /// Whether only a re-entrant step (``CompositionStep/reenter(_:_:)``) can show it.
    var needsReentrantSteps: Bool {
        switch self {
        case .nestedContainerReportsDeliveredAtOnce, .updateCallsBackBeforeWriting: true
        default: false
        }
    }

    /// Whether ``detectedBy`` is the only comparison that can see it: the proof that this one
    /// field is really compared.
    var isVisibleOnlyThere: Bool {
        switch self {
        case .failureBesideContentNotReported, .failureReportedBeforeContentShows, .hasContentCountsItems,
            .childHoldsItsContainer, .modelWrittenBeforeFinish, .segmentedLoadsNotReported,
            .segmentedFailureRepeatedOnReselection, .reListingDrawsEachChange:
            true
        default: false
        }
    }

    /// The container the fault lives in, so the fault hunt generates only scenarios that can show it.
    var container: CompositionScenario.Container? {
        switch self {
        case .sectionsRevealedOneByOne, .revealWaitsAgainOnReload: .composed(.allTogether)
        case .rankedLikeApple, .failureBesideContentNotReported, .failureReportedBeforeContentShows,
            .removedChildStillCounted, .removedChildKeepsLoading, .removalNotDrawn, .hasContentCountsItems,
            .errorScreenKeepsARecoveredFailure, .cancelledLoadReportedAsFinished,
            .childrenDriveTheWrapperToo, .childHoldsItsContainer:
            .composed(.asTheyArrive)
        case .deselectedChildMovesTheScreen, .selectionReloadsTheChild, .outOfRangeSelectionClamped,
            .segmentedLoadsNotReported, .segmentedFailureRepeatedOnReselection:
            .segmented
        case .modelWrittenBeforeFinish, .nestedContainerReportsDeliveredAtOnce, .updateCallsBackBeforeWriting: nil
        case .reListingDrawsEachChange, .reListedChildKeepsLoading: .composed(.asTheyArrive)
        case .resetKeepsTheFirstLoadSettled: .composed(.allTogether)
        case .resetKeepsCounting, .resetLeavesLoadsRunning: nil
        case .removedSegmentSelectsTheFirst, .insertedSegmentTakesTheSelection: .segmented
        }
    }

}
