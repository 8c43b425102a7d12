import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A child removed or released mid-load has its async work cancelled and is freed; a composed
/// or segmented source released mid-load goes with its children and their work; nothing holds
/// a cycle between a container and its children. The whole suite's AddressSanitizer leak check
/// sees these too.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct CompositionLifetimeTests {
    /// An object held weakly.
    private struct Weak {
        weak var object: AnyObject?
    }

    /// The container held its child strongly, and nothing else did: removing it mid-load
    /// cancels its task at once, and dropping it frees it and its coordinator while its work
    /// is still waiting. The work's late result (or its cancellation) lands nowhere.
    @Test(arguments: [false, true])
    func aChildRemovedMidLoadHasItsWorkCancelledAndIsFreed(workObservesCancellation: Bool) async {
        let kept = GatedSectionDataSource()
        var leaving: GatedSectionDataSource? = GatedSectionDataSource(observesCancellation: workObservesCancellation)
        weak let weakLeaving = leaving
        weak let weakCoordinator = leaving!.loadingCoordinator
        let composed = ComposedDataSource(children: [kept, leaving!])
        let screen = CompositionScreen(composed)
        composed.loadContent()
        let (task, gate) = (leaving!.tasks[0], leaving!.gates[0])
        #expect(!task.isCancelled)
        #expect(composed.remove(leaving!))
        #expect(task.isCancelled, "leaving the container cancels the child's load and its task")
        #expect(!leaving!.loadingCoordinator.isLoading)
        leaving = nil
        #expect(weakLeaving == nil, "the work in flight does not hold the child")
        #expect(weakCoordinator == nil)
        gate.open(returning: ["late"])
        #expect(await task.boundedValue() == false, "its result is dropped")
        #expect(screen.wrapper.displayedState == .loading, "the other section is still loading")
        kept.gates[0].open(returning: ["kept"])
        #expect(await kept.tasks[0].boundedValue() == true)
        #expect(screen.wrapper.displayedState == .content)
        #expect(composed.children.count == 1)
    }

    /// An app drops its screen while every section is loading: the screen, its wrapper, the
    /// container and every child are freed at once, and every child's task is cancelled.
    @Test(arguments: [CompositionScenario.Container.composed(.allTogether), .composed(.asTheyArrive), .segmented])
    func aContainerReleasedMidLoadFreesItsChildrenAndCancelsTheirWork(_ kind: CompositionScenario.Container) async {
        var screen: CompositionScreen? = CompositionScreen(Self.container(kind, children: 3))
        var tasks: [Task<Bool, Never>] = []
        var gates: [AsyncGate<[String]>] = []
        var watched: [Weak] = []
        do {  // The test's own references end here.
            let container = screen!.container!
            let children = Self.children(of: container)
            container.loadContent()
            (container as? SegmentedDataSource)?.select(2)
            tasks = children.flatMap(\.tasks)
            gates = children.flatMap(\.gates)
            watched =
                [Weak(object: screen), Weak(object: screen!.wrapper), Weak(object: container)]
                + children.map { Weak(object: $0) } + children.map { Weak(object: $0.loadingCoordinator) }
        }
        #expect(tasks.count == (kind == .segmented ? 2 : 3))
        #expect(tasks.allSatisfy { !$0.isCancelled })
        screen = nil
        #expect(watched.allSatisfy { $0.object == nil }, "\(watched.map { $0.object != nil })")
        #expect(tasks.allSatisfy { $0.isCancelled }, "releasing a child cancels its work")
        for gate in gates { gate.open(returning: ["late"]) }
        for task in tasks { #expect(await task.boundedValue() == false) }
    }

    /// Releasing the container does not reach a child the app still holds: its load lands, it
    /// reports to nobody, and it can join another container, which counts it as it is.
    @Test func aChildOutlivingItsContainerLoadsOnAndCanJoinAnother() async {
        let child = GatedSectionDataSource()
        var first: ComposedDataSource? = ComposedDataSource(children: [child])
        weak let weakFirst = first
        first!.loadContent()
        first = nil
        #expect(weakFirst == nil, "the child holds its container weakly")
        #expect(!child.tasks[0].isCancelled)
        child.gates[0].open(returning: ["red"])
        #expect(await child.tasks[0].boundedValue() == true)
        #expect(child.contentState == .content)
        let second = ComposedDataSource(children: [child])
        let screen = CompositionScreen(second)
        #expect(second.contentState == .content)
        second.loadContent()
        #expect(screen.wrapper.displayedState == .refreshing, "the child reports to its new container")
        child.gates[1].open(returning: ["blue"])
        #expect(await child.tasks[1].boundedValue() == true)
        #expect(screen.wrapper.displayedState == .content)
    }

    /// Full cycles — loads that land, fail and are superseded, sections added, removed and
    /// re-added, segments selected — leave no cycle: dropping the screen frees everything.
    @Test(arguments: [CompositionScenario.Container.composed(.allTogether), .segmented])
    func noCycleAfterFullLoadCycles(_ kind: CompositionScenario.Container) async {
        var screen: CompositionScreen? = CompositionScreen(Self.container(kind, children: 3))
        var watched: [Weak] = []
        do {  // The test's own references end here.
            let container = screen!.container!
            let children = Self.children(of: container)
            for round in 0..<3 {
                container.loadContent()
                (container as? SegmentedDataSource)?.select(round)
                for child in children where child.loadingCoordinator.isLoading {
                    child.loadContent()  // supersedes the load in flight
                    let gate = child.gates.last!
                    if round == 1 && child === children[0] {
                        gate.open(throwing: RaceError(round))
                    } else {
                        gate.open(returning: ["\(round)"])
                    }
                    await child.tasks.last!.boundedValue()
                }
                if let composed = container as? ComposedDataSource {
                    composed.remove(children[round])
                    composed.add(children[round])
                }
            }
            for gate in children.flatMap(\.gates) { gate.open(returning: []) }
            for task in children.flatMap(\.tasks) { await task.boundedValue() }
            #expect(screen!.wrapper.displayedState == container.contentState)
            watched =
                [Weak(object: screen), Weak(object: screen!.wrapper), Weak(object: container)]
                + children.map { Weak(object: $0) }
        }
        screen = nil
        #expect(watched.allSatisfy { $0.object == nil }, "\(watched.map { $0.object != nil })")
    }

    private static func container(_ kind: CompositionScenario.Container, children: Int) -> DataSource {
        let made = (0..<children).map { _ in GatedSectionDataSource() }
        switch kind {
        case .composed(let reveal): return ComposedDataSource(children: made, reveal: reveal)
        case .segmented: return SegmentedDataSource(children: made)
        }
    }

    private static func children(of container: DataSource) -> [GatedSectionDataSource] {
        let children = (container as? ComposedDataSource)?.children ?? (container as? SegmentedDataSource)?.children
        return (children ?? []).compactMap { $0 as? GatedSectionDataSource }
    }
}
