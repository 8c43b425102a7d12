import ContentLoading
import ContentLoadingTestSupport
import Foundation  // NSLock
import Testing

/// Paged lists of shared items: each page lands through the store's generation check, joins the
/// end of the list as its insertions alone, never shows a row twice, and keeps every edit made
/// while it or a refresh was in flight; the append lane is the paged data source's.
@MainActor
@Suite("Paged lists of shared items", .timeLimit(.minutes(1)), .hangLimit)
struct PagedListDataSourceTests {
    let clock = ManualClock()
    let calls = GatedCalls<Page<[Colour], Int>>()
    let cursors = SentIDs()
    let edits = GatedCalls<Void>()
    let writes = GatedCalls<Colour?>()
    let store: ContentStore<String, Colour>
    let screen: PagedListScreen

    init() {
        store = ContentStore(staleAfter: .after(.seconds(60)), clock: clock) { id in Colour(id) }
        screen = PagedListScreen(
            PagedListDataSource(store: store) { [calls, cursors] cursor in
                cursors.append(cursor.map(String.init) ?? "first")
                return try await calls.call()
            })
    }

    var list: PagedListDataSource<Colour, Int> { screen.dataSource }

    /// Loads the first page, `colours` followed by the page at `next`, and waits until it is drawn.
    func loadFirst(_ colours: [Colour], next: Int?) async {
        let index = calls.count
        list.loadContent()
        await eventually { calls.count > index }
        calls.gate(index).open(returning: Page(colours, next: next))
        await eventually { !list.loadingCoordinator.isLoading }
    }

    /// Requests the next page, and waits until its request began; returns the call's index.
    func beginPage() async -> Int {
        let index = calls.count
        if case .started = list.loadMore() {} else { Issue.record("a page begins") }
        await eventually { calls.count > index }
        return index
    }

    /// Answers page call `index` with `colours`, followed by the page at `next`, and waits until
    /// the append lane is done with it.
    func answerPage(_ index: Int, _ colours: [Colour], next: Int?) async {
        calls.gate(index).open(returning: Page(colours, next: next))
        await eventually { list.appendState != .loadingMore }
    }

    /// An edit's request, which waits on a gate.
    func request() -> @Sendable (String) async throws -> Void {
        { [edits] _ in try await edits.call() }
    }

    func colours(_ ids: String...) -> [Colour] { ids.map { Colour($0) } }

    // MARK: - Pages

    @Test func pagesJoinTheEndOfTheListDrawnAsTheirInsertionsAlone() async {
        await loadFirst(colours("a", "b"), next: 1)
        #expect(list.snapshot.ids == ["a", "b"] && list.nextCursor == 1)
        let page = await beginPage()
        #expect(list.appendState == .loadingMore && screen.wrapper.footer.description == "loadingMore")
        await answerPage(page, colours("c", "d"), next: 2)
        #expect(list.snapshot.ids == ["a", "b", "c", "d"] && screen.rows == "[A, B, C, D]")
        #expect(screen.renderer.differences.last == "+c +d", "the page's rows, nothing else")
        #expect(list.appendState == .idle && list.nextCursor == 2 && screen.wrapper.footer.description == "idle")
        #expect(store.value(for: "d") == Colour("d"), "the items are held in the store")
        #expect(cursors.ids == ["first", "1"])
    }

    @Test func aListViewHearsEachPageAndARowViewOnlyItsItem() async {
        await loadFirst(colours("a"), next: 1)
        let row = list.row("a")!
        let listHeard = ObservationCounter { _ = list.snapshot }
        let rowHeard = ObservationCounter { _ = row.item }
        let page = await beginPage()
        await answerPage(page, colours("b"), next: nil)
        #expect(listHeard.drain() == 1 && rowHeard.drain() == 0)
        store.write(Colour("a", "AMBER"), for: "a")
        #expect(listHeard.drain() == 0 && rowHeard.drain() == 1 && row.item.name == "AMBER")
    }

    @Test func aPageRepeatingARowShowsItOnceReportsItAndSkipsNone() async {
        await loadFirst(colours("a", "b", "c"), next: 3)
        // Rows were added ahead of the cursor: the next page begins with the last one again.
        let second = await beginPage()
        await answerPage(second, colours("c", "d", "e", "d"), next: 6)
        #expect(list.snapshot.ids == ["a", "b", "c", "d", "e"], "no row twice")
        #expect(list.duplicates == ["c", "d"], "each copy left out is reported")
        let third = await beginPage()
        await answerPage(third, colours("f"), next: nil)
        #expect(list.snapshot.ids == ["a", "b", "c", "d", "e", "f"], "none skipped")
        #expect(list.duplicates.isEmpty)
        #expect(cursors.ids == ["first", "3", "6"], "each page at the cursor the one before named")
        #expect(list.appendState == .endReached && screen.wrapper.footer.description == "endReached")
        if case .refused = list.loadMore() {} else { Issue.record("the list has ended") }
    }

    @Test func aPageAppendedToAListARefreshReplacedIsDropped() async {
        await loadFirst(colours("a", "b"), next: 1)
        let page = await beginPage()
        list.loadContent()
        #expect(list.appendState == .idle, "the refresh stops the page in flight")
        await eventually { calls.count > page + 1 }
        calls.gate(page).open(returning: Page(colours("old-c"), next: 2))
        calls.gate(page + 1).open(returning: Page(colours("x", "y"), next: 5))
        await eventually { !list.loadingCoordinator.isLoading }
        #expect(list.snapshot.ids == ["x", "y"], "the old list's page never joins the new one")
        #expect(list.nextCursor == 5 && store.value(for: "old-c") == nil)
        let next = await beginPage()
        await answerPage(next, colours("z"), next: nil)
        #expect(list.snapshot.ids == ["x", "y", "z"] && cursors.ids.last == "5")
    }

    @Test func aFailedPageKeepsItsCursorAndTheFooterOffersRetry() async {
        await loadFirst(colours("a"), next: 1)
        let page = await beginPage()
        calls.gate(page).open(throwing: URLError(.notConnectedToInternet))
        await eventually { list.appendState != .loadingMore }
        #expect(list.appendState == .failed(URLError(.notConnectedToInternet)))
        #expect(screen.wrapper.footer.description.hasPrefix("failed"))
        #expect(list.snapshot.ids == ["a"], "the rows stay")
        let retry = await beginPage()
        await answerPage(retry, colours("b"), next: nil)
        #expect(cursors.ids == ["first", "1", "1"], "the same page again, never page one")
        #expect(list.snapshot.ids == ["a", "b"] && list.appendState == .endReached)
    }

    // MARK: - Edits while a page or a refresh is in flight

    @Test func editsMadeWhileAPageIsInFlightAreKeptWhenItLands() async {
        await loadFirst(colours("a", "b", "c"), next: 1)
        let page = await beginPage()
        let removed = list.remove("Remove a", id: "a", request: request())
        let moved = list.move("Move c", id: "c", to: 0, request: request())
        let inserted = list.insert("Add new", item: Colour("tmp", "NEW"), at: 1) { Colour("tmp", "NEW") }
        let starred = list.perform(
            "Star b", on: "b", change: { $0.starred = true }, request: { [writes] _ in try await writes.call() })
        #expect(screen.rows == "[C, NEW, B★]")
        await answerPage(page, colours("d", "e"), next: 2)
        #expect(screen.rows == "[C, NEW, B★, D, E]", "every edit stays, the page after the rows")
        await eventually { edits.count == 2 && writes.count == 1 }
        edits.gate(0).open(returning: ())
        edits.gate(1).open(returning: ())
        writes.gate(0).open(returning: nil)
        #expect(await removed.settled() == .committed(nil))
        #expect(await moved.settled() == .committed(nil))
        #expect(await starred.settled() == .committed(Colour("b", starred: true)))
        #expect(await inserted.settled() == .committed(Colour("tmp", "NEW")))
        #expect(list.snapshot.ids == ["c", "tmp", "b", "d", "e"] && screen.rows == "[C, NEW, B★, D, E]")
        #expect(calls.count == page + 1, "a paged list keeps its pages: no reload once its edits settle")
    }

    @Test func aPageKeepsAnItemWrittenSinceItsRequestBegan() async {
        await loadFirst(colours("a"), next: 1)
        let page = await beginPage()
        // Another screen shows "b" and changes it while the page that names it is in flight.
        store.write(Colour("b", "BLUE"), for: "b")
        let starred = store.perform("Star b", on: "b", change: { $0.starred = true }, request: { nil })
        #expect(await starred.settled() == .committed(Colour("b", "BLUE", starred: true)))
        await answerPage(page, colours("b", "c"), next: nil)
        #expect(screen.rows == "[A, BLUE★, C]", "the page's older copy never undoes the newer value")
        #expect(store.value(for: "b") == Colour("b", "BLUE", starred: true))
    }

    @Test func aRowRemovedWhileAPageNamingItIsInFlightDoesNotComeBack() async {
        await loadFirst(colours("a", "b", "c"), next: 2)
        let page = await beginPage()
        let removed = list.remove("Remove b", id: "b", request: request())
        #expect(list.snapshot.ids == ["a", "c"])
        // The server deleted "b" and the next page, asked for at an offset, names it again.
        await answerPage(page, colours("b", "d"), next: 4)
        #expect(list.snapshot.ids == ["a", "c", "d"], "hidden while its remove is pending")
        await eventually { edits.count == 1 }
        edits.gate(0).open(returning: ())
        #expect(await removed.settled() == .committed(nil))
        #expect(list.snapshot.ids == ["a", "c", "d"], "and gone once it committed")
    }

    @Test func aPageBegunBeforeARemoveCommittedDoesNotBringItsRowBack() async {
        await loadFirst(colours("a", "b", "c"), next: 3)
        let page = await beginPage()
        let removed = list.remove("Remove c", id: "c", request: request())
        // An edit still pending: the list does not reload when the remove commits. Its request
        // waits on gates of its own: the two requests' tasks reach their gates in either order.
        let moves = GatedCalls<Void>()
        let moved = list.move("Move a", id: "a", to: 1) { [moves] _ in try await moves.call() }
        await eventually { edits.count == 1 && moves.count == 1 }
        edits.gate(0).open(returning: ())
        #expect(await removed.settled() == .committed(nil))
        #expect(list.snapshot.ids == ["b", "a"])
        // The page was answered before the server deleted "c", which it repeats after its rows.
        await answerPage(page, colours("d", "c"), next: nil)
        #expect(list.snapshot.ids == ["b", "a", "d"], "the removed row does not come back")
        moves.gate(0).open(returning: ())
        #expect(await moved.settled() == .committed(nil))
        #expect(list.snapshot.ids == ["b", "a", "d"])
    }

    @Test func editsMadeWhileARefreshIsInFlightAreKeptWhenItLands() async {
        await loadFirst(colours("a", "b", "c"), next: 1)
        let index = calls.count
        list.loadContent()
        await eventually { calls.count > index }
        let removed = list.remove("Remove a", id: "a", request: request())
        let moved = list.move("Move c", id: "c", to: 0, request: request())
        let starred = list.perform(
            "Star b", on: "b", change: { $0.starred = true }, request: { [writes] _ in try await writes.call() })
        calls.gate(index).open(returning: Page(colours("a", "b", "c", "d"), next: 4))
        await eventually { !list.loadingCoordinator.isLoading }
        #expect(screen.rows == "[C, B★, D]", "the refresh's order, with the edits on top")
        #expect(list.nextCursor == 4)
        await eventually { edits.count == 2 && writes.count == 1 }
        edits.openAll()
        writes.openAll()
        _ = await removed.settled()
        _ = await moved.settled()
        _ = await starred.settled()
    }
}

/// A screen for a ``PagedListDataSource``: a wrapper with a recording list renderer, drawing at once.
@MainActor
final class PagedListScreen: DataSourceDelegate {
    let log = RenderLog()
    let wrapper: ContentWrapper
    let renderer: RecordingListRenderer
    let dataSource: PagedListDataSource<Colour, Int>

    init(_ dataSource: PagedListDataSource<Colour, Int>) {
        self.dataSource = dataSource
        renderer = RecordingListRenderer(log: log)
        wrapper = ContentWrapper(
            content: renderer, loading: RecordingRenderer("loading", log: log),
            empty: RecordingRenderer("empty", log: log), error: RecordingRenderer("error", log: log),
            initialScreen: .blank, policy: .immediate)
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    /// The items the list shows, as `[RED★, GREEN]`.
    var rows: String { ContentLoadingTests.rows(dataSource.items) }
}
