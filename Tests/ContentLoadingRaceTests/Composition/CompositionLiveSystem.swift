import ContentLoading
import ContentLoadingTestSupport

/// The real types of a ``CompositionScenario``: a pool of ``SectionDataSource``s, a
/// ``ComposedDataSource`` or ``SegmentedDataSource`` over them, and one wrapper (immediate
/// policy, the on-boarding placeholder first) that the container drives, as an app wires them.
///
/// It logs the container's delegate calls as ``CompositionReferenceModel/log`` names them, and at
/// every frame the wrapper is about to draw it checks that the frame is the container's state:
/// for segments, the selected child's. Every callback the framework makes into it, a child or
/// a renderer (``CompositionSite``) can act on the framework again, while a step runs.
@MainActor
final class CompositionLiveSystem: LoadReportRecorder, ContentWrapperDelegate {
    let scenario: CompositionScenario
    let fault: CompositionFault?
    let container: DataSource
    let wrapper: ContentWrapper
    /// What the renderers draw (not compared: the delegate's calls are).
    private let renderLog: RenderLog
    /// The pool; `nil` once the run released a child.
    private(set) var sections: [SectionDataSource?]
    /// Each child held weakly, to see it freed.
    private(set) var weakSections: [WeakSection]
    /// Each child's coordinator, held so a late finish of a released child's token really
    /// reaches the framework.
    let coordinators: [LoadingCoordinator]
    /// Each child's tokens, oldest first, kept past the child's release.
    private(set) var tokens: [[LoadingState]]
    private(set) var log: [String] = []
    /// Frames drawn that were not the container's state, as they happened.
    private(set) var frameProblems: [String] = []
    /// Whether the run reset the container: a segment's frames are then the container's state,
    /// which counts a segment as never loaded until it loads again.
    var wasReset = false
    /// What each callback does the next time it is called.
    private var reentries: [CompositionSite: CompositionStep] = [:]
    /// How many steps are running (a re-entrant one runs inside another): callbacks act only
    /// then, not while the runner reads the real types.
    private var running = 0

    struct WeakSection {
        weak var section: SectionDataSource?
    }

    init(scenario: CompositionScenario, fault: CompositionFault?) {
        self.scenario = scenario
        self.fault = fault
        let made = (0..<scenario.poolSize).map { _ in SectionDataSource() }
        sections = made
        weakSections = made.map { WeakSection(section: $0) }
        coordinators = made.map(\.loadingCoordinator)
        tokens = Array(repeating: [], count: scenario.poolSize)
        switch scenario.container {
        case .composed(let reveal):
            container = ComposedDataSource(children: scenario.initialMembers.map { made[$0] }, reveal: reveal)
        case .segmented:
            container = SegmentedDataSource(children: made, selectedIndex: scenario.initialSelection)
        }
        let renderLog = RenderLog()
        self.renderLog = renderLog
        let renderers = ["content", "loading", "empty", "error"].map { RecordingRenderer($0, log: renderLog) }
        wrapper = ContentWrapper(
            content: renderers[0], loading: renderers[1], empty: renderers[2], error: renderers[3],
            initialScreen: .placeholder(.initial), policy: .immediate)
        for renderer in renderers {
            renderer.onShow = { [weak self] _ in self?.reenter(from: .rendererShow) }
            renderer.onHide = { [weak self] in self?.reenter(from: .rendererHide) }
        }
        for section in made { section.onHasContent = { [weak self] in self?.reenter(from: .hasContent) } }
        wrapper.delegate = self
        container.delegate = self
        if fault == .childrenDriveTheWrapperToo {
            for section in made { section.delegate = self }
        }
        if fault == .childHoldsItsContainer {
            for section in made { section.onLoadContent = { [container] in _ = container } }
        }
    }

    var composed: ComposedDataSource? { container as? ComposedDataSource }
    var segmented: SegmentedDataSource? { container as? SegmentedDataSource }

    /// Each child's model; `nil` for a released one.
    var items: [[String]?] { weakSections.map { $0.section?.items } }
    /// Each child's state; `nil` for a released one.
    var childStates: [ContentState?] { weakSections.map { $0.section?.contentState } }

    /// Runs `step`; the answer mirrors ``CompositionReferenceModel/apply(_:)``.
    func apply(_ step: CompositionStep) -> Bool? {
        running += 1
        defer {
            running -= 1
            syncTokens()
        }
        switch step {
        case .begin(let child, let keeping):
            guard let section = sections[child] else { return nil }
            section.begin(keepingContent: keeping)
            return nil
        case .finish(let child, let reference, let outcome):
            // The tokens as they are now: a re-entrant finish runs in the middle of a step.
            syncTokens()
            guard let index = reference.resolve(count: tokens[child].count) else { return nil }
            return finish(child, tokens[child][index], outcome)
        case .cancel(let child):
            guard let section = sections[child] else { return nil }
            return section.loadingCoordinator.cancel()
        case .changeModel(let child, let items):
            guard let section = sections[child] else { return nil }
            section.items = items
            section.contentDidChange()
            return nil
        case .reload(let keeping):
            for section in sections { section?.keepsContent = keeping }
            container.loadContent()
            return nil
        case .add(let child):
            guard let section = sections[child] else { return nil }
            composed?.add(section)
            return nil
        case .remove(let child):
            guard let section = sections[child] else { return nil }
            return composed?.remove(section)
        case .release(let child):
            guard let section = sections[child] else { return nil }
            composed?.remove(section)
            // Unless a callback of its removal added it back, the run lets go of it.
            if composed?.children.contains(where: { $0 === section }) != true { sections[child] = nil }
            return nil
        case .select(let index):
            return segmented?.select(index)
        case .insert, .move, .relist, .removeSegment, .reset:
            return applyStructure(step)
        case .reenter(let site, let action):
            reentries[site] = action
            return nil
        }
    }

    /// Does what `site` was asked to do the next time it is called, once, and logs what it did.
    func reenter(from site: CompositionSite) {
        guard running > 0, let action = reentries.removeValue(forKey: site) else { return }
        let answer = apply(action)
        log.append("reentry \(site): \(answer.map { "\($0)" } ?? "nil")")
    }

    private func finish(_ child: Int, _ token: LoadingState, _ outcome: CompositionStep.Outcome) -> Bool {
        let coordinator = coordinators[child]
        weak let section = sections[child]
        switch outcome {
        case .items(let items):
            if fault == .modelWrittenBeforeFinish {
                // The check-then-commit bug: the model is written whether or not the token counts.
                section?.items = items
                return coordinator.finish(token) { reenter(from: .update) }
            }
            if fault == .updateCallsBackBeforeWriting {
                return coordinator.finish(token) {
                    reenter(from: .update)
                    section?.items = items
                }
            }
            return coordinator.finish(token) {
                section?.items = items
                reenter(from: .update)
            }
        case .failure(let id):
            return coordinator.finish(token, error: RaceError(id))
        case .cancellation:
            return coordinator.finish(token, error: CancellationError())
        }
    }

    private func syncTokens() {
        for (index, section) in sections.enumerated() {
            if let section { tokens[index] = section.tokens }
        }
    }

    /// The state the frame about to be drawn must show.
    private var expectedFrame: ContentState {
        if let segmented, !wasReset { return segmented.selected?.contentState ?? .initial }
        return container.contentState
    }

    // MARK: - Delegates

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func record(_ line: String) { log.append(line) }

    func contentWrapper(_ wrapper: ContentWrapper, willShow screen: Screen) {
        // The error screen's error is part of what is drawn.
        if case .error(let error, _) = screen {
            log.append("show(error: \(error))")
        } else {
            log.append("show(\(screen.state))")
        }
        if screen.state != expectedFrame {
            frameProblems.append("drew \(screen.state) while the container was \(expectedFrame)")
        }
        reenter(from: .willShow)
    }

    func contentWrapper(_ wrapper: ContentWrapper, didShow screen: Screen) {
        reenter(from: .didShow)
    }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderForEmpty proposed: Placeholder) -> Placeholder {
        reenter(from: .emptyPlaceholder)
        return proposed
    }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder)
        -> Placeholder
    {
        reenter(from: .errorPlaceholder)
        return proposed
    }

    func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error) {
        log.append("refreshFailed(\(error))")
        reenter(from: .didFailToRefresh)
    }

    func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {
        switch announcement.kind {
        case .loading: log.append("announce(loading)")
        case .loaded: log.append("announce(loaded)")
        case .empty: log.append("announce(empty)")
        case .failed(let error, _): log.append("announce(failed(\(error)))")
        case .refreshFailed(let error): log.append("announce(refreshFailed(\(error)))")
        default: log.append("announce(\(announcement))")
        }
        reenter(from: .announce)
    }
}
