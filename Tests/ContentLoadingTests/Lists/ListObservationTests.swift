import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A row's view hears its own item's changes and no other's; a list's view hears its snapshot's,
/// whatever the wrapper's presentation policy holds back.
@MainActor
@Suite("Lists are observed row by row", .timeLimit(.minutes(1)), .hangLimit)
struct ListObservationTests {
    let clock = ManualClock()
    let store: ContentStore<String, Colour>

    init() {
        store = ContentStore(staleAfter: .after(.seconds(60)), clock: clock) { Colour($0) }
    }

    func loaded(
        _ calls: GatedCalls<[Colour]>, _ colours: [Colour], policy: PresentationPolicy?
    ) async -> (ListDataSource<Colour>, FixedWrapper?) {
        let dataSource = ListDataSource(store: store) { try await calls.call() }
        var delegate: FixedWrapper?
        if let policy {
            let log = RenderLog()
            delegate = FixedWrapper(
                ContentWrapper(
                    content: RecordingRenderer("content", log: log), loading: RecordingRenderer("loading", log: log),
                    empty: RecordingRenderer("empty", log: log), error: RecordingRenderer("error", log: log),
                    policy: policy, clock: clock))
            dataSource.delegate = delegate
        }
        let index = calls.count
        dataSource.loadContent()
        await eventually { calls.count > index }
        calls.gate(index).open(returning: colours)
        await eventually { !dataSource.loadingCoordinator.isLoading }
        return (dataSource, delegate)
    }

    @Test(arguments: [PresentationPolicy?.none, .immediate, .standard])
    func aRowHearsItsOwnItemAndTheListItsSnapshot(policy: PresentationPolicy?) async {
        let calls = GatedCalls<[Colour]>()
        let (list, wrapper) = await loaded(calls, [Colour("a"), Colour("b")], policy: policy)
        let rowA = list.row("a")!
        let rowB = list.row("b")!
        let aHeard = ObservationCounter { _ = rowA.item }
        let bHeard = ObservationCounter { _ = rowB.item }
        let listHeard = ObservationCounter { _ = list.snapshot }
        store.write(Colour("a", "RED"), for: "a")
        #expect(aHeard.drain() == 1 && bHeard.drain() == 0 && listHeard.drain() == 0)
        #expect(rowA.item.name == "RED")
        store.write(Colour("a", "RED"), for: "a")  // equal: nothing to hear
        #expect(aHeard.drain() == 0)
        let index = calls.count
        list.loadContent()
        await eventually { calls.count > index }
        calls.gate(index).open(returning: [Colour("b"), Colour("a", "RED")])
        await eventually { !list.loadingCoordinator.isLoading }
        #expect(listHeard.drain() == 1 && aHeard.drain() == 0 && bHeard.drain() == 0, "moved, not changed")
        #expect(list.snapshot.ids == ["b", "a"])
        let again = calls.count
        list.loadContent()
        await eventually { calls.count > again }
        calls.gate(again).open(returning: [Colour("b"), Colour("a", "RED")])
        await eventually { !list.loadingCoordinator.isLoading }
        #expect(listHeard.drain() == 0, "the same ids in the same order: nothing to hear")
        withExtendedLifetime(wrapper) {}
    }
}
