import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

@MainActor
@Suite("ContentWrapper", .hangLimit)
struct ContentWrapperTests {
    @Test func drawsTheInitialPlaceholderFirst() {
        let fixture = Fixture()
        #expect(fixture.log.entries == ["empty.show(initial)"])
        #expect(fixture.wrapper.screen.placeholder?.title == Placeholder.initial.title)
    }

    @Test func canStartWithTheLoadingScreen() {
        let fixture = Fixture(initialScreen: .loading)
        #expect(fixture.log.drain() == ["loading.show(loading)"])
        fixture.dataSource.loadContent()
        #expect(fixture.log.drain().isEmpty, "already loading: nothing to redraw")
    }

    @Test func sharedRendererIsNotHiddenBetweenItsParts() {
        let log = RenderLog()
        let placeholder = RecordingRenderer("placeholder", log: log)
        let wrapper = ContentWrapper(
            content: RecordingRenderer("content", log: log), loading: RecordingRenderer("loading", log: log),
            empty: placeholder, error: placeholder, initialScreen: .placeholder(.initial), policy: .immediate)
        let dataSource = ItemsDataSource()
        let delegate = WrapperOwner(wrapper)
        dataSource.delegate = delegate
        dataSource.loadContent()
        dataSource.complete(dataSource.tokens[0], with: [])
        dataSource.loadContent()
        dataSource.loadingCoordinator.finish(dataSource.tokens[1], error: TestError())
        #expect(
            log.entries == [
                "placeholder.show(initial)", "placeholder.hide", "loading.show(loading)", "loading.hide",
                "placeholder.show(empty)", "placeholder.hide", "loading.show(loading)", "loading.hide",
                "placeholder.show(error)",
            ])
    }

    @Test func changeRequestedFromARendererIsDrawnAfterTheCurrentOne() {
        let fixture = Fixture()
        var reentered = false
        // Unowned: the fixture keeps this closure, so a strong capture would be a cycle.
        fixture.onWillShow = { [unowned fixture] screen in
            // Re-enter from inside a callback: begin a refresh the moment content is about to show.
            if screen.state == .content, !reentered {
                reentered = true
                fixture.dataSource.loadContent()
            }
        }
        fixture.dataSource.loadContent()
        fixture.log.drain()
        fixture.dataSource.complete(fixture.dataSource.tokens[0], with: ["a"])
        #expect(
            fixture.log.drain() == [
                "willShow(content)", "loading.hide", "content.show(content)",
                "willShow(refreshing)", "content.show(refreshing)",
            ])
        #expect(fixture.shown == .refreshing)
        #expect(fixture.dataSource.tokens[1].isValid)
    }
}

/// The smallest delegate: hands out one wrapper.
@MainActor
final class WrapperOwner: DataSourceDelegate {
    let wrapper: ContentWrapper
    init(_ wrapper: ContentWrapper) { self.wrapper = wrapper }
    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}
