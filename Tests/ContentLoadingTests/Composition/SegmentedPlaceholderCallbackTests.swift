import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A placeholder callback that moves a segmented screen while the wrapper makes that
/// placeholder's screen: the screen being made is stale, so it is neither drawn nor announced,
/// and the newer one is, as for any data source. (The composition race suite found both cases.)
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct SegmentedPlaceholderCallbackTests {
    /// Logs the frames the wrapper is about to draw and its announcements, and runs `onPlaceholder`
    /// once, the next time the wrapper asks for an error screen's placeholder.
    @MainActor
    final class Screen: DataSourceDelegate, ContentWrapperDelegate {
        let wrapper = ContentWrapper.recording(into: RenderLog())
        let tabs: SegmentedDataSource
        private(set) var calls: [String] = []
        var onPlaceholder: (() -> Void)?

        init(_ tabs: SegmentedDataSource) {
            self.tabs = tabs
            wrapper.delegate = self
            tabs.delegate = self
        }

        func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

        func contentWrapper(_ wrapper: ContentWrapper, willShow screen: ContentLoading.Screen) {
            calls.append("show(\(screen.state)) while \(tabs.contentState)")
        }

        func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {
            calls.append("announce(\(announcement.kind))")
        }

        func contentWrapper(_ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder)
            -> Placeholder
        {
            let action = onPlaceholder
            onPlaceholder = nil
            action?()
            return proposed
        }
    }

    let popular = ItemsDataSource()
    let recent = ItemsDataSource()

    /// Recent failed while popular was shown; selecting it makes its error screen, whose
    /// placeholder callback retries it: the loading screen is drawn, not the stale error.
    @Test func aSelectionWhosePlaceholderReloadsTheSegmentDrawsItLoading() {
        let tabs = SegmentedDataSource(children: [popular, recent])
        let screen = Screen(tabs)
        tabs.loadContent()
        popular.complete(popular.tokens[0], with: ["a"])
        recent.loadContent()
        recent.loadingCoordinator.finish(recent.tokens[0], error: TestError(1))
        screen.onPlaceholder = { [recent] in recent.loadContent() }
        let drawn = screen.calls.count
        tabs.select(1)
        #expect(Array(screen.calls.dropFirst(drawn)) == ["show(loading) while loading", "announce(loading)"])
        #expect(screen.wrapper.displayedState == .loading)
        recent.complete(recent.tokens[1], with: ["b"])
        #expect(screen.wrapper.displayedState == .content)
    }

    /// The selected segment fails; the placeholder callback of its error screen selects the
    /// other segment, which loaded meanwhile: that segment's content is drawn, not the stale
    /// error, and no failure is announced.
    @Test func aSelectionFromInsideThePlaceholderCallbackDrawsTheNewSegment() {
        let tabs = SegmentedDataSource(children: [popular, recent])
        let screen = Screen(tabs)
        tabs.loadContent()
        recent.loadContent()
        recent.complete(recent.tokens[0], with: ["b"])
        screen.onPlaceholder = { [tabs] in tabs.select(1) }
        let drawn = screen.calls.count
        popular.loadingCoordinator.finish(popular.tokens[0], error: TestError(1))
        let calls = Array(screen.calls.dropFirst(drawn))
        #expect(calls.first == "show(content) while content", "\(calls)")
        #expect(!calls.contains { $0.hasPrefix("show(error)") || $0.hasPrefix("announce(failed") }, "\(calls)")
        #expect(tabs.selectedIndex == 1)
        #expect(screen.wrapper.displayedState == .content)
    }
}
