import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A detail screen opened on a row created under a temporary id, before the server created it:
/// it shows the list's item, is bound to the server's id in the turn the create commits (never a
/// frame of nothing or of an older value between), and its writes go to the server's id. A failed
/// create leaves it empty, with the create's failure beside it.
@MainActor
@Suite("A detail on a temporary id", .timeLimit(.minutes(1)), .hangLimit)
struct ListDetailServerIDTests {
    let clock = ManualClock()
    let calls = GatedCalls<[Colour]>()
    let creates = GatedCalls<Colour>()
    let writes = GatedCalls<Colour?>()
    let sent = SentIDs()
    let fetched = SentIDs()
    let store: ContentStore<String, Colour>
    let screen: ListScreen

    init() {
        // Always stale: a detail's load would fetch its key, were it the server's to fetch.
        store = ContentStore(clock: clock) { [fetched] id in
            fetched.append(id)
            return Colour(id, "FETCHED")
        }
        screen = ListScreen(ListDataSource(store: store) { [calls] in try await calls.call() })
    }

    var list: ListDataSource<Colour> { screen.dataSource }

    /// Shows `colours` in the list, and inserts a new colour under `tmp-1` at the end, whose
    /// create waits on a gate; returns the insert.
    func showAndInsert(_ colours: [Colour]) async -> ListEdit<Colour> {
        list.loadContent()
        await eventually { calls.count == 1 }
        calls.gate(0).open(returning: colours)
        await eventually { !list.loadingCoordinator.isLoading }
        let edit = list.insert("Add tmp-1", item: Colour("tmp-1", "NEW"), at: colours.count) { [creates] in
            try await creates.call()
        }
        await eventually { creates.count == 1 }
        return edit
    }

    /// Opens the detail of `id`, and loads it unless told not to.
    func openDetail(_ id: String, loading: Bool = true) -> StoreScreen<Colour> {
        // Each frame as `"content c7 NEW★"`: the state, the key, the value.
        let detail = StoreScreen(StoreDataSource(store: store, key: id), describing: { "\($0.id) \($0)" })
        if loading { detail.dataSource.loadContent() }
        return detail
    }

    /// Ends the list's reload once the edits settled, so that no call is left waiting.
    func endReload() async {
        await eventually { calls.count > 1 }
        calls.openAll()
    }

    @Test func aDetailOpenedBeforeTheServerAnswersShowsTheItemThenTheSameItemUnderTheServersID() async {
        let insert = await showAndInsert([Colour("a")])
        let detail = openDetail("tmp-1")
        #expect(detail.distinctFrames == ["content tmp-1 NEW"], "the list's item, at once")
        #expect(fetched.ids.isEmpty, "a temporary id is not the server's to fetch")
        creates.gate(0).open(returning: Colour("c7", "NEW"))
        #expect(await insert.settled() == .committed(Colour("c7", "NEW")))
        #expect(detail.dataSource.key == "c7" && detail.dataSource.value == Colour("c7", "NEW"))
        #expect(
            detail.distinctFrames == ["content tmp-1 NEW", "content c7 NEW"], "then the same item, the server's id")
        #expect(detail.drawn.allSatisfy { $0.hasPrefix("content.") }, "never an empty, loading or error screen")
        #expect(store.boundCount(for: "tmp-1") == 0 && store.boundCount(for: "c7") == 2, "the row and the detail")
        #expect(store.value(for: "tmp-1") == nil)
        store.write(Colour("c7", "RENAMED"), for: "c7")
        #expect(detail.frames.last == "content c7 RENAMED", "the detail hears the server's id")
        await endReload()
    }

    @Test func aWriteOnTheDetailWhileTheCreateIsPendingLandsOnTheServersID() async {
        let insert = await showAndInsert([Colour("a")])
        let detail = openDetail("tmp-1")
        let star = store.perform("Star", on: detail.dataSource.key) {
            $0.starred = true
        } keyedRequest: { [sent, writes] id in
            sent.append(id)
            return try await writes.call()
        }
        #expect(detail.frames.last == "content tmp-1 NEW★" && screen.rows == "[A, NEW★]", "shown at once, on both")
        #expect(star.isPending && sent.ids.isEmpty, "nothing is sent under a temporary id")
        creates.gate(0).open(returning: Colour("c7", "NEW"))
        _ = await insert.settled()
        #expect(
            detail.frames.suffix(2) == ["content tmp-1 NEW★", "content c7 NEW★"], "the star on it as it is re-keyed")
        #expect(
            detail.frames.allSatisfy { !$0.hasSuffix(" NEW") || $0 == "content tmp-1 NEW" }, "never the older value")
        #expect(store.value(for: "c7") == Colour("c7", "NEW", starred: true))
        await eventually { writes.count == 1 }
        #expect(sent.ids == ["c7"], "sent with the server's id")
        writes.gate(0).open(returning: nil)
        #expect(await star.settled() == .committed(Colour("c7", "NEW", starred: true)))
        // Committed on the server's id; the key then revalidates, as after any write.
        #expect(!store.hasPendingWrites("c7") && !store.hasPendingWrites("tmp-1"))
        await endReload()
    }

    @Test func aWriteWaitingForTheServersIDIsCancelledAndNeverPerformed() async {
        let insert = await showAndInsert([])
        let star = store.perform("Star", on: "tmp-1") {
            $0.starred = true
        } request: { [writes] in
            try await writes.call()
        }
        #expect(star.cancel() && star.outcome == .cancelled, "cancelled while it waits")
        #expect(!star.cancel(), "a settled write cancels nothing")
        creates.gate(0).open(returning: Colour("c7", "NEW"))
        _ = await insert.settled()
        #expect(store.value(for: "c7")?.starred == false, "the server's item, never starred")
        #expect(writes.count == 0 && !store.hasPendingWrites("c7"), "never sent")
        await endReload()
    }

    @Test func aWriteWaitingForTheServersIDIsCancelledOnceItIsPerformed() async {
        let insert = await showAndInsert([])
        let star = store.perform("Star", on: "tmp-1") {
            $0.starred = true
        } request: { [writes] in
            try await writes.call()
        }
        creates.gate(0).open(returning: Colour("c7", "NEW"))
        _ = await insert.settled()
        #expect(store.value(for: "c7")?.starred == true)
        #expect(star.cancel(), "performed on the server's id: cancelled there")
        #expect(await star.settled() == .cancelled)
        #expect(store.value(for: "c7")?.starred == false, "its change is gone")
        writes.openAll()  // a request that began before the cancel is answered, and ignored
        await endReload()
    }

    @Test func aWriteOnTheTemporaryIDAfterTheCreateGoesToTheServersID() async {
        let insert = await showAndInsert([])
        creates.gate(0).open(returning: Colour("c7", "NEW"))
        _ = await insert.settled()
        let later = openDetail("tmp-1", loading: false)
        #expect(
            later.dataSource.key == "c7" && later.frames == ["content c7 NEW"], "a detail made later: the server's id")
        let star = store.perform("Star", on: "tmp-1") {
            $0.starred = true
        } request: { [writes] in
            try await writes.call()
        }
        #expect(later.frames.last == "content c7 NEW★" && store.value(for: "tmp-1") == nil)
        await eventually { writes.count == 1 }
        writes.gate(0).open(returning: nil)
        #expect(await star.settled() == .committed(Colour("c7", "NEW", starred: true)))
        await endReload()
    }

    @Test func aFailedCreateLeavesTheDetailEmptyWithTheFailureBesideIt() async {
        let insert = await showAndInsert([Colour("a")])
        let detail = openDetail("tmp-1")
        let star = store.perform("Star", on: "tmp-1") {
            $0.starred = true
        } request: { [writes] in
            try await writes.call()
        }
        creates.gate(0).open(throwing: TestError(1))
        #expect(await insert.settled() == .failed(TestError(1)))
        #expect(detail.shown == .empty && detail.dataSource.value == nil, "the item was never created")
        #expect(detail.dataSource.writeFailure?.writeDescription == "Add tmp-1")
        #expect(await star.settled() == .failed(TestError(1)) && writes.count == 0, "the star was never sent")
        #expect(store.value(for: "tmp-1") == nil && screen.rows == "[A]")
        #expect(fetched.ids.isEmpty)
        await endReload()
    }
}
