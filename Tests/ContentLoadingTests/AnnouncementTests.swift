import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// What the wrapper announces through its delegate, and when: once per change a user
/// perceives, the loading screen only when it was really drawn.
@MainActor
@Suite("Announcements", .timeLimit(.minutes(1)), .hangLimit)
struct AnnouncementTests {
    let clock = ManualClock()

    /// A fixture under the standard policy (500 ms delay, 500 ms minimum) and the manual clock.
    func timed() -> Fixture {
        Fixture(policy: .standard, clock: clock)
    }

    /// Moves the clock to `milliseconds` after the wrapper was made and draws what is due.
    func advance(_ fixture: Fixture, to milliseconds: Int) {
        clock.advance(by: .milliseconds(milliseconds) - clock.now.offset)
        fixture.wrapper.presentDueChanges()
    }

    /// Begins a load on `fixture` and returns its token.
    func begin(_ fixture: Fixture, keepingContent: Bool = true) -> LoadingState {
        fixture.dataSource.keepingContent = keepingContent
        fixture.dataSource.loadContent()
        return fixture.dataSource.tokens.last!
    }

    // MARK: - The loading screen

    @Test func aLoadSettledWithinTheDelayAnnouncesOnlyItsResult() {
        let fixture = timed()
        let token = begin(fixture)
        advance(fixture, to: 499)
        fixture.dataSource.complete(token, with: ["a", "b"])
        advance(fixture, to: 2000)
        #expect(fixture.announced == ["loaded(2)"], "never the loading screen it did not show")
        #expect(fixture.announcements.map(\.text) == ["Loaded, 2 items"])
    }

    @Test func aLoadSettledAtTheDelayBeforeTheSpinnerWasDrawnAnnouncesOnlyItsResult() {
        let fixture = timed()
        let token = begin(fixture)
        clock.advance(by: .milliseconds(500))  // due, but not drawn
        fixture.dataSource.complete(token, with: [])
        advance(fixture, to: 2000)
        #expect(fixture.announced == ["empty"])
    }

    @Test func theLoadingScreenIsAnnouncedWhenItIsDrawnAndItsResultWhenThatIs() {
        let fixture = timed()
        let token = begin(fixture)
        advance(fixture, to: 499)
        #expect(fixture.announced.isEmpty)
        advance(fixture, to: 500)
        #expect(fixture.announced == ["loading"])
        advance(fixture, to: 600)
        fixture.dataSource.complete(token, with: ["a"])
        #expect(fixture.announced == ["loading"], "the result waits out the minimum, unannounced")
        advance(fixture, to: 1000)
        #expect(fixture.announced == ["loading", "loaded(1)"])
        #expect(fixture.announcements.map(\.text) == ["Loading", "Loaded, 1 item"])
    }

    // MARK: - One announcement per perceived change

    @Test func eachPerceivedChangeIsAnnouncedOnce() {
        let fixture = Fixture()  // immediate policy: every state is drawn
        fixture.dataSource.complete(begin(fixture), with: ["a"])
        #expect(fixture.announced == ["loading", "loaded(1)"])
        fixture.dataSource.complete(begin(fixture), with: ["a", "b"])
        #expect(fixture.announced.suffix(1) == ["loaded(2)"], "new rows after a refresh; not its indicator")
        _ = begin(fixture)
        fixture.dataSource.loadingCoordinator.cancel()
        #expect(fixture.announced.count == 3, "a cancelled refresh brings nothing new")
        fixture.dataSource.items = []
        fixture.dataSource.loadingCoordinator.contentDidChange()
        fixture.wrapper.presentDueChanges()
        #expect(fixture.announced == ["loading", "loaded(1)", "loaded(2)", "empty"])
    }

    @Test func theScreenBackAfterTheLoadingScreenIsAnnouncedAgain() {
        let fixture = Fixture()
        fixture.dataSource.complete(begin(fixture), with: ["a"])
        _ = begin(fixture, keepingContent: false)
        fixture.dataSource.loadingCoordinator.cancel()
        #expect(fixture.shown == .content)
        #expect(fixture.announced == ["loading", "loaded(1)", "loading", "loaded(1)"], "the user heard loading")
    }

    @Test func aSecondDifferentErrorIsAnnouncedAndARestoredOneIsNot() {
        let fixture = timed()
        fixture.dataSource.loadingCoordinator.finish(begin(fixture), error: TestError(1))
        advance(fixture, to: 100)
        let retry = begin(fixture)  // within the delay: the error stays on screen
        advance(fixture, to: 300)
        fixture.dataSource.loadingCoordinator.finish(retry, error: TestError(2))
        _ = begin(fixture)
        fixture.dataSource.loadingCoordinator.cancel()  // the second error is restored
        advance(fixture, to: 2000)
        let errors = fixture.announcements.compactMap { announcement -> TestError? in
            guard case .failed(let error, _) = announcement.kind else { return nil }
            return error as? TestError
        }
        #expect(errors == [TestError(1), TestError(2)])
        #expect(fixture.announcements.map(\.text) == ["Failed", "Failed"], "the placeholder's title")
    }

    @Test func aRefreshFailureIsAnnouncedOnceInsteadOfItsContent() {
        let fixture = Fixture()
        fixture.dataSource.complete(begin(fixture), with: ["a"])
        fixture.dataSource.loadingCoordinator.finish(begin(fixture), error: TestError(4))
        #expect(fixture.announced == ["loading", "loaded(1)", "refreshFailed(TestError(4))"])
        #expect(fixture.announcements.last?.text == "Couldn't refresh")
        fixture.wrapper.presentDueChanges()
        _ = begin(fixture)
        fixture.dataSource.loadingCoordinator.cancel()
        #expect(fixture.announced.count == 3, "reported once, and the content back is not news")
    }

    @Test func aRefreshFailureHeldBehindTheLoadingScreenIsAnnouncedWhenItsContentShows() {
        let fixture = timed()
        let first = begin(fixture)
        advance(fixture, to: 500)
        fixture.dataSource.complete(first, with: ["a"])  // held until 1000
        fixture.dataSource.loadingCoordinator.finish(begin(fixture), error: TestError(5))
        #expect(fixture.announced == ["loading"])
        advance(fixture, to: 1000)
        #expect(fixture.announced == ["loading", "refreshFailed(TestError(5))"], "not loaded: the refresh failed")
    }

    // MARK: - Wording

    @Test func emptyAndFailedSayThePlaceholdersTitle() {
        let fixture = Fixture()
        fixture.dataSource.complete(begin(fixture), with: [])
        fixture.dataSource.loadingCoordinator.finish(begin(fixture), error: TestError(6))
        #expect(fixture.announced == ["loading", "empty", "loading", "failed(TestError(6))"])
        #expect(fixture.announcements.map(\.text) == ["Loading", "Nothing to show", "Loading", "Failed"])
        guard case .failed(_, let placeholder) = fixture.announcements.last?.kind else {
            Issue.record("expected a failure, got \(fixture.announced)")
            return
        }
        #expect(placeholder.message == "TestError(6)", "the placeholder drawn")
    }

    @Test func theCountComesFromTheDelegate() {
        let fixture = Fixture()
        fixture.countsItems = false
        fixture.dataSource.complete(begin(fixture), with: ["a"])
        #expect(fixture.announcements.last?.text == "Loaded")
        fixture.countsItems = true
        fixture.dataSource.complete(begin(fixture), with: ["b"])
        #expect(fixture.announcements.last?.text == "Loaded, 1 item")
    }

    @Test func theDefaultTextIsEnglishAndReplaceable() {
        let placeholder = Placeholder(title: "No colours")
        let kinds: [Announcement.Kind] = [
            .loading, .loaded(count: nil), .loaded(count: 1), .loaded(count: 25), .empty(placeholder),
            .failed(TestError(1), placeholder), .refreshFailed(TestError(2)),
        ]
        #expect(
            kinds.map(\.defaultText) == [
                "Loading", "Loaded", "Loaded, 1 item", "Loaded, 25 items", "No colours", "No colours",
                "Couldn't refresh",
            ])
        #expect(Announcement(.loading, text: "Chargement").text == "Chargement")
        var announcement = Announcement(.loaded(count: 3))
        #expect(announcement.text == "Loaded, 3 items")
        announcement.text = "3 colours"
        #expect(announcement.text == "3 colours" && announcement.description == "3 colours")
    }

    // MARK: - Delegates and callbacks

    @Test func withoutADelegateNothingIsAnnouncedButWhatWasDrawnStillCounts() {
        let fixture = Fixture()
        fixture.wrapper.delegate = nil
        fixture.dataSource.complete(begin(fixture), with: ["a"])
        fixture.wrapper.delegate = fixture
        _ = begin(fixture)
        fixture.dataSource.loadingCoordinator.cancel()
        #expect(fixture.announced.isEmpty, "the content on screen was not news when it came back")
    }

    @Test func theFirstFrameIsNeverAnnounced() {
        let loadingFirst = Fixture(initialScreen: .loading)
        loadingFirst.dataSource.complete(begin(loadingFirst), with: ["a"])
        #expect(loadingFirst.announced == ["loaded(1)"], "the spinner drawn at creation is not announced")
        let blank = Fixture(initialScreen: .blank)
        _ = begin(blank)
        blank.dataSource.loadingCoordinator.cancel()
        #expect(blank.announced == ["loading"], "the blank frame back is not announced")
    }

    @Test func aLoadBegunFromAnAnnouncementIsDrawnAfterIt() {
        let fixture = Fixture()
        fixture.dataSource.complete(begin(fixture), with: ["a"])
        var reentered = false
        fixture.onAnnounce = { [unowned fixture] announcement in
            guard case .loaded = announcement.kind, !reentered else { return }
            reentered = true
            fixture.dataSource.keepingContent = true
            fixture.dataSource.loadContent()  // a refresh, the moment the content is announced
        }
        fixture.log.drain()
        fixture.dataSource.complete(begin(fixture, keepingContent: false), with: ["b"])
        #expect(reentered)
        #expect(
            fixture.log.entries == [
                "willShow(loading)", "content.hide", "loading.show(loading)",
                "willShow(content)", "loading.hide", "content.show(content)",
                "willShow(refreshing)", "content.show(refreshing)",
            ])
        #expect(fixture.announced == ["loading", "loaded(1)", "loading", "loaded(1)"])
    }
}
