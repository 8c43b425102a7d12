import ContentLoading

/// What a reference model of a container predicts after every step, for ``CompositionRaceLane``
/// to compare with the real types.
///
/// Both references share the children's rules (CompositionReferenceModel+Children.swift) and the
/// delivery of the container's reports to its delegate and wrapper
/// (CompositionReferenceModel+Reports.swift): they call back at every point where the framework
/// calls the app's code (``CompositionSite``), in the same order, so a re-entrant step lands
/// where it lands in the real types.
protocol CompositionReferenceModel {
    /// Every child of the pool, in or out of the container.
    var children: [ChildModel] { get set }
    /// The container's `contentState`.
    var state: ContentState { get }
    /// The container's `hasContent`.
    var hasContent: Bool { get }
    /// The container's delegate calls, in order: `willBegin`, `show(state)` (the wrapper's
    /// `willShow`), `refreshFailed(error)`, `finished(error or ok)`, the announcements, and what
    /// each re-entrant step did.
    var log: [String] { get set }
    /// Segmented: the selected index.
    var selection: Int? { get }
    var fault: CompositionFault? { get }
    /// The wrapper the container drives.
    var screen: ScreenModelReference { get set }
    /// The container's reports being delivered, and those waiting behind them.
    var reports: ReportQueue<ContainerReport> { get set }
    /// What each callback does the next time it is called.
    var reentries: [CompositionSite: CompositionStep] { get set }
    /// What the container gives its wrapper now: the state, the outcome it shows, and that
    /// outcome's failure.
    var presentation: (state: ContentState, outcome: UInt64, failure: String?) { get }

    /// Whether `child` reports to the container (a composed source's member; any segment).
    func reportsToContainer(_ child: Int) -> Bool
    /// `child` reported: the container reads it as it is now.
    mutating func childReported(_ child: Int)
    /// Runs `step`; the answer mirrors the live step's (a finish's, remove's or select's `Bool`).
    mutating func apply(_ step: CompositionStep) -> Bool?
}

extension CompositionReferenceModel {
    /// The state the wrapper draws.
    var drawn: ContentState { screen.drawn }

    /// Does what `site` was asked to do the next time it is called, once, and logs what it did.
    mutating func reenter(from site: CompositionSite) {
        guard let action = reentries.removeValue(forKey: site) else { return }
        let answer = apply(action)
        log.append("reentry \(site): \(answer.map { "\($0)" } ?? "nil")")
    }
}
