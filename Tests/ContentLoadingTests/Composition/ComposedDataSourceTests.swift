import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A composed or segmented data source wired to a recording wrapper.
@MainActor
final class CompositionFixture: DataSourceDelegate, ContentWrapperDelegate {
    let log = RenderLog()
    let wrapper: ContentWrapper
    let dataSource: DataSource
    private(set) var refreshFailures: [TestError] = []
    private(set) var finished: [String] = []

    init(
        _ dataSource: DataSource, policy: PresentationPolicy = .immediate,
        clock: some Clock<Duration> = ContinuousClock()
    ) {
        self.dataSource = dataSource
        wrapper = ContentWrapper.recording(
            into: log, initialScreen: .placeholder(.initial), policy: policy, clock: clock)
        wrapper.delegate = self
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func contentWrapper(_ wrapper: ContentWrapper, didFailToRefreshWith error: any Error) {
        if let error = error as? TestError { refreshFailures.append(error) }
    }

    func dataSource(_ dataSource: DataSource, didFinishLoadingWith error: (any Error)?) {
        finished.append(error.map { "\($0)" } ?? "ok")
    }

    var shown: ContentState { wrapper.displayedState }
}

@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct ComposedDataSourceTests {
    let warm = ItemsDataSource()
    let cool = ItemsDataSource()
    let neutral = ItemsDataSource()

    @Test func loadingTheScreenLoadsEveryChildAndShowsOneLoadingScreenUntilAllArrive() {
        let screen = ComposedDataSource(children: [warm, cool, neutral])
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        #expect([warm, cool, neutral].map(\.tokens.count) == [1, 1, 1])
        #expect(fixture.shown == .loading)
        warm.complete(warm.tokens[0], with: ["red"])
        cool.complete(cool.tokens[0], with: ["blue"])
        #expect(fixture.shown == .loading, "sections appear together by default")
        neutral.complete(neutral.tokens[0], with: ["grey"])
        #expect(fixture.shown == .content)
        #expect(fixture.log.entries.filter { $0.hasPrefix("loading.show") }.count == 1)
        #expect(fixture.finished == ["ok"])
    }

    @Test func aFailedSectionIsReportedBesideTheOthersInsteadOfAnErrorScreen() {
        let screen = ComposedDataSource(children: [warm, cool, neutral])
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        warm.complete(warm.tokens[0], with: ["red"])
        cool.loadingCoordinator.finish(cool.tokens[0], error: TestError(2))
        neutral.complete(neutral.tokens[0], with: [])
        #expect(screen.contentState == .content)
        #expect(fixture.shown == .content)
        #expect(fixture.refreshFailures == [TestError(2)])
        #expect(cool.contentState == .error)
        #expect(neutral.contentState == .empty)
    }

    @Test func withNoContentAnywhereAFailureIsTheErrorScreen() {
        let screen = ComposedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        warm.complete(warm.tokens[0], with: [])
        cool.loadingCoordinator.finish(cool.tokens[0], error: TestError(3))
        #expect(fixture.shown == .error)
        #expect(screen.loadingCoordinator.error == nil, "the composed source's own coordinator loads nothing")
    }

    @Test func asTheyArriveShowsEachSectionWhileTheOthersLoad() {
        let screen = ComposedDataSource(children: [warm, cool], reveal: .asTheyArrive)
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        warm.complete(warm.tokens[0], with: ["red"])
        #expect(fixture.shown == .refreshing)
        cool.complete(cool.tokens[0], with: ["blue"])
        #expect(fixture.shown == .content)
    }

    @Test func aChildsStaleResponseIsDroppedAsAlways() {
        let screen = ComposedDataSource(children: [warm])
        _ = CompositionFixture(screen)
        screen.loadContent()
        screen.loadContent()
        #expect(!warm.complete(warm.tokens[0], with: ["old"]))
        #expect(warm.complete(warm.tokens[1], with: ["new"]))
        #expect(warm.items == ["new"])
    }

    @Test func removingAChildMidLoadCancelsItsLoadAndLetsTheOthersDecide() {
        let screen = ComposedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        cool.complete(cool.tokens[0], with: ["blue"])
        #expect(screen.remove(warm))
        #expect(!warm.tokens[0].isValid)
        #expect(fixture.shown == .content)
        #expect(!screen.remove(warm))
        #expect(screen.children.count == 1)
    }

    @Test func aRemovedOrReleasedChildIsFreed() {
        var child: ItemsDataSource? = ItemsDataSource()
        weak let released = child
        let screen = ComposedDataSource(children: [child!])
        screen.loadContent()
        screen.remove(child!)
        child = nil
        #expect(released == nil)
        // And the composed source itself is freed with its children: no cycle.
        var composed: ComposedDataSource? = ComposedDataSource(children: [warm])
        weak let releasedComposed = composed
        composed = nil
        #expect(releasedComposed == nil)
    }

    @Test func aChildAddedLaterCountsAsItIs() {
        let screen = ComposedDataSource(children: [warm])
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        warm.complete(warm.tokens[0], with: ["red"])
        cool.loadContent()
        screen.add(cool)
        #expect(fixture.shown == .refreshing, "the new section loads beside the content")
        cool.complete(cool.tokens[0], with: ["blue"])
        #expect(fixture.shown == .content)
        screen.add(cool)
        #expect(screen.children.count == 2, "adding a child twice does nothing")
    }

    @Test func aRetryingChildWaitsOnTheContainersWrapperClock() async {
        let clock = ManualClock()
        let child = RetryingDataSource(
            [.failure(TestError(1)), .success(["a"])], policy: RetryPolicy(maxAttempts: 2, jitter: 0))
        let screen = ComposedDataSource(children: [child])
        let fixture = CompositionFixture(screen, clock: clock)
        screen.loadContent()
        await eventually { clock.sleeperCount == 1 }
        #expect(fixture.shown == .loading)
        #expect(fixture.wrapper.retryAttempt?.number == 2, "the container's screen shows its child's retry")
        clock.advance(by: .seconds(1))
        #expect(await child.tasks[0].value)
        #expect(fixture.shown == .content)
        #expect(fixture.wrapper.retryAttempt == nil)
    }
}
