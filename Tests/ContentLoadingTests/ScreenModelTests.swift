import ContentLoading
import ContentLoadingTestSupport
import Observation
import Testing

/// The observable screen: a wrapper draws into a `ScreenModel` for all four
/// roles, and its observers hear of each drawn change exactly once.
@MainActor
@Suite("ScreenModel", .timeLimit(.minutes(1)), .hangLimit)
struct ScreenModelTests {
    @Test func showsTheInitialScreenUntilAWrapperDraws() {
        let model = ScreenModel()
        #expect(model.state == .initial)
        #expect(model.screen.placeholder?.title == Placeholder.initial.title)
        #expect(!model.isLoading)
        #expect(model.refreshFailure == nil)

        let startingWithLoading = ScreenModel()
        let wrapper = ContentWrapper(drawingInto: startingWithLoading, initialScreen: .loading, policy: .immediate)
        #expect(startingWithLoading.state == .loading)
        #expect(!startingWithLoading.isLoading, "the loading screen is drawn, but no load is in flight")
        #expect(wrapper.displayedState == .loading)
    }

    @Test func oneNotificationPerDrawnChange() {
        let fixture = ScreenModelFixture()
        let (model, dataSource) = (fixture.model, fixture.dataSource)
        let notifications = NotificationCounter(model)

        dataSource.loadContent()
        #expect(notifications.drain() == 1)
        #expect((model.state, model.isLoading) == (.loading, true))

        dataSource.complete(fixture.lastToken, with: ["a"])
        #expect(notifications.drain() == 1)
        #expect((model.state, model.isLoading) == (.content, false))

        dataSource.loadContent()
        #expect(notifications.drain() == 1)
        #expect((model.state, model.isLoading) == (.refreshing, true))

        // The content is drawn, the load ends and the failure is noticed: one write.
        dataSource.loadingCoordinator.finish(fixture.lastToken, error: TestError(1))
        #expect(notifications.drain() == 1)
        #expect((model.state, model.isLoading) == (.content, false))
        #expect(model.refreshFailure as? TestError == TestError(1))
        #expect(fixture.refreshFailures == [TestError(1)], "the delegate still hears of it")

        dataSource.items = []
        dataSource.contentDidChange()
        #expect(notifications.drain() == 1)
        #expect(model.state == .empty)
        #expect(model.refreshFailure == nil, "the notice went with the content")

        dataSource.loadContent()
        #expect(notifications.drain() == 1)
        dataSource.loadingCoordinator.finish(fixture.lastToken, error: TestError(2))
        #expect(notifications.drain() == 1)
        guard case .error(let error, let placeholder) = model.screen else {
            Issue.record("expected the error screen, got \(model.screen)")
            return
        }
        #expect(error as? TestError == TestError(2))
        #expect(placeholder.title == "Failed", "the delegate's placeholder")
        #expect(model.state == fixture.wrapper.displayedState)
    }

    @Test func noNotificationForAChangeThatDrawsNothing() {
        let fixture = ScreenModelFixture()
        let (model, dataSource) = (fixture.model, fixture.dataSource)
        let notifications = NotificationCounter(model)

        fixture.wrapper.presentDueChanges()
        dataSource.contentDidChange()
        #expect(notifications.drain() == 0, "nothing loaded, nothing changed")

        dataSource.loadContent()
        #expect(notifications.drain() == 1)
        dataSource.loadContent()
        dataSource.loadContent()
        #expect(notifications.drain() == 0, "loads begun while one runs: still loading")

        dataSource.delegate = fixture
        fixture.wrapper.presentDueChanges()
        #expect(notifications.drain() == 0, "the same state told again")

        dataSource.complete(fixture.lastToken, with: ["a"])
        #expect(notifications.drain() == 1)
        dataSource.items = ["a", "b"]
        dataSource.contentDidChange()
        dataSource.delegate = fixture
        #expect(notifications.drain() == 0, "still content")
        #expect(model.state == .content)
    }

    @Test func noNotificationForADroppedStaleResponse() {
        let fixture = ScreenModelFixture()
        let (model, dataSource) = (fixture.model, fixture.dataSource)
        dataSource.loadContent()
        dataSource.loadContent()
        let notifications = NotificationCounter(model)

        #expect(!dataSource.complete(dataSource.tokens[0], with: ["stale"]))
        #expect(!dataSource.loadingCoordinator.finish(dataSource.tokens[0], error: TestError(9)))
        #expect(notifications.drain() == 0)
        #expect((model.state, model.isLoading) == (.loading, true))

        #expect(dataSource.complete(dataSource.tokens[1], with: ["fresh"]))
        #expect(notifications.drain() == 1)
        #expect(model.state == .content)
    }

    @Test func asyncStaleResponseNotifiesNobody() async {
        let model = ScreenModel()
        let wrapper = ContentWrapper(drawingInto: model, policy: .immediate)
        let dataSource = GatedDataSource()
        let owner = WrapperOwner(wrapper)
        dataSource.delegate = owner
        dataSource.loadContent()
        dataSource.loadContent()
        let notifications = NotificationCounter(model)

        dataSource.gates[0].open(returning: ["stale"])
        let accepted = await dataSource.tasks[0].boundedValue()
        #expect(accepted == false)
        #expect(notifications.drain() == 0)
        #expect(dataSource.items.isEmpty)

        dataSource.gates[1].open(returning: ["fresh"])
        #expect(await dataSource.tasks[1].boundedValue() == true)
        #expect(notifications.drain() == 1)
        #expect((model.state, model.isLoading) == (.content, false))
    }

    @Test func followsThePresentationPolicy() {
        let clock = ManualClock()
        let fixture = ScreenModelFixture(policy: .standard, clock: clock)
        let (model, dataSource, wrapper) = (fixture.model, fixture.dataSource, fixture.wrapper!)
        let notifications = NotificationCounter(model)

        // A slow first load: in flight at once, its loading screen after the delay, the result
        // after the loading screen's minimum.
        dataSource.loadContent()
        #expect(notifications.drain() == 1)
        #expect((model.state, model.isLoading) == (.initial, true))

        clock.advance(by: .milliseconds(500))
        wrapper.presentDueChanges()
        #expect(notifications.drain() == 1)
        #expect((model.state, model.isLoading) == (.loading, true))

        clock.advance(by: .milliseconds(100))
        dataSource.complete(fixture.lastToken, with: ["a"])
        #expect(notifications.drain() == 1)
        #expect((model.state, model.isLoading) == (.loading, false), "the result waits out the minimum")

        clock.advance(by: .milliseconds(399))
        wrapper.presentDueChanges()
        #expect(notifications.drain() == 0)
        clock.advance(by: .milliseconds(1))
        wrapper.presentDueChanges()
        #expect(notifications.drain() == 1)
        #expect((model.state, model.isLoading) == (.content, false))

        // A fast reload that drops the content: no loading screen at all.
        dataSource.keepingContent = false
        dataSource.loadContent()
        #expect(notifications.drain() == 1)
        #expect((model.state, model.isLoading) == (.content, true))
        clock.advance(by: .milliseconds(100))
        dataSource.complete(fixture.lastToken, with: ["b"])
        #expect(notifications.drain() == 1, "the content is drawn again, and the load ended")
        #expect((model.state, model.isLoading) == (.content, false))
        #expect(!wrapper.isPresentationPending)
    }

    @Test func refreshFailureClearsWhenALoadBegins() {
        let fixture = ScreenModelFixture()
        let (model, dataSource) = (fixture.model, fixture.dataSource)
        dataSource.loadContent()
        dataSource.complete(fixture.lastToken, with: ["a"])
        dataSource.loadContent()
        dataSource.loadingCoordinator.finish(fixture.lastToken, error: TestError(1))
        #expect(model.refreshFailure != nil)

        // A new attempt makes the notice out of date; cancelling it does not bring it back.
        dataSource.loadContent()
        #expect(model.refreshFailure == nil)
        #expect((model.state, model.isLoading) == (.refreshing, true))
        dataSource.loadingCoordinator.cancel()
        #expect((model.state, model.isLoading) == (.content, false))
        #expect(model.refreshFailure == nil)

        // A second failure is noticed again; a success after it leaves no notice.
        dataSource.loadContent()
        dataSource.loadingCoordinator.finish(fixture.lastToken, error: TestError(2))
        #expect(model.refreshFailure as? TestError == TestError(2))
        dataSource.loadContent()
        dataSource.complete(fixture.lastToken, with: ["b"])
        #expect(model.refreshFailure == nil)
        #expect(fixture.refreshFailures == [TestError(1), TestError(2)])
    }

    @Test func refreshFailureHeldBehindTheLoadingMinimumArrivesWithTheContent() {
        let clock = ManualClock()
        let fixture = ScreenModelFixture(policy: .standard, clock: clock)
        let (model, dataSource, wrapper) = (fixture.model, fixture.dataSource, fixture.wrapper!)
        dataSource.loadContent()
        dataSource.complete(fixture.lastToken, with: ["a"])
        // A reload that drops the content shows the loading screen, and is cancelled at once.
        dataSource.keepingContent = false
        dataSource.loadContent()
        clock.advance(by: .milliseconds(500))
        wrapper.presentDueChanges()
        #expect(model.state == .loading)
        let notifications = NotificationCounter(model)
        dataSource.loadingCoordinator.cancel()
        #expect(notifications.drain() == 1)
        #expect((model.state, model.isLoading) == (.loading, false), "the loading screen stays its minimum")

        // A refresh begins and fails, both while the loading screen waits out its minimum.
        dataSource.keepingContent = true
        dataSource.loadContent()
        #expect(notifications.drain() == 1)
        #expect((model.state, model.isLoading) == (.loading, true))
        dataSource.loadingCoordinator.finish(fixture.lastToken, error: TestError(3))
        #expect(notifications.drain() == 1)
        #expect((model.state, model.isLoading) == (.loading, false))
        #expect(model.refreshFailure == nil, "not before its content is drawn")

        clock.advance(by: .milliseconds(500))
        wrapper.presentDueChanges()
        #expect(notifications.drain() == 1, "the content and its notice, together")
        #expect(model.state == .content)
        #expect(model.refreshFailure as? TestError == TestError(3))
        #expect(fixture.refreshFailures == [TestError(3)])
    }

    @Test func anObserverThatBeginsALoadSeesBothChangesInOrder() {
        let fixture = ScreenModelFixture()
        let (model, dataSource) = (fixture.model, fixture.dataSource)
        dataSource.loadContent()
        let notifications = NotificationCounter(model)
        withObservationTracking {
            _ = model.screen
        } onChange: {
            MainActor.assumeIsolated {
                // Inside the write that draws the content: begin a refresh.
                dataSource.loadContent()
            }
        }
        dataSource.complete(fixture.lastToken, with: ["a"])
        #expect(dataSource.tokens.count == 2, "the observer began a load")
        #expect(notifications.drain() == 2, "the content, then the refresh, each once")
        #expect((model.state, model.isLoading) == (.refreshing, true))
        #expect(model.state == fixture.wrapper.displayedState)
        #expect(fixture.lastToken.isValid)
    }

    @Test func doesNotKeepItsWrapperAlive() {
        let model = ScreenModel()
        weak var released: ContentWrapper?
        do {
            let wrapper = ContentWrapper(drawingInto: model, policy: .immediate)
            released = wrapper
            #expect(released != nil)
        }
        #expect(released == nil)
        #expect(model.state == .initial, "the model keeps what was drawn last")
    }
}
