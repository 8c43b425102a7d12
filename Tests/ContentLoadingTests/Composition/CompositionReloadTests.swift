import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A composed source whose `loadContent()` loads its first child only.
@MainActor
final class FirstSectionOnly: ComposedDataSource {
    override func loadContent() {
        children.first?.loadContent()
    }
}

/// A composed source whose `loadContent()` cancels the task calling it, after loading.
@MainActor
final class CancellingComposed: ComposedDataSource {
    override func loadContent() {
        super.loadContent()
        withUnsafeCurrentTask { $0?.cancel() }
    }
}

/// `reload(ownedBy:)` on containers: a composed source awaits its children's loads together, a
/// segmented one its selected child's.
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct CompositionReloadTests {
    let warm = GatedDataSource()
    let cool = GatedDataSource()

    /// Starts `screen.reload(ownedBy:)` in a task; returns once every one of `children` began a load.
    func startReload(
        _ screen: DataSource, ownedBy owner: LoadOwner, loading children: [GatedDataSource]
    ) async -> Task<LoadOutcome, Never> {
        let began = children.map(\.gates.count)
        let task = Task { await screen.reload(ownedBy: owner) }
        await eventually { zip(children, began).allSatisfy { $0.gates.count > $1 } }
        return task
    }

    // MARK: - Outcomes

    @Test(arguments: [LoadOwner.dataSource, .caller])
    func everySectionWithContentAnswersContentWhileTheScreenShowsTheUsualStates(owner: LoadOwner) async {
        let screen = ComposedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        let reload = await startReload(screen, ownedBy: owner, loading: [warm, cool])
        #expect(fixture.shown == .loading)
        warm.gates[0].open(returning: ["red"])
        await eventually { warm.contentState == .content }
        #expect(fixture.shown == .loading, "sections appear together while the reload waits")
        cool.gates[0].open(returning: ["blue"])
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(fixture.shown == .content)
        #expect(fixture.finished == ["ok"])
        #expect([warm, cool].map(\.gates.count) == [1, 1], "one load each")
    }

    @Test(arguments: [LoadOwner.dataSource, .caller])
    func everySectionEmptyAnswersEmpty(owner: LoadOwner) async {
        let screen = ComposedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        let reload = await startReload(screen, ownedBy: owner, loading: [warm, cool])
        warm.gates[0].open(returning: [])
        cool.gates[0].open(returning: [])
        #expect(await reload.boundedValue() == .committed(hasContent: false))
        #expect(fixture.shown == .empty)
    }

    @Test(arguments: [LoadOwner.dataSource, .caller])
    func withNoContentAnywhereTheErrorShownIsTheFailure(owner: LoadOwner) async {
        let screen = ComposedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        let reload = await startReload(screen, ownedBy: owner, loading: [warm, cool])
        warm.gates[0].open(returning: [])
        await eventually { warm.contentState == .empty }
        cool.gates[0].open(throwing: TestError(2))
        #expect(await reload.boundedValue() == .failed(TestError(2)))
        #expect(fixture.shown == .error)
    }

    /// The screen shows content, with the failure beside it: the outcome is content.
    @Test func aFailureBesideContentAnswersContent() async {
        let screen = ComposedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        let reload = await startReload(screen, ownedBy: .dataSource, loading: [warm, cool])
        warm.gates[0].open(returning: ["red"])
        cool.gates[0].open(throwing: TestError(3))
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(fixture.shown == .content)
        #expect(fixture.refreshFailures == [TestError(3)])
    }

    @Test func aSectionSupersededMeanwhileAnswersSuperseded() async {
        let screen = ComposedDataSource(children: [warm, cool])
        _ = CompositionFixture(screen)
        let reload = await startReload(screen, ownedBy: .dataSource, loading: [warm, cool])
        warm.loadContent()
        cool.gates[0].open(returning: ["blue"])
        #expect(await reload.boundedValue() == .superseded)
        #expect(warm.loadingCoordinator.isLoading, "the newer load runs on")
        warm.gates[1].open(returning: ["red"])
        await eventually { screen.contentState == .content }
    }

    @Test func aSectionCancelledMeanwhileAnswersCancelled() async {
        let screen = ComposedDataSource(children: [warm, cool])
        _ = CompositionFixture(screen)
        let reload = await startReload(screen, ownedBy: .caller, loading: [warm, cool])
        #expect(warm.loadingCoordinator.cancel())
        cool.gates[0].open(returning: ["blue"])
        #expect(await reload.boundedValue() == .cancelled)
        #expect(screen.contentState == .content)
    }

    @Test func nothingLoadingAnswersNotStarted() async {
        #expect(await ComposedDataSource().reload(ownedBy: .caller) == .notStarted)
        warm.beginsLoads = false
        let screen = ComposedDataSource(children: [warm])
        #expect(await screen.reload(ownedBy: .dataSource) == .notStarted)
    }

    /// A child whose `loadContent()` begins nothing is awaited if it has a load in flight.
    @Test func aLoadAlreadyInFlightIsAwaited() async {
        let screen = ComposedDataSource(children: [warm])
        warm.loadContent()
        warm.beginsLoads = false
        let reload = Task { await screen.reload(ownedBy: .dataSource) }
        await eventually { warm.loadingCoordinator.isLoading }
        warm.gates[0].open(returning: ["red"])
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(warm.gates.count == 1)
    }

    /// A child whose load ends inside `loadContent()` (a cache hit) counts without a wait.
    @Test func aSectionThatLoadsAtOnceCounts() async {
        let cached = ItemsDataSource()
        cached.onLoadContent = { $0.complete($0.tokens.last!, with: ["cached"]) }
        #expect(await ComposedDataSource(children: [cached]).reload(ownedBy: .caller) == .committed(hasContent: true))
        let screen = ComposedDataSource(children: [cached, warm])
        let reload = await startReload(screen, ownedBy: .caller, loading: [warm])
        warm.gates[0].open(returning: [])
        #expect(await reload.boundedValue() == .committed(hasContent: true))
    }

    /// A load that ends after `loadContent()` returns but before the reload's wait for it is
    /// in still answers with its own outcome, not as superseded.
    @Test func aSectionThatLandsBeforeItsWaitIsInCounts() async {
        let soon = ItemsDataSource()
        soon.onLoadContent = { dataSource in
            let token = dataSource.tokens.last!
            Task { @MainActor in dataSource.complete(token, with: ["soon"]) }
        }
        let outcome = await Task { await ComposedDataSource(children: [soon]).reload(ownedBy: .caller) }
            .boundedValue()
        #expect(outcome == .committed(hasContent: true))
    }

    /// A section added while the reload waits is not awaited: if it holds the first reveal
    /// back, the awaited loads decide the outcome.
    @Test func aScreenStillLoadingASectionNotAwaitedAnswersByTheAwaitedLoads() async {
        let screen = ComposedDataSource(children: [warm])
        let fixture = CompositionFixture(screen)
        let reload = await startReload(screen, ownedBy: .caller, loading: [warm])
        cool.loadContent()
        screen.add(cool)
        warm.gates[0].open(returning: ["red"])
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(fixture.shown == .loading, "the added section still holds the first reveal back")
        cool.gates[0].open(returning: ["blue"])
        await eventually { fixture.shown == .content }
    }

    // MARK: - Children leaving, partial loads

    @Test(arguments: [LoadOwner.dataSource, .caller])
    func aSectionRemovedWhileAwaitedEndsItsWaitAndNoLongerCounts(owner: LoadOwner) async {
        let screen = ComposedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        let reload = await startReload(screen, ownedBy: owner, loading: [warm, cool])
        #expect(screen.remove(warm))
        #expect(!warm.loadingCoordinator.isLoading, "removing it cancelled its load")
        cool.gates[0].open(returning: ["blue"])
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(fixture.shown == .content)
    }

    @Test func everyAwaitedSectionRemovedAnswersCancelledAndFreesThem() async {
        var child: GatedDataSource? = GatedDataSource()
        weak let released = child
        let screen = ComposedDataSource(children: [child!])
        let reload = await startReload(screen, ownedBy: .dataSource, loading: [child!])
        screen.remove(child!)
        child = nil
        #expect(await reload.boundedValue() == .cancelled)
        await eventually { released == nil }
    }

    @Test func aSubclassThatLoadsSomeSectionsOnlyAwaitsThoseOnly() async {
        let screen = FirstSectionOnly(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        let reload = await startReload(screen, ownedBy: .caller, loading: [warm])
        #expect(cool.gates.isEmpty, "the override's choice is respected")
        warm.gates[0].open(returning: ["red"])
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(fixture.shown == .content)
    }

    // MARK: - Cancelling the awaiting task

    @Test func cancellingACallerThatOwnsTheLoadsCancelsEveryOne() async {
        let screen = ComposedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        let reload = await startReload(screen, ownedBy: .caller, loading: [warm, cool])
        warm.gates[0].open(returning: ["red"])
        await eventually { warm.contentState == .content }
        reload.cancel()
        #expect(await reload.boundedValue() == .cancelled)
        #expect(!cool.loadingCoordinator.isLoading)
        #expect(cool.gates[0].sawCancellation, "the load's work was cancelled too")
        #expect(cool.contentState == .initial, "back to where it began")
        #expect(fixture.shown == .content)
    }

    @Test func aCallerCancelledBeforeStartingBeginsNothing() async {
        let screen = ComposedDataSource(children: [warm, cool])
        let reload = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await screen.reload(ownedBy: .caller)
        }
        #expect(await reload.boundedValue() == .cancelled)
        #expect(warm.gates.isEmpty && cool.gates.isEmpty)
    }

    @Test func aCallerCancelledWhileLoadingBeginsCancelsWhatItBegan() async {
        let screen = CancellingComposed(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        #expect(await Task { await screen.reload(ownedBy: .caller) }.boundedValue() == .cancelled)
        #expect(!warm.loadingCoordinator.isLoading && !cool.loadingCoordinator.isLoading)
        #expect(fixture.shown == .initial)
    }

    @Test func cancellingACallerWhenTheDataSourceOwnsTheLoadsLetsThemLand() async {
        let screen = ComposedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        let reload = await startReload(screen, ownedBy: .dataSource, loading: [warm, cool])
        reload.cancel()
        #expect(await reload.boundedValue() == .stillRunning)
        #expect(warm.loadingCoordinator.isLoading && cool.loadingCoordinator.isLoading)
        warm.gates[0].open(returning: ["red"])
        cool.gates[0].open(returning: ["blue"])
        await eventually { fixture.shown == .content }
        #expect(!warm.gates[0].sawCancellation && !cool.gates[0].sawCancellation)
    }

    // MARK: - Segments

    @Test(arguments: [LoadOwner.dataSource, .caller])
    func segmentsReloadTheSelectedChildOnce(owner: LoadOwner) async {
        let tabs = SegmentedDataSource(children: [warm, cool], selectedIndex: 1)
        let fixture = CompositionFixture(tabs)
        let reload = await startReload(tabs, ownedBy: owner, loading: [cool])
        #expect(fixture.shown == .loading)
        cool.gates[0].open(throwing: TestError(4))
        #expect(await reload.boundedValue() == .failed(TestError(4)))
        #expect(fixture.shown == .error)
        #expect(warm.gates.isEmpty)
        #expect(cool.gates.count == 1, "one load, not the container's and the child's")
    }

    @Test func segmentsWithNothingSelectedAnswerNotStarted() async {
        #expect(await SegmentedDataSource(children: []).reload(ownedBy: .caller) == .notStarted)
    }

    @Test func cancellingTheCallerOfASegmentsReloadFollowsItsOwner() async {
        let tabs = SegmentedDataSource(children: [warm])
        let owned = await startReload(tabs, ownedBy: .caller, loading: [warm])
        owned.cancel()
        #expect(await owned.boundedValue() == .cancelled)
        #expect(!warm.loadingCoordinator.isLoading)
        let notOwned = await startReload(tabs, ownedBy: .dataSource, loading: [warm])
        notOwned.cancel()
        #expect(await notOwned.boundedValue() == .stillRunning)
        #expect(warm.loadingCoordinator.isLoading)
        warm.gates[1].open(returning: ["red"])
        await eventually { tabs.contentState == .content }
    }

    /// Segments inside sections: the composed reload awaits the selected segment's load.
    @Test func sectionsAwaitTheSelectedSegmentOfANestedContainer() async {
        let tabs = SegmentedDataSource(children: [warm, cool])
        let screen = ComposedDataSource(children: [tabs])
        let reload = await startReload(screen, ownedBy: .caller, loading: [warm])
        warm.gates[0].open(returning: ["red"])
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(cool.gates.isEmpty)
    }
}
