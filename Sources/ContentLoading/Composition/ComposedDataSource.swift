/// A data source made of others, one section each, shown by one wrapper in one honest state.
///
/// ```swift
/// let screen = ComposedDataSource(children: [header, feed, suggestions])
/// screen.delegate = self            // one wrapper for the whole screen
/// screen.loadContent()              // loads every child
/// ```
///
/// Each child keeps its own coordinator and tokens, so a child's stale response is dropped as
/// always; the composed source only watches its children's states. Its own state follows a
/// stated rule (see <doc:ComposingDataSources>): a section with content is shown even when
/// another failed, and that failure is reported beside the content, as a failed refresh is.
/// Whether sections appear together or as they arrive is the ``reveal`` policy.
///
/// A child's change updates the composed state in constant time, whatever the number of
/// children. Children are added, removed, reordered and re-listed at any time
/// (``insert(_:at:)``, ``remove(_:)``, ``move(_:to:)``, ``setChildren(_:)``); a removed child's
/// load in flight is cancelled, and nothing it reports reaches the screen again. The composed
/// source holds its children strongly and they hold it weakly. ``resetContent()`` puts the
/// screen back to never loaded.
///
/// A paged section keeps its footer: the wrapper draws none for it. Draw it below the section
/// from the section's ``PagedDataSource/appendState``, which is observable, as ``children`` is.
@MainActor
open class ComposedDataSource: DataSource, DataSourceParent, LoadLifecycleObserver {
    /// The children, in section order. Observable.
    public var children: [DataSource] {
        observationAccess(.children, self, \ComposedDataSource.children)
        return sections
    }
    /// ``children``, read by the data source itself without registering an observation.
    var sections: [DataSource] = []
    /// The identities of ``sections``, kept with them: whether a data source is listed is found
    /// without looking through the sections, so that making a screen of n sections costs O(n).
    var listedSections: Set<ObjectIdentifier> = []
    /// When sections appear during the first load.
    public let reveal: RevealPolicy

    var aggregate: AggregateStateMachine
    /// The state each child was last counted in, by object identity.
    var countedStates: [ObjectIdentifier: ContentState] = [:]
    /// The settled load each child last showed, to notice a child settling again.
    var countedLoads: [ObjectIdentifier: UInt64] = [:]
    /// Counts the children's settled outcomes (wrapping): the composed source's settled load.
    private var settledVersion: UInt64 = 0
    /// The last child failure reported beside content.
    var lastFailure: (any Error)?
    /// The children failing now: the error screen shows the latest of their failures.
    var failing = FailingSections()
    /// The failing child whose failure the wrapper was last given with the error screen.
    var drawnErrorSection: ObjectIdentifier?
    /// A child's failure not yet reported beside the content: it is, once the content shows,
    /// unless that child recovers or leaves first.
    var unreportedFailure: (any Error)?
    /// The child whose failure ``unreportedFailure`` is.
    var unreportedFailureChild: ObjectIdentifier?
    /// The settled version whose content is drawn with a child's failure beside it.
    private var failedVersion: UInt64 = 0
    var hasBegun = false
    /// Whether a child's load settled since the screen last began loading: only then does the
    /// screen's load end with a result to report.
    var settledWhileLoading = false
    /// Whether a reset is cancelling the children's loads: their reports wait for its recount.
    var isResetting = false
    /// The children a reset marked: each counts as never loaded until a load of it settles.
    var resetMarks = ResetMarks()

    /// Creates a composed data source over `children`, in section order.
    ///
    /// - Parameters:
    ///   - children: The sections' data sources; each may belong to one composed source only.
    ///   - reveal: When sections appear during the first load; by default all together.
    public init(children: [DataSource] = [], reveal: RevealPolicy = .allTogether) {
        self.reveal = reveal
        aggregate = AggregateStateMachine(reveal: reveal)
        super.init()
        observeLoads(self)
        for child in children { add(child) }
    }

    /// Adds `child` as the last section; it counts in the state at once, as it is.
    ///
    /// Adding a child that is already here does nothing.
    public func add(_ child: DataSource) {
        insert(child, at: sections.count)
    }

    /// Removes `child` and cancels its load in flight; `false` if it is not a child.
    ///
    /// From then on nothing the child reports reaches this source: a late response of its
    /// lands in its own model (if its token is still valid) and moves nothing on screen.
    @discardableResult
    public func remove(_ child: DataSource) -> Bool {
        guard let state = detach(child) else { return removeUncounted(child) }
        sections.removeAll { $0 === child }
        listedSections.remove(ObjectIdentifier(child))
        child.leave(parent: self)
        aggregateMayHaveMoved { $0.remove(state) }
        observedPropertyDidChange(.children, self, \ComposedDataSource.children)
        return true
    }

    /// Takes `child` off the list if a re-listing under way lists it but does not count it yet
    /// (a callback of that re-listing's cancels removed it); `false` if it is not listed.
    private func removeUncounted(_ child: DataSource) -> Bool {
        guard listedSections.remove(ObjectIdentifier(child)) != nil,
            let index = sections.firstIndex(where: { $0 === child })
        else { return false }
        sections.remove(at: index)
        child.leave(parent: self)
        observedPropertyDidChange(.children, self, \ComposedDataSource.children)
        return true
    }

    /// Starts counting `child`, which joins now, as it is; returns the state it counts in.
    func attach(_ child: DataSource) -> ContentState {
        let id = ObjectIdentifier(child)
        child.adopt(parent: self)
        let (state, settledLoad, failure) = child.presentation
        countedStates[id] = state
        countedLoads[id] = settledLoad
        if state == .error, let failure { failing.sectionFailed(id, with: failure) }
        return state
    }

    /// Stops counting `child`, which leaves now; returns the state it counted in, or `nil` if
    /// it is not a child. Its parent link and load are the caller's to end.
    func detach(_ child: DataSource) -> ContentState? {
        let id = ObjectIdentifier(child)
        guard let state = countedStates.removeValue(forKey: id) else { return nil }
        countedLoads[id] = nil
        resetMarks.forget(id)
        if unreportedFailureChild == id { unreportedFailure = nil }
        failing.sectionStoppedFailing(id)
        return state
    }

    /// Loads every child. Override it to load some of them only; don't call `super` then.
    open override func loadContent() {
        hasBegun = true
        for child in sections { child.loadContent() }
    }

    /// Whether any child has content.
    open override var hasContent: Bool { aggregate.count(.content) + aggregate.count(.refreshing) > 0 }

    /// The state of the children's aggregate.
    override var presentation: (state: ContentState, settledLoad: UInt64, failure: (any Error)?) {
        let state = aggregate.state
        let failure: (any Error)? =
            switch state {
            case .error: failing.shownFailure ?? lastFailure
            case .content, .refreshing: failedVersion == settledVersion ? lastFailure : nil
            default: nil
            }
        return (state, settledVersion, failure)
    }

    override var hasBegunALoad: Bool {
        // A child marked by a reset has begun a load since only if it is loading now.
        hasBegun
            || sections.contains { child in
                let (state, settledLoad, _) = child.presentation
                return resetMarks.isMarked(ObjectIdentifier(child), settledLoad: settledLoad)
                    ? state.isLoading : child.hasBegunALoad
            }
    }

    // MARK: - Children's reports

    func childDidReport(
        _ child: DataSource, presenting presentation: (state: ContentState, settledLoad: UInt64, failure: (any Error)?)
    ) {
        let id = ObjectIdentifier(child)
        // During a reset, the children are counted afresh once their loads are cancelled.
        guard !isResetting, let old = countedStates[id] else { return }
        let (state, settledLoad, failure) =
            resetMarks.isEmpty ? presentation : resetMarks.counted(id, presentation)
        let settledAgain = settledLoad != countedLoads[id]
        countedStates[id] = state
        countedLoads[id] = settledLoad
        if settledAgain, !state.isLoading {
            settledVersion &+= 1
            settledWhileLoading = true
            if let failure {
                lastFailure = failure
                unreportedFailure = failure
                unreportedFailureChild = id
            }
        }
        // A section that failed and has since loaded (or whose model filled) is no failure to report.
        if failure == nil, unreportedFailureChild == id { unreportedFailure = nil }
        if state == .error, let failure {
            // A failure settled just now is the latest; a section back on its old error (a
            // cancelled load) joins the failing ones again, as the latest.
            if settledAgain || !failing.contains(id) { failing.sectionFailed(id, with: failure) }
        } else {
            failing.sectionStoppedFailing(id)
        }
        aggregateMayHaveMoved(settled: settledAgain) { $0.move(from: old, to: state) }
    }

    func containerWillResetLoads() {
        resetContent()
    }

    func childMadeLaneReport(_ report: Report, from child: DataSource) {
        forwardRetry(report)
    }

    /// Applies `change` to the counts, then tells the wrapper if what it draws moved.
    ///
    /// - Parameter drawn: The state the wrapper draws, if not the counts' before `change`.
    func aggregateMayHaveMoved(
        settled: Bool = false, from drawn: ContentState? = nil, _ change: (inout AggregateStateMachine) -> Void
    ) {
        let before = drawn ?? aggregate.state
        change(&aggregate)
        // The sections changed from a callback of a reset's cancels: the reset recounts them
        // all and draws once, at its end.
        if isResetting { return }
        let after = aggregate.state
        var redraw = settled
        var failureAttached = false
        if after == .content, let failure = unreportedFailure {
            // The content shows now: the failure goes beside it, once.
            unreportedFailure = nil
            lastFailure = failure
            settledVersion &+= 1
            failedVersion = settledVersion
            redraw = true
            failureAttached = true
        } else if after == .error || after == .empty || after == .initial {
            unreportedFailure = nil  // no content for it to go beside; the error screen shows it
        }
        if after == .error {
            // The section whose failure the error screen showed recovered or left while others
            // still fail: the screen shows the next latest failure, as a new outcome.
            if before == .error, !settled, failing.shown != drawnErrorSection {
                settledVersion &+= 1
                redraw = true
            }
            drawnErrorSection = failing.shown
        }
        guard before != after || redraw else { return }
        if after.isLoading, !before.isLoading {
            settledWhileLoading = false
            report(.willBegin(stateChanged: true))
        } else if !after.isLoading, before.isLoading, settledWhileLoading || failureAttached {
            report(.didFinish(presentation.failure))
        } else {
            // Includes a screen load that ended with no child's result (cancelled, or the
            // loading sections removed): as for any data source, only a result is reported.
            report(.stateChanged)
        }
    }
}
