import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A child that leaves by a re-listing, a segment removed, and a container
/// reset, each mid-load: the work is cancelled at once, a child nobody holds any more is freed
/// while its work still waits, and the late results land nowhere.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct CompositionStructureLifetimeTests {
    @Test func aChildReListedOutMidLoadHasItsWorkCancelledAndIsFreed() async {
        let kept = GatedSectionDataSource()
        var leaving: GatedSectionDataSource? = GatedSectionDataSource()
        weak let weakLeaving = leaving
        let composed = ComposedDataSource(children: [leaving!, kept])
        let screen = CompositionScreen(composed)
        composed.loadContent()
        let (task, gate) = (leaving!.tasks[0], leaving!.gates[0])
        #expect(composed.setChildren([kept]))
        #expect(task.isCancelled, "leaving cancels the child's task at once")
        leaving = nil
        #expect(weakLeaving == nil, "the work in flight does not hold the child")
        gate.open(returning: ["late"])
        #expect(await task.boundedValue() == false)
        kept.gates[0].open(returning: ["kept"])
        #expect(await kept.tasks[0].boundedValue() == true)
        #expect(screen.wrapper.displayedState == .content)
    }

    @Test func aSegmentRemovedMidLoadHasItsWorkCancelledAndIsFreed() async {
        let next = GatedSectionDataSource()
        var leaving: GatedSectionDataSource? = GatedSectionDataSource()
        weak let weakLeaving = leaving
        let tabs = SegmentedDataSource(children: [leaving!, next])
        let screen = CompositionScreen(tabs)
        tabs.loadContent()
        let (task, gate) = (leaving!.tasks[0], leaving!.gates[0])
        #expect(tabs.remove(at: 0))
        #expect(task.isCancelled)
        leaving = nil
        #expect(weakLeaving == nil)
        gate.open(returning: ["late"])
        #expect(await task.boundedValue() == false)
        #expect(next.tasks.count == 1, "its neighbour, selected, loads")
        next.gates[0].open(returning: ["next"])
        #expect(await next.tasks[0].boundedValue() == true)
        #expect(screen.wrapper.displayedState == .content)
    }

    @Test(arguments: [CompositionScenario.Container.composed(.allTogether), .composed(.asTheyArrive), .segmented])
    func aResetMidLoadCancelsEveryChildsWorkAndTheNextLoadLands(_ kind: CompositionScenario.Container) async {
        let children = [GatedSectionDataSource(), GatedSectionDataSource()]
        let container: DataSource =
            switch kind {
            case .composed(let reveal): ComposedDataSource(children: children, reveal: reveal)
            case .segmented: SegmentedDataSource(children: children)
            }
        let screen = CompositionScreen(container)
        container.loadContent()
        let first = children.flatMap(\.tasks)
        (container as? ComposedDataSource)?.resetContent()
        (container as? SegmentedDataSource)?.resetContent()
        #expect(first.allSatisfy { $0.isCancelled })
        #expect(screen.wrapper.displayedState == .initial)
        for gate in children.flatMap(\.gates) { gate.open(returning: ["late"]) }
        for task in first { #expect(await task.boundedValue() == false) }
        container.loadContent()
        for child in children where child.tasks.count == 2 { child.gates[1].open(returning: ["fresh"]) }
        for child in children where child.tasks.count == 2 { #expect(await child.tasks[1].boundedValue() == true) }
        #expect(screen.wrapper.displayedState == .content)
    }
}
