import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Lists of shared items: a list's response lands its items through the generation check, every
/// screen that shows an item hears its changes in the same turn, and every redraw hands the
/// renderer an item-level difference that agrees with its snapshots.
@MainActor
@Suite("Lists of shared items", .timeLimit(.minutes(1)), .hangLimit)
struct ListDataSourceTests {
    let clock = ManualClock()
    let requests = GatedCalls<Colour?>()
    let store: ContentStore<String, Colour>

    init() {
        store = ContentStore(staleAfter: .after(.seconds(60)), clock: clock) { id in Colour(id) }
    }

    /// A list whose every load waits on a gate of `calls`.
    func list(_ calls: GatedCalls<[Colour]>) -> ListDataSource<Colour> {
        ListDataSource(store: store) { try await calls.call() }
    }

    /// Loads `screen`'s list with the response `colours`, and waits until it is drawn.
    func load(_ screen: ListScreen, _ calls: GatedCalls<[Colour]>, answering colours: [Colour]) async {
        let index = calls.count
        screen.dataSource.loadContent()
        await eventually { calls.count > index }
        calls.gate(index).open(returning: colours)
        await eventually { !screen.dataSource.loadingCoordinator.isLoading }
    }

    /// A write that stars `id`, whose request waits on a gate of ``requests``.
    @discardableResult
    func star(_ id: String) -> StoreWrite<Colour> {
        store.perform(
            "Star \(id)", on: id, change: { $0.starred = true },
            request: { [requests] in
                try await requests.call()
            })
    }

    // MARK: - The generation check

    @Test func aListAnsweredBeforeAFavouriteLandedDoesNotUndoIt() async {
        let calls = GatedCalls<[Colour]>()
        let screen = ListScreen(list(calls))
        await load(screen, calls, answering: [Colour("a"), Colour("b")])
        screen.dataSource.loadContent()  // the refresh's request begins before the favourite
        await eventually { calls.count == 2 }
        let write = star("a")
        await eventually { requests.count == 1 }
        requests.gate(0).open(returning: Colour("a", starred: true))
        #expect(await write.settled() == .committed(Colour("a", starred: true)))
        // The server answered the list before it starred "a"; the answer lands after the commit.
        calls.gate(1).open(returning: [Colour("a"), Colour("b", "BLUE")])
        await eventually { !screen.dataSource.loadingCoordinator.isLoading }
        #expect(screen.rows == "[A★, BLUE]", "the newer favourite stays; the rest lands")
        #expect(store.value(for: "a") == Colour("a", starred: true))
        #expect(StoreDataSource(store: store, key: "a").value == Colour("a", starred: true), "and on a detail")
    }

    @Test func aPendingWriteStaysOnTopAndItsRollbackRestoresTheTruthOnListAndDetail() async {
        let calls = GatedCalls<[Colour]>()
        let screen = ListScreen(list(calls))
        await load(screen, calls, answering: [Colour("a"), Colour("b")])
        let detail = StoreDataSource(store: store, key: "a")
        screen.dataSource.loadContent()  // the request begins before the write
        await eventually { calls.count == 2 }
        let write = star("a")
        #expect(screen.rows == "[A★, B]" && detail.value?.starred == true, "drawn before perform returns")
        calls.gate(1).open(returning: [Colour("a", "RED"), Colour("b")])
        await eventually { !screen.dataSource.loadingCoordinator.isLoading }
        #expect(screen.rows == "[A★, B]", "written since the request began: the older answer does not land")
        await load(screen, calls, answering: [Colour("a", "RED"), Colour("b")])
        #expect(screen.rows == "[RED★, B]", "an answer begun after the write lands under it")
        #expect(detail.value == Colour("a", "RED", starred: true))
        await eventually { requests.count == 1 }
        requests.gate(0).open(throwing: TestError(1))
        #expect(await write.settled() == .failed(TestError(1)))
        #expect(screen.rows == "[RED, B]" && detail.value == Colour("a", "RED"), "rolled back on both")
        #expect(screen.renderer.differences.last == "~a")
        #expect(screen.dataSource.writeFailure?.writeDescription == "Star a")
    }

    @Test func anItemRemovedWhileTheListIsInFlightDoesNotComeBack() async {
        let calls = GatedCalls<[Colour]>()
        let screen = ListScreen(list(calls))
        screen.dataSource.loadContent()
        await eventually { calls.count == 1 }
        store.removeValue(for: "b")  // deleted on another screen after the request began
        calls.gate(0).open(returning: [Colour("a"), Colour("b"), Colour("c")])
        await eventually { !screen.dataSource.loadingCoordinator.isLoading }
        #expect(screen.dataSource.snapshot.ids == ["a", "c"])
        #expect(store.value(for: "b") == nil)
    }

    // MARK: - One change, every screen, one turn

    @Test func aWriteOnOneItemRedrawsItOnTwoListsAndADetailInOneTurn() async {
        let feedCalls = GatedCalls<[Colour]>()
        let favouritesCalls = GatedCalls<[Colour]>()
        let feed = ListScreen(list(feedCalls))
        let favourites = ListScreen(list(favouritesCalls))
        await load(feed, feedCalls, answering: [Colour("a"), Colour("b"), Colour("c")])
        await load(favourites, favouritesCalls, answering: [Colour("c"), Colour("a")])
        let detail = StoreDataSource(store: store, key: "a")
        let feedDraws = feed.renderer.differences.count
        let favouritesDraws = favourites.renderer.differences.count
        star("a")
        // All before `perform` returned: no await since.
        #expect(feed.renderer.differences.dropFirst(feedDraws) == ["~a"])
        #expect(favourites.renderer.differences.dropFirst(favouritesDraws) == ["~a"])
        #expect(feed.renderer.frames.last == "[A★, B, C]" && favourites.renderer.frames.last == "[C, A★]")
        #expect(detail.value?.starred == true)
        await eventually { requests.count == 1 }
        requests.openAll()
    }

    @Test func anotherListsLandingIsDrawnAsOneDifference() async {
        let feedCalls = GatedCalls<[Colour]>()
        let searchCalls = GatedCalls<[Colour]>()
        let feed = ListScreen(list(feedCalls))
        let search = ListScreen(list(searchCalls))
        await load(feed, feedCalls, answering: [Colour("a"), Colour("b"), Colour("c"), Colour("d")])
        await load(search, searchCalls, answering: [Colour("d"), Colour("b")])
        let draws = feed.renderer.differences.count
        await load(search, searchCalls, answering: [Colour("d", "DUN"), Colour("b", "BLUE")])
        #expect(feed.renderer.differences.dropFirst(draws) == ["~b ~d"], "one draw, in the feed's order")
        #expect(feed.rows == "[A, BLUE, C, DUN]")
    }

    // MARK: - Item-level differences

    @Test func eachRedrawHandsTheDifferenceFromTheSnapshotLastDrawn() async {
        let calls = GatedCalls<[Colour]>()
        let screen = ListScreen(list(calls))
        await load(screen, calls, answering: [Colour("a"), Colour("b"), Colour("c")])
        await load(screen, calls, answering: [Colour("c", "CYAN"), Colour("a"), Colour("d")])
        await load(screen, calls, answering: [Colour("d"), Colour("c", "CYAN")])
        // Each one was checked by the renderer: applied to the ids before, it gives the ids after.
        #expect(screen.renderer.differences == ["+a +b +c", "-b +d >c ~c", "-a >d"])
        #expect(screen.renderer.ids == ["d", "c"])
    }

    @Test func theEmptyScreenFollowsTheSnapshotInTheSameDraw() async {
        let calls = GatedCalls<[Colour]>()
        let screen = ListScreen(list(calls))
        await load(screen, calls, answering: [Colour("a")])
        #expect(
            screen.log.entries == [
                "loading.show(loading)", "content.apply(+a)", "loading.hide", "content.show(content)",
            ])
        _ = screen.log.drain()
        await load(screen, calls, answering: [])
        #expect(
            screen.log.entries == [
                "content.show(refreshing)", "content.apply(-a)", "content.hide", "empty.show(empty)",
            ])
        #expect(!screen.dataSource.hasContent && screen.shown == .empty)
    }

    @Test func duplicateIDsShowOnceWithTheFirstCopyAndAreReported() async {
        let calls = GatedCalls<[Colour]>()
        let screen = ListScreen(list(calls))
        await load(screen, calls, answering: [Colour("a", "RED"), Colour("b"), Colour("a", "ROSE")])
        #expect(screen.dataSource.snapshot.ids == ["a", "b"])
        #expect(screen.dataSource.duplicates == ["a"])
        #expect(screen.rows == "[RED, B]" && store.value(for: "a")?.name == "RED")
        await load(screen, calls, answering: [Colour("a", "RED"), Colour("b")])
        #expect(screen.dataSource.duplicates.isEmpty)
    }

    @Test func aChangeThatChangesNothingDrawsNothing() async {
        let calls = GatedCalls<[Colour]>()
        let screen = ListScreen(list(calls))
        await load(screen, calls, answering: [Colour("a"), Colour("b")])
        let draws = screen.renderer.differences.count
        store.write(Colour("a"), for: "a")  // equal to the one drawn
        await load(screen, calls, answering: [Colour("a"), Colour("b")])
        #expect(screen.renderer.differences.count == draws, "no difference handed over")
        store.write(Colour("b", "BLUE"), for: "b")
        #expect(screen.renderer.differences.dropFirst(draws) == ["~b"])
    }

    @Test func aPlainContentRendererIsShownTheContentAgain() async {
        let calls = GatedCalls<[Colour]>()
        let log = RenderLog()
        let content = RecordingRenderer("content", log: log)
        let wrapper = ContentWrapper(
            content: content, loading: RecordingRenderer("loading", log: log),
            empty: RecordingRenderer("empty", log: log), error: RecordingRenderer("error", log: log),
            initialScreen: .blank, policy: .immediate)
        let delegate = FixedWrapper(wrapper)
        let dataSource = list(calls)
        dataSource.delegate = delegate
        dataSource.loadContent()
        await eventually { calls.count == 1 }
        calls.gate(0).open(returning: [Colour("a")])
        await eventually { !dataSource.loadingCoordinator.isLoading }
        #expect(log.drain() == ["loading.show(loading)", "loading.hide", "content.show(content)"])
        store.write(Colour("a", "RED"), for: "a")
        #expect(log.drain() == ["content.show(content)"], "redrawn whole")
        #expect(dataSource.items == [Colour("a", "RED")])
    }

    @Test func aRendererThatJoinsLaterIsHandedTheWholeSnapshot() async {
        let calls = GatedCalls<[Colour]>()
        let dataSource = list(calls)
        dataSource.loadContent()
        await eventually { calls.count == 1 }
        calls.gate(0).open(returning: [Colour("a"), Colour("b")])
        await eventually { !dataSource.loadingCoordinator.isLoading }
        let screen = ListScreen(dataSource)
        #expect(screen.log.entries == ["content.apply(+a +b)", "content.show(content)"])
    }

    // MARK: - Eviction

    @Test func evictionNeverTakesAShownItem() async {
        let store = ContentStore<String, Colour>(retention: .zero, countLimit: 0, clock: clock) { Colour($0) }
        let calls = GatedCalls<[Colour]>()
        let screen = ListScreen(ListDataSource(store: store) { try await calls.call() })
        await load(screen, calls, answering: [Colour("a"), Colour("b"), Colour("c")])
        clock.advance(by: .seconds(1))
        store.evictExpiredKeys()
        #expect(["a", "b", "c"].allSatisfy(store.contains), "every shown item stays")
        await load(screen, calls, answering: [Colour("c")])
        #expect(!store.contains("a") && !store.contains("b") && store.contains("c"), "those no longer shown go")
    }

    @Test func aReleasedListsItemsGoAsKeysNothingShows() async {
        let store = ContentStore<String, Colour>(retention: .zero, clock: clock) { Colour($0) }
        let calls = GatedCalls<[Colour]>()
        var screen: ListScreen? = ListScreen(ListDataSource(store: store) { try await calls.call() })
        await load(screen!, calls, answering: [Colour("a"), Colour("b")])
        #expect(store.boundCount(for: "a") == 1)
        screen = nil
        store.evictExpiredKeys()
        #expect(!store.contains("a") && !store.contains("b"), "unbound with the list, and retained no longer")
    }
}
