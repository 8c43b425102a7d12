import ContentLoading
import ContentLoadingTestSupport
import Testing

/// The rows of a data source of the app's own, kept by `SharedItemRows`: landed through the
/// store's check, bound to their keys, and handed to a list renderer as differences.
@MainActor
@Suite("Shared item rows", .timeLimit(.minutes(1)), .hangLimit)
struct SharedItemRowsTests {
    /// A data source whose rows are shared items: what an integration's list does.
    final class RowsDataSource: DataSource {
        let rows: SharedItemRows<Colour>

        init(store: ContentStore<String, Colour>) {
            rows = SharedItemRows(store: store)
            super.init()
            rows.owner = self
        }

        override var hasContent: Bool { !rows.snapshot.isEmpty }
    }

    /// A screen drawing `dataSource` with a recording list renderer.
    final class Screen: DataSourceDelegate {
        let log = RenderLog()
        let renderer: RecordingListRenderer
        let wrapper: ContentWrapper

        init(_ dataSource: DataSource) {
            renderer = RecordingListRenderer(log: log)
            wrapper = ContentWrapper(
                content: renderer, loading: RecordingRenderer("loading", log: log),
                empty: RecordingRenderer("empty", log: log), error: RecordingRenderer("error", log: log),
                initialScreen: .blank, policy: .immediate)
            dataSource.delegate = self
        }

        func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
    }

    let store = ContentStore<String, Colour> { id in Colour(id) }

    @Test func showingAndAppendingHandTheRendererTheirDifferences() {
        let dataSource = RowsDataSource(store: store)
        let screen = Screen(dataSource)
        #expect(dataSource.rows.show([Colour("a"), Colour("b"), Colour("a")], landingSince: nil))
        #expect(dataSource.rows.append([Colour("c")], landingSince: nil))
        #expect(!dataSource.rows.show([Colour("a"), Colour("b"), Colour("c")], landingSince: nil), "equal: nothing")
        #expect(dataSource.rows.show([Colour("a", "AMBER"), Colour("c")], landingSince: nil))
        #expect(screen.renderer.differences == ["+a +b", "+c", "-b ~a"])
        #expect(dataSource.rows.items.map(\.description) == ["AMBER", "C"])
    }

    @Test func anItemChangedSinceTheMarkKeepsItsNewerValue() {
        let dataSource = RowsDataSource(store: store)
        let screen = Screen(dataSource)
        dataSource.rows.show([Colour("a"), Colour("b")], landingSince: nil)
        let mark = dataSource.rows.openMark()
        store.write(Colour("a", starred: true), for: "a")  // a detail's write, after the request began
        #expect(screen.renderer.differences.last == "~a", "drawn at once, as an update of its row")
        dataSource.rows.show([Colour("a"), Colour("b", "BLUE")], landingSince: mark)
        dataSource.rows.closeMark()
        #expect(dataSource.rows.item("a")?.starred == true, "the answer read before it did not undo it")
        #expect(dataSource.rows.item("b")?.name == "BLUE")
        #expect(screen.renderer.differences.last == "~b")
    }

    @Test func aRollbackOnAShownItemIsDrawnAndKept() async {
        let dataSource = RowsDataSource(store: store)
        let screen = Screen(dataSource)
        var heard: [String] = []
        dataSource.rows.onStoreChange = { heard.append($0) }
        dataSource.rows.show([Colour("a")], landingSince: nil)
        let write = store.perform(
            "Star", on: "a", change: { $0.starred = true }, request: { throw TestError(1) })
        _ = await write.settled()
        #expect(screen.renderer.differences == ["+a", "~a", "~a"], "the star, then its rollback")
        #expect(dataSource.rows.item("a")?.starred == false)
        #expect(dataSource.rows.writeFailure != nil)
        #expect(heard.count >= 2, "the store's changes of the shown item are heard")
    }
}
