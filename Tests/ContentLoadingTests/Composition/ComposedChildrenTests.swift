import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A composed source's sections inserted, moved and re-listed at runtime. A
/// section that leaves is cancelled and no longer heard; one that stays keeps its load; the
/// screen is worked out once for the new sections.
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct ComposedChildrenTests {
    let warm = ItemsDataSource()
    let cool = ItemsDataSource()
    let neutral = ItemsDataSource()

    /// The screens drawn, by the renderer that drew them.
    private func frames(_ fixture: CompositionFixture) -> [String] {
        fixture.log.drain().filter { $0.contains(".show(") }
    }

    @Test func insertPutsASectionInItsPlaceCountedAsItIs() {
        let screen = ComposedDataSource(children: [warm])
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        warm.complete(warm.tokens[0], with: ["red"])
        cool.loadContent()
        #expect(screen.insert(cool, at: 0))
        #expect(screen.children.map(ObjectIdentifier.init) == [cool, warm].map(ObjectIdentifier.init))
        #expect(fixture.shown == .refreshing, "the inserted section loads beside the content")
        cool.complete(cool.tokens[0], with: ["blue"])
        #expect(fixture.shown == .content)
    }

    @Test func insertRefusesASectionAlreadyThereItselfAndAPlaceOutOfRange() {
        let screen = ComposedDataSource(children: [warm])
        #expect(!screen.insert(warm, at: 0))
        #expect(!screen.insert(screen, at: 0))
        #expect(!screen.insert(cool, at: 2))
        #expect(!screen.insert(cool, at: -1))
        #expect(screen.children.count == 1)
        #expect(screen.insert(cool, at: 1))
        #expect(screen.children.last === cool)
    }

    @Test func movingASectionKeepsItsLoadAndTheScreen() {
        let screen = ComposedDataSource(children: [warm, cool, neutral], reveal: .asTheyArrive)
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        warm.complete(warm.tokens[0], with: ["red"])
        _ = fixture.log.drain()
        #expect(screen.move(neutral, to: 0))
        #expect(screen.children.map(ObjectIdentifier.init) == [neutral, warm, cool].map(ObjectIdentifier.init))
        #expect(neutral.tokens[0].isValid, "moving a section does not touch its load")
        #expect(fixture.log.drain().isEmpty, "nor the screen")
        #expect(screen.move(neutral, to: 2))
        #expect(screen.children.last === neutral)
        #expect(screen.move(neutral, to: 2), "moving a section to its place changes nothing, and says yes")
        neutral.complete(neutral.tokens[0], with: ["grey"])
        cool.complete(cool.tokens[0], with: ["blue"])
        #expect(fixture.shown == .content)
    }

    @Test func moveRefusesAStrangerAndAPlaceOutOfRange() {
        let screen = ComposedDataSource(children: [warm, cool])
        #expect(!screen.move(neutral, to: 0))
        #expect(!screen.move(warm, to: 2))
        #expect(!screen.move(warm, to: -1))
        #expect(screen.children.first === warm)
    }

    @Test func reListingCancelsTheSectionsThatLeaveAndKeepsTheOthersLoads() {
        let screen = ComposedDataSource(children: [warm, cool], reveal: .asTheyArrive)
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        #expect(screen.setChildren([neutral, cool]))
        #expect(!warm.tokens[0].isValid, "the section that left was cancelled")
        #expect(cool.tokens[0].isValid, "the section that stays keeps its load")
        #expect(screen.children.map(ObjectIdentifier.init) == [neutral, cool].map(ObjectIdentifier.init))
        // The section that left is no longer heard: its next load moves nothing on screen.
        warm.loadContent()
        warm.complete(warm.tokens[1], with: ["red"])
        cool.complete(cool.tokens[0], with: ["blue"])
        #expect(fixture.shown == .content)
        #expect(screen.contentState == .content)
        warm.loadContent()
        warm.loadingCoordinator.finish(warm.tokens[2], error: TestError(1))
        #expect(fixture.shown == .content)
        #expect(fixture.refreshFailures.isEmpty)
    }

    @Test func reListingDrawsTheNewSectionsOnceAndNothingPassedThroughOnTheWay() {
        let screen = ComposedDataSource(children: [warm, cool], reveal: .asTheyArrive)
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        warm.complete(warm.tokens[0], with: ["red"])
        cool.complete(cool.tokens[0], with: ["blue"])
        neutral.loadContent()
        neutral.complete(neutral.tokens[0], with: ["grey"])
        _ = fixture.log.drain()
        // Every section leaves and another joins: the screen is content before and after, and
        // never the initial screen of no sections in between.
        #expect(screen.setChildren([neutral]))
        #expect(frames(fixture).allSatisfy { !$0.contains("initial") })
        #expect(fixture.shown == .content)
        // From content to one empty section and one on its first load: one frame, loading.
        let empty = ItemsDataSource()
        empty.loadContent()
        empty.complete(empty.tokens[0], with: [])
        let fresh = ItemsDataSource()
        fresh.loadContent()
        #expect(screen.setChildren([empty, fresh]))
        #expect(frames(fixture) == ["loading.show(loading)"])
    }

    @Test func reListingRefusesADuplicateAndItselfAndChangesNothing() {
        let screen = ComposedDataSource(children: [warm, cool])
        #expect(!screen.setChildren([neutral, neutral]))
        #expect(!screen.setChildren([warm, screen]))
        #expect(screen.children.map(ObjectIdentifier.init) == [warm, cool].map(ObjectIdentifier.init))
        #expect(screen.setChildren([]))
        #expect(screen.children.isEmpty)
        #expect(screen.contentState == .initial)
    }

    @Test func reListingDoesNotSettleTheFirstLoadOnAStatePassedThrough() {
        // Under allTogether the first load is held while a section is on its first load. A
        // re-listing that passes through the failed section alone must not count as settled.
        let screen = ComposedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        cool.loadingCoordinator.finish(cool.tokens[0], error: TestError(1))
        #expect(screen.setChildren([neutral]))
        #expect(screen.contentState == .initial)
        #expect(screen.insert(warm, at: 1))
        screen.loadContent()
        neutral.complete(neutral.tokens[0], with: ["grey"])
        #expect(fixture.shown == .loading, "the first load still holds the sections together")
        warm.complete(warm.tokens[1], with: ["red"])
        #expect(fixture.shown == .content)
    }

    // MARK: - The sections changed from a callback of a re-listing's cancels

    @Test func aSectionListedByAReListingIsNotAddedTwiceFromACallbackOfItsCancels() {
        let screen = ComposedDataSource(children: [warm], reveal: .asTheyArrive)
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        cool.loadContent()
        // Warm's cancel asks its model, which adds cool: the re-listing lists it already.
        warm.onHasContent = { screen.add(self.cool) }
        #expect(screen.setChildren([cool]))
        #expect(screen.children.map(ObjectIdentifier.init) == [ObjectIdentifier(cool)])
        cool.loadingCoordinator.finish(cool.tokens[0], error: TestError(1))
        #expect(fixture.shown == .error, "the section is counted once: its failure ends the load")
        #expect(fixture.finished == ["TestError(1)"])
    }

    @Test func aSectionThatLeftAndIsAddedBackFromACallbackOfItsCancelsIsHeard() {
        let screen = ComposedDataSource(children: [warm, cool], reveal: .asTheyArrive)
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        // Warm's cancel asks its model, which adds cool back as it leaves too.
        warm.onHasContent = { screen.add(self.cool) }
        #expect(screen.setChildren([neutral]))
        #expect(screen.children.map(ObjectIdentifier.init) == [neutral, cool].map(ObjectIdentifier.init))
        #expect(!cool.tokens[0].isValid, "its load was cancelled all the same")
        #expect(fixture.shown == .initial)
        cool.loadContent()
        #expect(fixture.shown == .loading, "the section added back is heard")
        cool.complete(cool.tokens[1], with: ["blue"])
        #expect(fixture.shown == .content)
    }

    @Test func aSectionListedByAReListingCanBeRemovedFromACallbackOfItsCancels() {
        let screen = ComposedDataSource(children: [warm], reveal: .asTheyArrive)
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        var removed: Bool?
        warm.onHasContent = { removed = screen.remove(self.cool) }
        #expect(screen.setChildren([cool]))
        #expect(removed == true)
        #expect(screen.children.isEmpty)
        cool.loadContent()
        #expect(fixture.shown == .initial, "the section removed is not heard")
    }

    @Test func aRemovedSectionIsFreed() {
        var child: ItemsDataSource? = ItemsDataSource()
        weak let released = child
        let screen = ComposedDataSource(children: [child!, warm])
        screen.loadContent()
        #expect(screen.setChildren([warm]))
        child = nil
        #expect(released == nil)
    }

    // MARK: - An awaited reload while the sections change

    @Test func anAwaitedReloadCountsOnlyTheSectionsStillThere() async {
        let gatedWarm = GatedDataSource()
        let gatedCool = GatedDataSource()
        let screen = ComposedDataSource(children: [gatedWarm, gatedCool])
        let fixture = CompositionFixture(screen)
        let reload = Task { await screen.reload(ownedBy: .dataSource) }
        await eventually { gatedWarm.gates.count == 1 && gatedCool.gates.count == 1 }
        // Re-listed mid-reload: warm leaves (cancelled, no longer counted), the order changes,
        // and a section that joins is not awaited.
        #expect(screen.setChildren([neutral, gatedCool]))
        #expect(screen.move(gatedCool, to: 0))
        gatedCool.gates[0].open(returning: ["blue"])
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(fixture.shown == .content)
        #expect(neutral.tokens.isEmpty, "the reload began nothing for the section that joined")
    }

    @Test func anAwaitedReloadWhoseSectionsAllLeftAnswersCancelled() async {
        let gated = GatedDataSource()
        let screen = ComposedDataSource(children: [gated])
        let reload = Task { await screen.reload(ownedBy: .caller) }
        await eventually { gated.gates.count == 1 }
        #expect(screen.setChildren([warm]))
        #expect(await reload.boundedValue() == .cancelled)
    }
}
