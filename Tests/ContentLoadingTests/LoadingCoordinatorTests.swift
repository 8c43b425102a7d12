import ContentLoading
import ContentLoadingTestSupport
import Dispatch
import Synchronization
import Testing

@MainActor
@Suite("LoadingCoordinator", .timeLimit(.minutes(1)), .hangLimit)
struct LoadingCoordinatorTests {
    @Test func staleResponseIsDroppedAndNeverWritesTheModel() {
        let fixture = Fixture()
        fixture.dataSource.loadContent()
        fixture.dataSource.loadContent()
        let (first, second) = (fixture.dataSource.tokens[0], fixture.dataSource.tokens[1])
        #expect(!first.isValid)
        #expect(second.isValid)
        #expect(fixture.dataSource.complete(first, with: ["old"]) == false)
        #expect(fixture.dataSource.items.isEmpty)
        #expect(fixture.shown == .loading)
        #expect(fixture.dataSource.complete(second, with: ["new"]))
        #expect(fixture.dataSource.items == ["new"])
        #expect(fixture.shown == .content)
        #expect(!second.isValid, "a finished token is no longer valid")
    }

    @Test func everyStateIsRenderedInOrderOncePerChange() {
        let fixture = Fixture()
        fixture.dataSource.loadContent()
        fixture.dataSource.loadContent()  // no change: still loading
        fixture.dataSource.complete(fixture.dataSource.tokens[1], with: ["a"])
        #expect(
            fixture.log.drain() == [
                "empty.show(initial)",
                "willShow(loading)", "empty.hide", "loading.show(loading)",
                "willShow(content)", "loading.hide", "content.show(content)",
            ])
        fixture.dataSource.loadContent()
        fixture.dataSource.complete(fixture.dataSource.tokens[2], with: [])
        #expect(
            fixture.log.drain() == [
                "willShow(refreshing)", "content.show(refreshing)",
                "willShow(empty)", "content.hide", "empty.show(empty)",
            ])
    }

    @Test func emptyResponseShowsTheEmptyPlaceholder() {
        let fixture = Fixture()
        fixture.dataSource.loadContent()
        fixture.dataSource.complete(fixture.dataSource.tokens[0], with: [])
        #expect(fixture.shown == .empty)
        #expect(fixture.wrapper.screen.placeholder?.title == Placeholder.empty.title)
        #expect(fixture.finishedLoads == ["ok"])
    }

    @Test func refreshKeepsContentVisible() {
        let fixture = Fixture()
        fixture.dataSource.loadContent()
        fixture.dataSource.complete(fixture.dataSource.tokens[0], with: ["a"])
        fixture.dataSource.loadContent()
        #expect(fixture.dataSource.contentState == .refreshing)
        guard case .content(isRefreshing: true) = fixture.wrapper.screen else {
            Issue.record("expected refreshing content, got \(fixture.wrapper.screen)")
            return
        }
        fixture.dataSource.complete(fixture.dataSource.tokens[1], with: ["a", "b"])
        #expect(fixture.shown == .content)
        #expect(fixture.dataSource.items == ["a", "b"])
    }

    @Test func reloadThatDoesNotKeepContentShowsLoading() {
        let fixture = Fixture()
        fixture.dataSource.loadContent()
        fixture.dataSource.complete(fixture.dataSource.tokens[0], with: ["a"])
        fixture.dataSource.keepingContent = false
        fixture.dataSource.loadContent()
        #expect(fixture.shown == .loading)
    }

    @Test func refreshFailingWithContentKeepsContentAndReportsTheError() {
        let fixture = Fixture()
        fixture.dataSource.loadContent()
        fixture.dataSource.complete(fixture.dataSource.tokens[0], with: ["a"])
        fixture.dataSource.loadContent()
        fixture.log.drain()
        #expect(fixture.dataSource.loadingCoordinator.finish(fixture.dataSource.tokens[1], error: TestError(7)))
        #expect(fixture.shown == .content)
        #expect(fixture.dataSource.contentState == .content)
        #expect(fixture.dataSource.items == ["a"])
        #expect(fixture.refreshFailures == [TestError(7)])
        #expect(fixture.dataSource.loadingCoordinator.error as? TestError == TestError(7))
        #expect(fixture.log.drain() == ["willShow(content)", "content.show(content)", "refreshFailed(TestError(7))"])
        #expect(fixture.finishedLoads == ["ok", "TestError(7)"])
    }

    @Test func failureWithoutContentShowsTheErrorScreen() {
        let fixture = Fixture()
        fixture.dataSource.loadContent()
        #expect(fixture.dataSource.loadingCoordinator.finish(fixture.dataSource.tokens[0], error: TestError(1)))
        #expect(fixture.shown == .error)
        guard case .error(let error, let placeholder) = fixture.wrapper.screen else {
            Issue.record("expected the error screen, got \(fixture.wrapper.screen)")
            return
        }
        #expect(error as? TestError == TestError(1))
        #expect(placeholder.message == "TestError(1)")
    }

    @Test func secondDifferentErrorReachesTheDelegateAndRenderer() {
        let fixture = Fixture()
        fixture.dataSource.loadContent()
        fixture.dataSource.loadingCoordinator.finish(fixture.dataSource.tokens[0], error: TestError(1))
        fixture.dataSource.loadContent()
        fixture.log.drain()
        fixture.dataSource.loadingCoordinator.finish(fixture.dataSource.tokens[1], error: TestError(2))
        #expect(fixture.placeholderErrors == [TestError(1), TestError(2)])
        #expect(fixture.wrapper.screen.placeholder?.message == "TestError(2)")
        #expect(fixture.log.drain() == ["willShow(error)", "loading.hide", "error.show(error)"])
    }

    @Test func cancelRestoresTheStateBeforeTheLoad() {
        let fixture = Fixture()
        let coordinator = fixture.dataSource.loadingCoordinator
        fixture.dataSource.loadContent()
        #expect(coordinator.cancel())
        #expect(fixture.shown == .initial)
        #expect(!fixture.dataSource.tokens[0].isValid)
        #expect(coordinator.finish(fixture.dataSource.tokens[0]) == false)

        fixture.dataSource.loadContent()
        fixture.dataSource.complete(fixture.dataSource.tokens[1], with: ["a"])
        fixture.dataSource.loadContent()
        #expect(fixture.shown == .refreshing)
        #expect(coordinator.cancel())
        #expect(fixture.shown == .content)
        #expect(coordinator.cancel() == false, "nothing in flight")
    }

    @Test func misuseReturnsFalseAndChangesNothing() {
        let fixture = Fixture()
        let other = Fixture()
        let coordinator = fixture.dataSource.loadingCoordinator
        other.dataSource.loadContent()
        let foreign = other.dataSource.tokens[0]
        #expect(coordinator.finish(foreign) == false, "finish before any load, with another coordinator's token")
        #expect(fixture.shown == .initial)

        fixture.dataSource.loadContent()
        #expect(coordinator.finish(foreign) == false, "a token from another coordinator")
        #expect(coordinator.finish(foreign, error: TestError()) == false)
        #expect(other.dataSource.tokens[0].isValid, "the other coordinator's load is untouched")
        fixture.dataSource.loadContent()
        let (stale, current) = (fixture.dataSource.tokens[0], fixture.dataSource.tokens[1])
        #expect(coordinator.finish(stale, error: TestError()) == false, "a stale token")
        #expect(fixture.dataSource.complete(current, with: ["a"]))
        #expect(fixture.dataSource.complete(current, with: ["b"]) == false, "finishing twice")
        #expect(coordinator.finish(current, error: TestError()) == false, "failing after success")
        #expect(fixture.dataSource.items == ["a"])
        #expect(fixture.shown == .content)
    }

    @Test func forgottenOverrideShowsAnErrorNamingTheSubclass() {
        let fixture = Fixture(dataSource: ItemsDataSource())
        let forgetful = ForgetfulDataSource()
        forgetful.delegate = fixture
        forgetful.loadContent()
        #expect(forgetful.contentState == .error)
        let error = forgetful.loadingCoordinator.error as? ContentLoadingError
        #expect(error != nil)
        #expect("\(error!)".contains("ForgetfulDataSource"))
    }

    @Test func contentChangesOutsideALoadSwitchBetweenContentAndEmpty() {
        let fixture = Fixture()
        fixture.dataSource.loadContent()
        fixture.dataSource.complete(fixture.dataSource.tokens[0], with: ["a"])
        fixture.dataSource.items = []
        fixture.dataSource.contentDidChange()
        #expect(fixture.shown == .empty)
    }

    @Test func delegateSetAfterLoadingBeganCatchesTheWrapperUp() {
        let dataSource = ItemsDataSource()
        dataSource.loadContent()
        let fixture = Fixture(dataSource: dataSource)
        #expect(fixture.shown == .loading)
    }

    @Test func newLoadBeganInsideTheModelUpdateOwnsTheState() {
        let fixture = Fixture()
        fixture.dataSource.loadContent()
        let first = fixture.dataSource.tokens[0]
        let accepted = fixture.dataSource.loadingCoordinator.finish(first) {
            fixture.dataSource.items = ["a"]
            fixture.dataSource.loadContent()
        }
        #expect(accepted)
        #expect(fixture.dataSource.contentState == .loading)
        #expect(fixture.shown == .loading)
        #expect(fixture.dataSource.tokens[1].isValid)
    }

    @Test func staleFinishFromAnotherThreadRacingANewLoadIsDropped() async {
        let fixture = Fixture()
        fixture.dataSource.loadContent()
        let first = fixture.dataSource.tokens[0]
        let dataSource = fixture.dataSource
        // The response arrives on a background thread while the main actor begins a newer load.
        let background = Task.detached {
            _ = first.isValid  // checked off the main actor, racing the begin below
            return await dataSource.complete(first, with: ["stale"])
        }
        fixture.dataSource.loadContent()
        let accepted = await background.value
        #expect(accepted == false)
        #expect(fixture.dataSource.items.isEmpty, "the stale response never wrote the model")
        #expect(fixture.shown == .loading)
        #expect(fixture.dataSource.complete(fixture.dataSource.tokens[1], with: ["fresh"]))
        #expect(fixture.dataSource.items == ["fresh"])
    }

    @Test func validityIsReadableFromManyThreads() async {
        let fixture = Fixture()
        fixture.dataSource.loadContent()
        let token = fixture.dataSource.tokens[0]
        #expect(await Self.validReads(of: token, threads: 64) == 64)
        fixture.dataSource.loadContent()
        #expect(await Self.validReads(of: token, threads: 64) == 0)
    }

    @Test func contentBeforeTheFirstLoadStillShowsLoadingFirst() {
        let fixture = Fixture()
        fixture.dataSource.items = ["cached"]
        fixture.dataSource.loadContent()
        #expect(fixture.dataSource.contentState == .loading, "nothing was shown yet, so nothing to keep")
        #expect(fixture.shown == .loading)
        #expect(fixture.dataSource.complete(fixture.dataSource.tokens[0], with: ["fresh"]))
        #expect(fixture.shown == .content)
    }

    @Test func modelFilledOutsideALoadReplacesTheErrorScreen() {
        let fixture = Fixture()
        fixture.dataSource.loadContent()
        fixture.dataSource.loadingCoordinator.finish(fixture.dataSource.tokens[0], error: TestError(1))
        fixture.dataSource.items = ["added by the user"]
        fixture.dataSource.contentDidChange()
        #expect(fixture.dataSource.contentState == .content)
        #expect(fixture.shown == .content)
        #expect(fixture.refreshFailures.isEmpty, "it was not a refresh that failed")
        fixture.dataSource.items = []
        fixture.dataSource.contentDidChange()
        #expect(fixture.shown == .empty)
    }

    @Test func releasedDataSourceInvalidatesItsTokensEvenIfItsCoordinatorLivesOn() {
        var dataSource: ItemsDataSource? = ItemsDataSource()
        let coordinator = dataSource!.loadingCoordinator
        dataSource!.loadContent()
        let token = dataSource!.tokens[0]
        dataSource = nil
        #expect(!token.isValid)
        var ran = false
        #expect(coordinator.finish(token) { ran = true } == false)
        #expect(!ran, "a late response never writes a model that is gone")
    }

    /// How many of `threads` concurrent reads of `token.isValid`, off the main actor, said yes.
    nonisolated static func validReads(of token: LoadingState, threads: Int) async -> Int {
        await Task.detached {
            let count = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                if token.isValid { count.add(1, ordering: .relaxed) }
            }
            return count.load(ordering: .relaxed)
        }.value
    }
}
