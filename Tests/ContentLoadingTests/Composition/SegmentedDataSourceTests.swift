import ContentLoading
import ContentLoadingTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct SegmentedDataSourceTests {
    let popular = ItemsDataSource()
    let recent = ItemsDataSource()
    let clock = ManualClock()

    @Test func selectingShowsTheChildsStateAtOnceAndLoadsItOnlyTheFirstTime() {
        let tabs = SegmentedDataSource(children: [popular, recent])
        let fixture = CompositionFixture(tabs, policy: .standard, clock: clock)
        tabs.loadContent()
        popular.complete(popular.tokens[0], with: ["a"])
        #expect(fixture.shown == .content)
        #expect(tabs.select(1))
        #expect(recent.tokens.count == 1)
        #expect(fixture.shown == .loading, "no delay keeps the other segment's content on show")
        #expect(tabs.select(0))
        #expect(fixture.shown == .content)
        #expect(tabs.select(1))
        #expect(recent.tokens.count == 1, "a segment that began loading is not loaded again")
        #expect(!tabs.select(2))
        #expect(tabs.selectedIndex == 1)
    }

    @Test func aDeselectedChildsResponseLandsInItsModelButDoesNotMoveTheScreen() {
        let tabs = SegmentedDataSource(children: [popular, recent])
        let fixture = CompositionFixture(tabs)
        tabs.loadContent()
        tabs.select(1)
        popular.complete(popular.tokens[0], with: ["a"])
        #expect(popular.items == ["a"])
        #expect(fixture.shown == .loading)
        recent.loadingCoordinator.finish(recent.tokens[0], error: TestError(1))
        #expect(fixture.shown == .error)
        tabs.select(0)
        #expect(fixture.shown == .content)
    }

    @Test func twoSegmentsWithContentEachRedrawTheContent() {
        let tabs = SegmentedDataSource(children: [popular, recent])
        let fixture = CompositionFixture(tabs)
        tabs.loadContent()
        popular.complete(popular.tokens[0], with: ["a"])
        tabs.select(1)
        recent.complete(recent.tokens[0], with: ["b"])
        _ = fixture.log.drain()
        tabs.select(0)
        #expect(fixture.log.drain().contains("content.show(content)"), "the other segment's rows are drawn")
    }
}
