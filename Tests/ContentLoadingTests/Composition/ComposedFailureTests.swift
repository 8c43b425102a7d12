import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Which failure a composed screen shows, and when its delegate hears that a load finished.
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct ComposedFailureTests {
    let warm = ItemsDataSource()
    let cool = ItemsDataSource()
    let neutral = ItemsDataSource()

    /// The error the error screen shows now, if it is the error screen.
    private func shownError(_ fixture: CompositionFixture) -> TestError? {
        guard case .error(let error, _) = fixture.wrapper.screen else { return nil }
        return error as? TestError
    }

    /// A screen over warm, cool and neutral where warm failed with 1, then cool with 2, and
    /// neutral is empty: the error screen.
    private func twoFailedSections() -> (ComposedDataSource, CompositionFixture) {
        let screen = ComposedDataSource(children: [warm, cool, neutral])
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        warm.loadingCoordinator.finish(warm.tokens[0], error: TestError(1))
        cool.loadingCoordinator.finish(cool.tokens[0], error: TestError(2))
        neutral.complete(neutral.tokens[0], with: [])
        return (screen, fixture)
    }

    @Test func theErrorScreenShowsTheLatestFailure() {
        let (_, fixture) = twoFailedSections()
        #expect(fixture.shown == .error)
        #expect(shownError(fixture) == TestError(2))
        #expect(fixture.finished == ["TestError(2)"])
    }

    @Test func whenTheShownSectionRecoversTheErrorScreenShowsAFailureStillThere() {
        let (_, fixture) = twoFailedSections()
        cool.loadContent()
        #expect(fixture.shown == .loading)
        cool.complete(cool.tokens[1], with: [])
        #expect(fixture.shown == .error)
        #expect(shownError(fixture) == TestError(1), "cool is empty now: its old failure is not shown")
        #expect(fixture.finished == ["TestError(2)", "TestError(1)"])
    }

    @Test func whenTheShownSectionLeavesTheErrorScreenIsRedrawnWithAFailureStillThere() {
        let (screen, fixture) = twoFailedSections()
        let drawsBefore = fixture.log.entries.filter { $0 == "error.show(error)" }.count
        #expect(screen.remove(cool))
        #expect(fixture.shown == .error)
        #expect(shownError(fixture) == TestError(1))
        #expect(fixture.log.entries.filter { $0 == "error.show(error)" }.count == drawsBefore + 1)
        #expect(fixture.finished == ["TestError(2)"], "a removal finishes no load")
    }

    @Test func aSectionAddedWhileFailingShowsItsFailure() {
        let screen = ComposedDataSource(children: [])
        let fixture = CompositionFixture(screen)
        warm.loadContent()
        warm.loadingCoordinator.finish(warm.tokens[0], error: TestError(4))
        screen.add(warm)
        #expect(fixture.shown == .error)
        #expect(shownError(fixture) == TestError(4))
    }

    @Test func aCancelledReloadOfTheErrorScreenIsNotReportedAsFinished() {
        let (_, fixture) = twoFailedSections()
        cool.loadContent()
        #expect(fixture.shown == .loading)
        #expect(cool.loadingCoordinator.cancel())
        #expect(fixture.shown == .error)
        #expect(shownError(fixture) == TestError(2), "cool is back on its own failure, the latest")
        #expect(fixture.finished == ["TestError(2)"], "a cancelled load is not reported, as for any data source")
    }

    @Test func removingTheLastLoadingSectionReportsTheResultOfTheOthers() {
        let screen = ComposedDataSource(children: [warm, cool], reveal: .asTheyArrive)
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        warm.loadingCoordinator.finish(warm.tokens[0], error: TestError(5))
        #expect(fixture.shown == .loading)
        #expect(screen.remove(cool))
        #expect(fixture.shown == .error)
        #expect(shownError(fixture) == TestError(5))
        #expect(fixture.finished == ["TestError(5)"], "warm's load settled while the screen loaded")
    }

    @Test func removingTheOnlyLoadingSectionWithNoResultIsNotReportedAsFinished() {
        let screen = ComposedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        warm.loadingCoordinator.finish(warm.tokens[0], error: TestError(6))
        cool.complete(cool.tokens[0], with: ["blue"])
        #expect(
            fixture.finished == ["TestError(6)"], "the first load ended on cool's content, warm's failure beside it")
        cool.loadContent()
        #expect(fixture.shown == .refreshing)
        #expect(screen.remove(cool))
        #expect(fixture.shown == .error)
        #expect(shownError(fixture) == TestError(6))
        #expect(fixture.finished == ["TestError(6)"], "the refresh ended with no section's result")
    }
}
