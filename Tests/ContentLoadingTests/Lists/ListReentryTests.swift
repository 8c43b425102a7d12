import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A list's rows when the app changes an item from inside the renderer's `apply` (found by
/// `ListModelTests`).
@MainActor
@Suite("Lists: changes from inside apply", .timeLimit(.minutes(1)), .hangLimit)
struct ListReentryTests {
    /// A list drawn by a `WritingListRenderer`, its first load answered.
    @MainActor
    struct ShownList {
        let store = ContentStore<String, Colour> { Colour($0) }
        let calls = GatedCalls<[Colour]>()
        let list: ListDataSource<Colour>
        let renderer = WritingListRenderer()
        let delegate: FixedWrapper

        init(showing rows: [Colour]) async {
            let calls = self.calls
            list = ListDataSource(store: store) { try await calls.call() }
            delegate = FixedWrapper(
                ContentWrapper(
                    content: renderer, loading: RecordingRenderer("loading", log: RenderLog()),
                    empty: RecordingRenderer("empty", log: RenderLog()),
                    error: RecordingRenderer("error", log: RenderLog()), initialScreen: .blank, policy: .immediate))
            list.delegate = delegate
            list.loadContent()
            await eventually { calls.count == 1 }
            calls.gate(0).open(returning: rows)
            await eventually { !list.loadingCoordinator.isLoading }
        }
    }

    /// A refresh lands a new value of a row; from inside the renderer's apply of that frame the
    /// app writes the item again: the row's item is the newer write, as the list draws it.
    @Test func aWriteFromInsideApplyOutlivesTheLandingsRowUpdate() async {
        let shown = await ShownList(showing: [Colour("a", "RED")])
        let store = shown.store
        let calls = shown.calls
        let list = shown.list
        let renderer = shown.renderer
        let row = list.row("a")
        list.loadContent()
        await eventually { calls.count == 2 }
        renderer.armed = { store.write(Colour("a", "BLUE"), for: "a") }
        calls.gate(1).open(returning: [Colour("a", "GREEN")])
        await eventually { !list.loadingCoordinator.isLoading }
        #expect(list.item("a") == Colour("a", "BLUE"))
        #expect(row?.item == Colour("a", "BLUE"), "the row shows what the list draws, not the landed value")
    }

    /// A row is inserted and moved while its create is pending; the create commits, and from
    /// inside the draw of the re-keyed row the app cancels the move, the last edit: the list
    /// reloads once, not a second time as the create's settling ends (found by `ListModelTests`).
    @Test func anEditCancelledFromInsideTheDrawOfTheLastButOneReloadsOnce() async {
        let creates = GatedCalls<Colour>()
        let moves = GatedCalls<Void>()
        let shown = await ShownList(showing: [Colour("a")])
        let calls = shown.calls
        let list = shown.list
        let renderer = shown.renderer
        let insert = list.insert("Add tmp-1", item: Colour("tmp-1", "NEW"), at: 1) { try await creates.call() }
        let move = list.move("Move", id: "tmp-1", to: 0) { _ in try await moves.call() }
        await eventually { creates.count == 1 }
        renderer.armed = { _ = move.cancel() }
        creates.gate(0).open(returning: Colour("c7", "NEW"))
        #expect(await insert.settled() == .committed(Colour("c7", "NEW")))
        #expect(await move.settled() == .cancelled)
        await eventually { calls.count == 2 }
        #expect(list.loadingCoordinator.isLoading)
        calls.openAll()
        await eventually { !list.loadingCoordinator.isLoading }
        #expect(calls.count == 2, "one reload once the edits settled")
        moves.openAll()
    }

    /// A row is inserted; the app stars it, and from inside the draw of the star cancels the
    /// insert: the star, waiting for a server's id that never comes, settles cancelled with it
    /// (it waited for ever; found by `ListModelTests`).
    @Test func aStarOnANewRowWhoseInsertIsCancelledFromInsideItsDrawIsCancelled() async {
        let creates = GatedCalls<Colour>()
        let shown = await ShownList(showing: [Colour("a")])
        let calls = shown.calls
        let list = shown.list
        let renderer = shown.renderer
        let insert = list.insert("Add tmp-1", item: Colour("tmp-1", "NEW"), at: 1) { try await creates.call() }
        renderer.armed = { _ = insert.cancel() }
        let star = list.perform("Star", on: "tmp-1", change: { $0.starred = true }, request: { _ in nil })
        #expect(insert.outcome == .cancelled)
        #expect(star.outcome == .cancelled, "settled with the insert, not left waiting")
        #expect(list.snapshot.ids == ["a"])
        // The edits settled: the list reloads. Its request is answered, so none is left waiting.
        await eventually { calls.count == 2 }
        creates.openAll()
        calls.openAll()
        await eventually { !list.loadingCoordinator.isLoading }
    }

    /// A row is inserted; the app removes it, and from inside the draw of the remove cancels the
    /// insert: the remove settles cancelled with it, never sent (it was sent with the temporary
    /// id; found by `ListModelTests`).
    @Test func aRemoveOfANewRowWhoseInsertIsCancelledFromInsideItsDrawIsNeverSent() async {
        let creates = GatedCalls<Colour>()
        let sent = SentIDs()
        let shown = await ShownList(showing: [Colour("a"), Colour("b")])
        let calls = shown.calls
        let list = shown.list
        let renderer = shown.renderer
        let insert = list.insert("Add tmp-1", item: Colour("tmp-1", "NEW"), at: 1) { try await creates.call() }
        renderer.armed = { _ = insert.cancel() }
        let remove = list.remove("Delete", id: "tmp-1") { id in sent.append(id) }
        #expect(insert.outcome == .cancelled)
        #expect(remove.outcome == .cancelled, "settled with the insert")
        #expect(list.snapshot.ids == ["a", "b"])
        await eventually { calls.count == 2 }
        #expect(sent.ids.isEmpty, "never sent")
        creates.openAll()
        calls.openAll()
    }
}
