import ContentLoading
import ContentLoadingTestSupport
import Testing

/// What a segmented data source tells its delegate: the selected child's loads, as a plain data
/// source tells its own, and each failure beside content once.
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct SegmentedDelegateTests {
    /// Records the container's delegate calls and the wrapper's, in one order.
    @MainActor
    final class Recorder: DataSourceDelegate, ContentWrapperDelegate {
        let wrapper = ContentWrapper.recording(into: RenderLog())
        /// Held, since its children hold it weakly and its delegate does not hold it.
        let dataSource: DataSource
        private(set) var calls: [String] = []
        /// Runs once, the next time the wrapper is about to draw a screen.
        var onWillShow: (() -> Void)?

        init(_ dataSource: DataSource) {
            self.dataSource = dataSource
            wrapper.delegate = self
            dataSource.delegate = self
        }

        /// The calls since the last drain.
        func drain() -> [String] {
            defer { calls.removeAll() }
            return calls
        }

        func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

        func dataSourceWillBeginLoading(_ dataSource: DataSource) {
            calls.append("willBegin")
        }

        func dataSource(_ dataSource: DataSource, didFinishLoadingWith error: (any Error)?) {
            calls.append("finished(\(error.map { "\($0)" } ?? "ok"))")
        }

        func contentWrapper(_ wrapper: ContentWrapper, willShow screen: Screen) {
            calls.append("show(\(screen.state))")
            let action = onWillShow
            onWillShow = nil
            action?()
        }

        func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error) {
            calls.append("refreshFailed(\(error))")
        }
    }

    let popular = ItemsDataSource()
    let recent = ItemsDataSource()

    /// Popular selected and showing `["a"]`, recent never loaded; the calls so far drained.
    private func tabsWithContent() -> (SegmentedDataSource, Recorder) {
        let tabs = SegmentedDataSource(children: [popular, recent])
        let recorder = Recorder(tabs)
        tabs.loadContent()
        popular.complete(popular.tokens[0], with: ["a"])
        _ = recorder.drain()
        return (tabs, recorder)
    }

    @Test func aFirstLoadIsReportedBegunThenFinished() {
        let tabs = SegmentedDataSource(children: [popular, recent])
        let recorder = Recorder(tabs)
        tabs.loadContent()
        #expect(recorder.drain() == ["willBegin", "show(loading)"])
        popular.complete(popular.tokens[0], with: ["a"])
        #expect(recorder.drain() == ["show(content)", "finished(ok)"])
        tabs.select(1)
        #expect(recorder.drain() == ["show(loading)", "willBegin"], "a first selection loads the segment")
        recent.loadingCoordinator.finish(recent.tokens[0], error: TestError(1))
        #expect(recorder.drain() == ["show(error)", "finished(TestError(1))"])
    }

    /// A callback finishes the selected segment's load while the selection draws it loading:
    /// the selection's reports come first, so the delegate hears that load begun, then finished
    /// (it used to hear it finished, then begun: a spinner that never stopped).
    @Test func aLoadFinishedWhileItsSelectionIsDrawnIsReportedBegunThenFinished() {
        let (tabs, recorder) = tabsWithContent()
        recent.loadContent()
        recorder.onWillShow = { [recent] in recent.complete(recent.tokens[0], with: ["b"]) }
        tabs.select(1)
        #expect(recorder.drain() == ["show(loading)", "willBegin", "show(content)", "finished(ok)"])
    }

    @Test func aRefreshOfTheSelectedChildIsReportedWhetherItSucceedsOrFails() {
        let (_, recorder) = tabsWithContent()
        popular.loadContent()
        #expect(recorder.drain() == ["willBegin", "show(refreshing)"])
        popular.complete(popular.tokens[1], with: ["b"])
        #expect(recorder.drain() == ["show(content)", "finished(ok)"])
        popular.loadContent()
        popular.loadingCoordinator.finish(popular.tokens[2], error: TestError(2))
        #expect(
            recorder.drain() == [
                "willBegin", "show(refreshing)", "show(content)", "refreshFailed(TestError(2))",
                "finished(TestError(2))",
            ])
        #expect(popular.items == ["b"])
    }

    @Test func aCancelledLoadEndsUnreportedAsAPlainDataSourcesDoes() {
        let (_, recorder) = tabsWithContent()
        popular.loadContent()
        popular.loadingCoordinator.cancel()
        #expect(recorder.drain() == ["willBegin", "show(refreshing)", "show(content)"])
    }

    @Test func aDeselectedChildsLoadsReportNothing() {
        let (tabs, recorder) = tabsWithContent()
        tabs.select(1)
        recent.complete(recent.tokens[0], with: ["r"])
        tabs.select(0)
        _ = recorder.drain()
        recent.loadContent()
        recent.complete(recent.tokens[1], with: ["s"])
        recent.loadContent()
        recent.loadingCoordinator.finish(recent.tokens[2], error: TestError(3))
        #expect(recorder.drain() == [])
    }

    @Test func switchingAwayFromALoadingSegmentEndsItsLoadWithNoError() {
        let (tabs, recorder) = tabsWithContent()
        tabs.select(1)
        recent.complete(recent.tokens[0], with: ["r"])
        tabs.select(0)
        _ = recorder.drain()
        popular.loadContent()
        #expect(recorder.drain() == ["willBegin", "show(refreshing)"])
        tabs.select(1)
        #expect(recorder.drain() == ["show(content)", "finished(ok)"], "the pull-to-refresh spinner ends")
        popular.loadingCoordinator.finish(popular.tokens[1], error: TestError(4))
        #expect(recorder.drain() == [], "the abandoned load's outcome is not reported")
    }

    @Test func switchingToALoadingSegmentReportsItsLoadBegunThenFinished() {
        let (tabs, recorder) = tabsWithContent()
        tabs.select(1)
        recent.complete(recent.tokens[0], with: ["r"])
        tabs.select(0)
        recent.loadContent()
        _ = recorder.drain()
        tabs.select(1)
        #expect(recorder.drain() == ["show(refreshing)", "willBegin"])
        recent.complete(recent.tokens[1], with: ["s"])
        #expect(recorder.drain() == ["show(content)", "finished(ok)"])
    }

    @Test func switchingBetweenTwoLoadingSegmentsEndsOneAndBeginsTheOther() {
        let (tabs, recorder) = tabsWithContent()
        popular.loadContent()
        _ = recorder.drain()
        tabs.select(1)
        #expect(recorder.drain() == ["show(loading)", "finished(ok)", "willBegin"])
        tabs.select(0)
        #expect(recorder.drain() == ["show(refreshing)", "finished(ok)", "willBegin"])
        popular.complete(popular.tokens[1], with: ["b"])
        #expect(recorder.drain() == ["show(content)", "finished(ok)"])
    }

    @Test func aFailedRefreshIsReportedOnceAndNotAgainOnReselection() {
        let (tabs, recorder) = tabsWithContent()
        popular.loadContent()
        popular.loadingCoordinator.finish(popular.tokens[1], error: TestError(5))
        #expect(recorder.drain().filter { $0.hasPrefix("refreshFailed") } == ["refreshFailed(TestError(5))"])
        tabs.select(1)
        recent.complete(recent.tokens[0], with: ["r"])
        _ = recorder.drain()
        tabs.select(0)
        #expect(recorder.drain() == ["show(content)"], "the content is drawn again, without the failure")
        tabs.select(1)
        tabs.select(0)
        #expect(!recorder.drain().contains { $0.hasPrefix("refreshFailed") })
        popular.loadContent()
        popular.loadingCoordinator.finish(popular.tokens[2], error: TestError(6))
        #expect(recorder.drain().filter { $0.hasPrefix("refreshFailed") } == ["refreshFailed(TestError(6))"])
    }

    @Test func aRefreshThatFailedWhileDeselectedIsReportedOnceWhenItsContentShows() {
        let (tabs, recorder) = tabsWithContent()
        popular.loadContent()
        tabs.select(1)
        popular.loadingCoordinator.finish(popular.tokens[1], error: TestError(7))
        _ = recorder.drain()
        tabs.select(0)
        #expect(recorder.drain() == ["show(content)", "refreshFailed(TestError(7))", "finished(ok)"])
        tabs.select(1)
        tabs.select(0)
        #expect(!recorder.drain().contains { $0.hasPrefix("refreshFailed") })
    }
}
