import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

@MainActor
@Suite struct SmokeTests {
    @Test func loadsAndDropsStale() {
        let fixture = Fixture()
        fixture.dataSource.loadContent()
        fixture.dataSource.loadContent()
        let (first, second) = (fixture.dataSource.tokens[0], fixture.dataSource.tokens[1])
        #expect(fixture.dataSource.complete(first, with: ["old"]) == false)
        #expect(fixture.dataSource.items.isEmpty)
        #expect(fixture.dataSource.complete(second, with: ["new"]))
        #expect(fixture.dataSource.items == ["new"])
        #expect(fixture.shown == .content)
        #expect(
            fixture.log.entries == [
                "empty.show(initial)", "willShow(loading)", "empty.hide", "loading.show(loading)",
                "willShow(content)", "loading.hide", "content.show(content)",
            ])
    }
}
