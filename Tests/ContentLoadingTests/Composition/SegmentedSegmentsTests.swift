import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Segments inserted and removed at runtime. The selected segment stays
/// selected while others come and go; removing it selects its neighbour; a removed segment is
/// cancelled and no longer heard.
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct SegmentedSegmentsTests {
    let popular = ItemsDataSource()
    let recent = ItemsDataSource()
    let saved = ItemsDataSource()

    /// Tabs over popular, recent and saved, with `selected` loaded with content and selected.
    private func tabs(selecting selected: Int) -> (SegmentedDataSource, CompositionFixture) {
        let tabs = SegmentedDataSource(children: [popular, recent, saved], selectedIndex: selected)
        let fixture = CompositionFixture(tabs)
        tabs.loadContent()
        let child = [popular, recent, saved][selected]
        child.complete(child.tokens[0], with: ["\(selected)"])
        _ = fixture.log.drain()
        return (tabs, fixture)
    }

    @Test func insertingBeforeTheSelectedSegmentKeepsItSelected() {
        let (tabs, fixture) = tabs(selecting: 1)
        let new = ItemsDataSource()
        #expect(tabs.insert(new, at: 0))
        #expect(tabs.selectedIndex == 2)
        #expect(tabs.selected === recent)
        #expect(fixture.log.drain().isEmpty, "the screen does not move")
        #expect(new.tokens.isEmpty, "an inserted segment does not load until selected")
        #expect(tabs.insert(ItemsDataSource(), at: 4))
        #expect(tabs.selectedIndex == 2)
        #expect(tabs.children.count == 5)
    }

    @Test func insertRefusesASegmentAlreadyThereItselfAndAPlaceOutOfRange() {
        let (tabs, _) = tabs(selecting: 0)
        #expect(!tabs.insert(recent, at: 0))
        #expect(!tabs.insert(tabs, at: 0))
        #expect(!tabs.insert(ItemsDataSource(), at: 4))
        #expect(!tabs.insert(ItemsDataSource(), at: -1))
        #expect(tabs.children.count == 3)
    }

    @Test func theFirstSegmentInsertedIsSelectedAndDrawnAsItIs() {
        let tabs = SegmentedDataSource(children: [])
        let fixture = CompositionFixture(tabs)
        popular.loadContent()
        popular.complete(popular.tokens[0], with: ["a"])
        #expect(tabs.insert(popular, at: 0))
        #expect(tabs.selectedIndex == 0)
        #expect(fixture.shown == .content)
        #expect(tabs.insert(recent, at: 1))
        #expect(recent.tokens.isEmpty)
        let empty = SegmentedDataSource(children: [])
        let emptyFixture = CompositionFixture(empty)
        #expect(empty.insert(saved, at: 0))
        #expect(saved.tokens.isEmpty, "it does not load until loadContent()")
        #expect(emptyFixture.shown == .initial)
        empty.loadContent()
        #expect(emptyFixture.shown == .loading)
    }

    @Test func removingASegmentBeforeTheSelectedOneMovesTheIndexNotTheScreen() {
        let (tabs, fixture) = tabs(selecting: 2)
        recent.loadContent()
        #expect(tabs.remove(at: 1))
        #expect(tabs.selectedIndex == 1)
        #expect(tabs.selected === saved)
        #expect(fixture.log.drain().isEmpty)
        #expect(!recent.tokens[0].isValid, "the removed segment's load was cancelled")
        #expect(!tabs.remove(at: 2))
        #expect(!tabs.remove(at: -1))
    }

    @Test func removingTheSelectedSegmentSelectsTheOneThatTakesItsPlace() {
        let (tabs, fixture) = tabs(selecting: 1)
        #expect(tabs.remove(at: 1))
        #expect(tabs.selectedIndex == 1)
        #expect(tabs.selected === saved)
        #expect(saved.tokens.count == 1, "the neighbour never loaded: selecting it loads it")
        #expect(fixture.shown == .loading, "drawn at once")
        // The removed segment's late reports do not draw.
        recent.loadContent()
        recent.complete(recent.tokens[1], with: ["late"])
        #expect(fixture.shown == .loading)
        saved.complete(saved.tokens[0], with: ["s"])
        #expect(fixture.shown == .content)
    }

    @Test func removingTheLastSegmentWhenSelectedSelectsTheOneBefore() {
        let (tabs, fixture) = tabs(selecting: 2)
        #expect(tabs.remove(at: 2))
        #expect(tabs.selectedIndex == 1)
        #expect(tabs.selected === recent)
        #expect(fixture.shown == .loading)
        #expect(tabs.remove(at: 1))
        #expect(tabs.selected === popular)
        #expect(tabs.remove(at: 0))
        #expect(tabs.selectedIndex == nil)
        #expect(tabs.contentState == .initial)
        #expect(fixture.shown == .initial)
        #expect(!tabs.remove(at: 0))
    }

    @Test func removingTheSelectedSegmentWhileItLoadsEndsItsLoadThenBeginsTheNeighbours() {
        let tabs = SegmentedDataSource(children: [popular, recent])
        let fixture = CompositionFixture(tabs)
        tabs.loadContent()
        #expect(tabs.remove(at: 0))
        #expect(!popular.tokens[0].isValid)
        #expect(fixture.finished == ["ok"], "the spinner started for the removed segment ends")
        #expect(fixture.shown == .loading, "the neighbour is loading now")
        recent.complete(recent.tokens[0], with: ["r"])
        #expect(fixture.finished == ["ok", "ok"])
    }

    @Test func anAwaitedReloadOfARemovedSegmentAnswersCancelled() async {
        let gated = GatedDataSource()
        let tabs = SegmentedDataSource(children: [gated, popular])
        let reload = Task { await tabs.reload(ownedBy: .dataSource) }
        await eventually { gated.gates.count == 1 }
        #expect(tabs.remove(at: 0))
        #expect(await reload.boundedValue() == .cancelled)
    }

    @Test func segmentsAreObservable() {
        let (tabs, _) = tabs(selecting: 0)
        let children = ObservationCounter { _ = tabs.children }
        let selection = ObservationCounter { _ = tabs.selectedIndex }
        #expect(tabs.insert(ItemsDataSource(), at: 0))
        #expect(children.drain() == 1)
        #expect(selection.drain() == 1)
        #expect(tabs.remove(at: 1))
        #expect(children.drain() == 1)
        #expect(selection.drain() == 1, "the selected segment was removed: its neighbour is selected")
    }
}
