import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A list's rows when the app changes an item from inside the renderer's `apply` (found by
/// `ListModelTests`).
@MainActor
@Suite("Lists: changes from inside apply", .timeLimit(.minutes(1)), .hangLimit)
struct ListReentryTests {
    /// A refresh lands a new value of a row; from inside the renderer's apply of that frame the
    /// app writes the item again: the row's item is the newer write, as the list draws it.
    @Test func aWriteFromInsideApplyOutlivesTheLandingsRowUpdate() async {
        let store = ContentStore<String, Colour> { Colour($0) }
        let calls = GatedCalls<[Colour]>()
        let list = ListDataSource(store: store) { try await calls.call() }
        let renderer = WritingListRenderer()
        let wrapper = ContentWrapper(
            content: renderer, loading: RecordingRenderer("loading", log: RenderLog()),
            empty: RecordingRenderer("empty", log: RenderLog()), error: RecordingRenderer("error", log: RenderLog()),
            initialScreen: .blank, policy: .immediate)
        let delegate = FixedWrapper(wrapper)
        list.delegate = delegate
        list.loadContent()
        await eventually { calls.count == 1 }
        calls.gate(0).open(returning: [Colour("a", "RED")])
        await eventually { !list.loadingCoordinator.isLoading }
        let row = list.row("a")
        list.loadContent()
        await eventually { calls.count == 2 }
        renderer.armed = { store.write(Colour("a", "BLUE"), for: "a") }
        calls.gate(1).open(returning: [Colour("a", "GREEN")])
        await eventually { !list.loadingCoordinator.isLoading }
        #expect(list.item("a") == Colour("a", "BLUE"))
        #expect(row?.item == Colour("a", "BLUE"), "the row shows what the list draws, not the landed value")
    }
}
