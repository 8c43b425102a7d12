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
///   outcome (so content that comes back later shows no failure beside it);
/// - the delegate hears `willBegin` when the screen starts loading or refreshing, and
///   `finished` with the failure shown (if any) when it stops, if a section's load settled
///   since it began loading or a failure was put beside the content (not when it stops only
///   because loads were cancelled or their sections removed);
/// - a removed section's load is cancelled as it leaves (it reports to the container no
///   more), and then it stops counting: until then it counts as the container last saw it;
/// - the container learns of a section's change when the section reports it (see
///   CompositionReferenceModel+Children.swift), and reads the section as it is then; its own
///   reports follow the delivery rule of CompositionReferenceModel+Reports.swift.
struct ComposedReferenceModel: CompositionReferenceModel {
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
    /// Each member's settled load when the container last read it: a section that settled
    /// again is a new outcome.
    var countedLoads: [Int: Int] = [:]
    /// The screen's state when the container last counted it.
    private var countedState: ContentState = .initial
    /// Whether a child's own `loadContent()` keeps its content: the harness sets every child's
    /// flag at each container reload.
    private var loadKeepsContent = true
    var screen = ScreenModelReference()
    var reports = ReportQueue<ContainerReport>()
    var reentries: [CompositionSite: CompositionStep] = [:]
    var log: [String] = []
    /// States of removed children that (with a planted fault) still count.
    var ghosts: [ContentState] = []
    /// The state the container last saw of the sections leaving now: they count until their
    /// loads are cancelled.
    var leaving: [ContentState] = []
    /// The children a reset marked, with the settled load each had then (see
    /// ComposedReferenceModel+Structure.swift).
    var resetMarks: [Int: Int] = [:]
    /// Whether a reset is cancelling the sections' loads: their reports are its own.
    var isResetting = false
    /// The sections a re-listing lists but has yet to join (it cancels the leaving ones' loads
    /// first): a reload reaches them, but they neither count nor report yet.
    var joiningNow: [Int] = []

    init(poolSize: Int, members: [Int], reveal: RevealPolicy, fault: CompositionFault?) {
        children = Array(repeating: ChildModel(), count: poolSize)
        self.members = members
        self.reveal = reveal
        self.fault = fault
        for member in members { countedLoads[member] = 0 }
    }

    var selection: Int? { nil }

    private var countedStates: [ContentState] {
        members.filter { !joiningNow.contains($0) }.map(counted) + ghosts + leaving
    }

    var state: ContentState {
        if fault == .rankedLikeApple { return AggregateRule.appleRanking(of: countedStates) }
        let holds = reveal == .allTogether && !revealed && fault != .sectionsRevealedOneByOne
        return AggregateRule.state(of: countedStates, holdsFirstLoad: holds)
    }

    var hasContent: Bool {
        if fault == .hasContentCountsItems { return members.contains { children[$0].hasItems } }
        return countedStates.contains { $0 == .content || $0 == .refreshing }
    }

    var presentation: (state: ContentState, outcome: UInt64, failure: String?) { (state, outcome, shownFailure) }

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

    func reportsToContainer(_ child: Int) -> Bool { members.contains(child) && !joiningNow.contains(child) }

    /// Counts `child` as failing or not, as its state now says. A failure that settled just now
    /// is the latest; so is a section back on its old error after a cancelled load.
    mutating func noteFailing(_ child: Int, settled: Bool) {
        if members.contains(child), counted(child) == .error, let failure = children[child].failure {
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
            beginLoad(of: child, keepingContent: keeping)
            return nil
        case .finish(let child, let reference, let outcome):
            guard let index = reference.resolve(count: children[child].tokens.count) else { return nil }
            return finishLoad(of: child, children[child].tokens[index], outcome)
        case .cancel(let child):
            guard !children[child].isReleased else { return nil }
            return cancelLoad(of: child)
        case .changeModel(let child, let items):
            guard !children[child].isReleased else { return nil }
            children[child].items = items
            modelChanged(of: child)
            return nil
        case .reload(let keeping):
            if fault == .revealWaitsAgainOnReload { revealed = false }
            loadKeepsContent = keeping
            // The sections there when the reload began, each as its flag is when it loads.
            for member in members { beginLoad(of: member, keepingContent: loadKeepsContent) }
            return nil
        case .add(let child):
            guard !children[child].isReleased, !members.contains(child) else { return nil }
            members.append(child)
            countedLoads[child] = children[child].settledLoad
            noteFailing(child, settled: false)
            recount()
            return nil
        case .remove(let child):
            guard !children[child].isReleased else { return nil }
            return remove(child)
        case .release(let child):
            guard !children[child].isReleased else { return nil }
            _ = remove(child)
            // Unless a callback of its removal added it back, nothing holds it any more.
            if !members.contains(child) { children[child].isReleased = true }
            return nil
        case .select:
            return nil
        case .insert, .move, .relist, .removeSegment, .reset:
            return applyStructure(step)
        case .reenter(let site, let action):
            reentries[site] = action
            return nil
        }
    }

    /// `child` leaves: it reports to the container no more, its load in flight is cancelled,
    /// then it stops counting (the screen follows). What the app does from inside that cancel
    /// still sees it counted as it was.
    private mutating func remove(_ child: Int) -> Bool {
        guard let index = members.firstIndex(of: child) else { return false }
        // As the container counted it: a child a reset marked counts as never loaded.
        let last = counted(child)
        members.remove(at: index)
        countedLoads[child] = nil
        if pendingChild == child { pendingFailure = nil }
        failing[child] = nil
        resetMarks[child] = nil
        if fault == .removedChildStillCounted { ghosts.append(last) }
        leaving.append(last)
        if fault != .removedChildKeepsLoading { _ = cancelLoad(of: child) }
        leaving.removeLast()
        recount(removal: true)
        return true
    }

    /// A section reported: the container reads it as it is now; it settled again if the
    /// outcome it shows is not the one last counted.
    mutating func childReported(_ child: Int) {
        guard reportsToContainer(child), !isResetting else { return }
        let settledAgain = children[child].settledLoad != countedLoads[child]
        countedLoads[child] = children[child].settledLoad
        recount(child: child, settledAgain: settledAgain)
    }

    /// A section's state moved (or one joined or left): the screen follows, if it moved.
    mutating func recount(child: Int? = nil, settledAgain: Bool = false, removal: Bool = false) {
        // The sections changed from a callback of a reset's cancels: the reset recounts them all
        // and draws once, at its end.
        guard !isResetting else { return }
        if !revealed && AggregateRule.settlesTheFirstLoad(state) { revealed = true }
        let before = countedState
        let after = state
        countedState = after
        var redraw = settledAgain
        var attached = false
        // A new outcome: the section settled again, and is not loading.
        let settled = settledAgain && child.map { !children[$0].state.isLoading } == true
        if settled { settledWhileLoading = true }
        if let child { noteFailing(child, settled: settledAgain) }
        if settled, let child {
            outcome += 1
            failureAttached = false
            if let failure = children[child].failure {
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
            if before == .error, !settledAgain, errorChild != drawnErrorChild,
                fault != .errorScreenKeepsARecoveredFailure
            {
                // A new outcome, with no failure beside content: content back later shows none.
                outcome += 1
                failureAttached = false
                redraw = true
            }
            drawnErrorChild = errorChild
        }
        guard before != after || redraw else { return }
        if removal && fault == .removalNotDrawn { return }
        if after.isLoading && !before.isLoading {
            settledWhileLoading = false
            report([.willBegin, .stateChanged])
        } else if !after.isLoading && before.isLoading
            && (settledWhileLoading || attached || fault == .cancelledLoadReportedAsFinished)
        {
            report([.stateChanged, .didFinish(shownFailure)])
        } else {
            report([.stateChanged])
        }
    }

    private static func hasContent(_ state: ContentState) -> Bool { state == .content || state == .refreshing }
}
