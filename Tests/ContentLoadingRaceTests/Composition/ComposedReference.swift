import ContentLoading

/// The reference for a ``ComposedDataSource`` and the wrapper it drives, restated from the
/// Composing Data Sources article:
///
/// - the state is the table's rule over the sections' states (``AggregateRule``), and under
///   `allTogether` the screen stays loading while a section is on its first load, until the
///   screen first settles;
/// - a section's failure settled while the screen cannot show content yet waits, and is
///   reported beside the content once, when the content is drawn (the latest such failure);
///   it is dropped if the screen settles on error, empty or initial instead, or if that
///   section recovers (loads, or its model fills) or leaves first;
/// - every settled section, and every failure put beside the content, is a new outcome for
///   the wrapper; the error screen shows the latest failure of the sections failing now, and
///   when that section recovers or leaves while others still fail, the next latest, as a new
///   outcome;
/// - the delegate hears `willBegin` when the screen starts loading or refreshing, and
///   `finished` with the failure shown (if any) when it stops, if a section's load settled
///   since it began loading or a failure was put beside the content (not when it stops only
///   because loads were cancelled or their sections removed);
/// - a removed section stops counting and its load is cancelled.
struct ComposedReference: CompositionReference {
    var children: [ChildModel]
    /// The children in the container, in section order.
    var members: [Int]
    let reveal: RevealPolicy
    let fault: CompositionFault?
    /// Whether the screen settled once: `allTogether` no longer holds a section back.
    var revealed = false
    /// A section's failure waiting for the content to be drawn, and that section.
    var pendingFailure: String?
    var pendingChild: Int?
    /// The latest failure: the one beside the content.
    var lastFailure: String?
    /// The sections failing now: each one's failure and the order in which they failed.
    var failing: [Int: (failure: String, order: Int)] = [:]
    private var failures = 0
    /// The failing section whose failure the error screen showed last.
    var drawnErrorChild: Int?
    /// Whether a section's load settled since the screen last began loading.
    var settledWhileLoading = false
    /// Whether the current outcome is content with ``lastFailure`` beside it.
    var failureAttached = false
    /// Counts the outcomes the wrapper was shown.
    private var outcome: UInt64 = 0
    private var screen = ScreenModelReference()
    private(set) var log: [String] = []
    /// States of removed children that (with a planted fault) still count.
    var ghosts: [ContentState] = []
    /// The children a reset marked, with the settles each had then (see ComposedReference+Structure.swift).
    var resetMarks: [Int: Int] = [:]

    init(poolSize: Int, members: [Int], reveal: RevealPolicy, fault: CompositionFault?) {
        children = Array(repeating: ChildModel(), count: poolSize)
        self.members = members
        self.reveal = reveal
        self.fault = fault
    }

    var selection: Int? { nil }
    var drawn: ContentState { screen.drawn }

    private var countedStates: [ContentState] { members.map(countedState) + ghosts }

    var state: ContentState {
        if fault == .rankedLikeApple { return AggregateRule.appleRanking(of: countedStates) }
        let holds = reveal == .allTogether && !revealed && fault != .sectionsRevealedOneByOne
        return AggregateRule.state(of: countedStates, holdsFirstLoad: holds)
    }

    var hasContent: Bool {
        if fault == .hasContentCountsItems { return members.contains { children[$0].hasItems } }
        return countedStates.contains { $0 == .content || $0 == .refreshing }
    }

    /// The failure the wrapper is given with the state.
    private var shownFailure: String? {
        switch state {
        case .error:
            fault == .errorScreenKeepsARecoveredFailure ? lastFailure : errorChild.flatMap { failing[$0]?.failure }
        case .content, .refreshing: failureAttached ? lastFailure : nil
        default: nil
        }
    }

    /// The failing section whose failure the error screen shows: the latest to fail.
    private var errorChild: Int? { failing.max { $0.value.order < $1.value.order }?.key }

    /// Counts `child` as failing or not, as its state now says. A failure that settled just now
    /// is the latest; so is a section back on its old error after a cancelled load.
    mutating func noteFailing(_ child: Int, settled: Bool) {
        if members.contains(child), countedState(child) == .error, let failure = children[child].failure {
            if settled || failing[child] == nil {
                failures += 1
                failing[child] = (failure, failures)
            }
        } else {
            failing[child] = nil
        }
    }

    mutating func apply(_ step: CompositionStep) -> Bool? {
        switch step {
        case .begin(let child, let keeping):
            guard !children[child].isReleased else { return nil }
            let before = state
            children[child].begin(keepingContent: keeping)
            if members.contains(child) { recount(from: before, child: child) }
            return nil
        case .finish(let child, let reference, let outcome):
            guard let index = reference.resolve(count: children[child].begun) else { return nil }
            let before = state
            let finish = children[child].finish(index + 1, outcome)
            if finish.accepted && members.contains(child) { recount(from: before, child: child, finish: finish) }
            return finish.accepted
        case .cancel(let child):
            guard !children[child].isReleased else { return nil }
            let before = state
            let cancelled = children[child].cancel()
            if cancelled && members.contains(child) { recount(from: before, child: child) }
            return cancelled
        case .changeModel(let child, let items):
            guard !children[child].isReleased else { return nil }
            let before = state
            children[child].items = items
            children[child].contentDidChange()
            if members.contains(child) { recount(from: before, child: child) }
            return nil
        case .reload(let keeping):
            if fault == .revealWaitsAgainOnReload { revealed = false }
            for member in members {
                let before = state
                children[member].begin(keepingContent: keeping)
                recount(from: before, child: member)
            }
            return nil
        case .add(let child):
            guard !children[child].isReleased, !members.contains(child) else { return nil }
            let before = state
            members.append(child)
            noteFailing(child, settled: false)
            recount(from: before)
            return nil
        case .remove(let child):
            guard !children[child].isReleased else { return nil }
            return remove(child)
        case .release(let child):
            guard !children[child].isReleased else { return nil }
            _ = remove(child)
            children[child].isReleased = true
            return nil
        case .select:
            return nil
        case .insert, .move, .relist, .removeSegment, .reset:
            return applyStructure(step)
        }
    }

    private mutating func remove(_ child: Int) -> Bool {
        guard let index = members.firstIndex(of: child) else { return false }
        let before = state
        members.remove(at: index)
        if pendingChild == child { pendingFailure = nil }
        failing[child] = nil
        resetMarks[child] = nil
        if fault == .removedChildStillCounted { ghosts.append(children[child].state) }
        // The child no longer reports to the container, so its cancel moves nothing there.
        if fault != .removedChildKeepsLoading { _ = children[child].cancel() }
        recount(from: before, removal: true)
        return true
    }

    /// A section's state moved (or one joined or left): the screen follows, if it moved.
    mutating func recount(
        from before: ContentState, child: Int? = nil, finish: ChildModel.Finish? = nil, removal: Bool = false
    ) {
        if !revealed && AggregateRule.settlesTheFirstLoad(state) { revealed = true }
        let after = state
        var redraw = false
        var settled = false
        var attached = false
        if case .settled = finish {
            settled = true
            settledWhileLoading = true
        }
        if let child { noteFailing(child, settled: settled) }
        if case .settled(let failure) = finish {
            outcome += 1
            failureAttached = false
            redraw = true
            if let failure {
                lastFailure = failure
                pendingFailure = failure
                pendingChild = child
                if fault == .failureReportedBeforeContentShows && countedStates.contains(where: Self.hasContent) {
                    log.append("refreshFailed(\(failure))")
                    pendingFailure = nil
                }
            }
        }
        if let child, child == pendingChild, children[child].failure == nil { pendingFailure = nil }
        if after == .content, let pending = pendingFailure {
            pendingFailure = nil
            lastFailure = pending
            outcome += 1
            failureAttached = fault != .failureBesideContentNotReported
            redraw = true
            attached = true
        } else if after == .error || after == .empty || after == .initial {
            pendingFailure = nil
        }
        if after == .error {
            if before == .error, !settled, errorChild != drawnErrorChild, fault != .errorScreenKeepsARecoveredFailure {
                outcome += 1
                redraw = true
                // A new outcome: the failure put beside the content went with the old one.
                failureAttached = false
            }
            drawnErrorChild = errorChild
        }
        guard before != after || redraw else { return }
        if removal && fault == .removalNotDrawn { return }
        if after.isLoading && !before.isLoading {
            settledWhileLoading = false
            log.append("willBegin")
            log += screen.tell(after, outcome: outcome, failure: shownFailure)
        } else if !after.isLoading && before.isLoading {
            log += screen.tell(after, outcome: outcome, failure: shownFailure)
            if settledWhileLoading || attached || fault == .cancelledLoadReportedAsFinished {
                log.append("finished(\(shownFailure ?? "ok"))")
            }
        } else {
            log += screen.tell(after, outcome: outcome, failure: shownFailure)
        }
    }

    private static func hasContent(_ state: ContentState) -> Bool { state == .content || state == .refreshing }
}
