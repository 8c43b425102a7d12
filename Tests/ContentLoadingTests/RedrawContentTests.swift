import ContentLoading
import ContentLoadingTestSupport
import Testing

/// `DataSource.redrawContent(_:)`: content that changed without a load (a database
/// observation's delivery, a pushed message) is drawn at once on a settled screen, and left to
/// the load in flight otherwise.
@MainActor
@Suite("Redrawing content changed outside a load", .timeLimit(.minutes(1)), .hangLimit)
struct RedrawContentTests {
    /// A fixture whose data source shows `items` after its first load.
    func settled(on items: [String]) -> Fixture {
        let fixture = Fixture()
        fixture.dataSource.loadContent()
        fixture.dataSource.complete(fixture.dataSource.tokens[0], with: items)
        return fixture
    }

    @Test func newRowsOnTheContentScreenAreDrawnAgainWithNoLoadBetween() {
        let fixture = settled(on: ["a"])
        let drawn = fixture.log.entries.count
        let redrawn = fixture.dataSource.redrawContent { fixture.dataSource.items = ["a", "b"] }
        #expect(redrawn)
        #expect(Array(fixture.log.entries.dropFirst(drawn)).contains("content.show(content)"))
        #expect(!fixture.log.entries.dropFirst(drawn).contains { $0.contains("refreshing") || $0.hasPrefix("loading") })
        #expect(fixture.finishedLoads == ["ok"], "no load began or finished for it")
    }

    @Test func theScreenFollowsTheModelBetweenContentAndEmpty() {
        let fixture = settled(on: ["a"])
        #expect(fixture.dataSource.redrawContent { fixture.dataSource.items = [] })
        #expect(fixture.shown == .empty)
        #expect(fixture.dataSource.redrawContent { fixture.dataSource.items = ["b"] })
        #expect(fixture.shown == .content)
    }

    @Test func withALoadInFlightTheLoadSettlesOnTheModel() {
        let fixture = settled(on: ["a"])
        fixture.dataSource.loadContent()
        let redrawn = fixture.dataSource.redrawContent { fixture.dataSource.items = ["a", "b"] }
        #expect(!redrawn)
        #expect(fixture.dataSource.items == ["a", "b"], "the update ran")
        #expect(fixture.dataSource.contentState == .refreshing, "the refresh goes on")
        #expect(fixture.dataSource.tokens[1].isValid, "and is not superseded")
    }

    @Test func beforeTheFirstLoadNothingIsDrawn() {
        let fixture = Fixture()
        let redrawn = fixture.dataSource.redrawContent { fixture.dataSource.items = ["a"] }
        #expect(!redrawn)
        #expect(fixture.dataSource.contentState == .initial)
    }
}
