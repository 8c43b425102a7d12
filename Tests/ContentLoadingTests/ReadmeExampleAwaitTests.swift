import ContentLoading
import ContentLoadingTestSupport
import Testing

/// The README's screen awaits its loads: `appear()` owns its load, `refresh()` leaves it to
/// the data source.
@MainActor
@Suite("README example: awaiting", .timeLimit(.minutes(1)), .hangLimit)
struct ReadmeExampleAwaitTests {
    func makeScreen(_ fetch: @escaping @Sendable () async throws -> [String]) -> ColorsScreen {
        let log = RenderLog()
        let placeholder = RecordingRenderer("placeholder", log: log)
        return ColorsScreen(
            dataSource: ColorsDataSource(fetch: fetch), list: RecordingRenderer("list", log: log),
            spinner: RecordingRenderer("spinner", log: log), placeholder: placeholder)
    }

    @Test func appearAndRefreshReturnTheirLoadsOutcomes() async {
        let fetch = ScriptedFetch([.success(["red"]), .failure(TestError(2))])
        let screen = makeScreen { try await fetch.next() }
        guard case .committed(hasContent: true) = await screen.appear() else {
            Issue.record("expected content")
            return
        }
        #expect(screen.dataSource.colors == ["red"])
        guard case .failed = await screen.refresh() else {
            Issue.record("expected a failure")
            return
        }
        #expect(screen.dataSource.colors == ["red"], "a failed refresh keeps the rows")
        // The state, not the wrapper's drawing: the README's wrapper runs on the real clock, so
        // on a slow machine the loading screen may still be in its minimum time here.
        #expect(screen.dataSource.contentState == .content)
    }

    /// Leaving the screen cancels the load `appear()` began; a cancelled `refresh()` lets its
    /// load land.
    @Test func cancellingAppearCancelsItsLoadButCancellingRefreshDoesNot() async {
        let gate = AsyncGate<[String]>(observesCancellation: true)
        let screen = makeScreen { try await gate.wait() }
        let appearing = Task { await screen.appear() }
        await eventually { screen.dataSource.loadingCoordinator.isLoading }
        appearing.cancel()
        guard case .cancelled? = await appearing.boundedValue() else {
            Issue.record("expected cancelled")
            return
        }
        #expect(screen.dataSource.contentState == .initial)

        let second = AsyncGate<[String]>(observesCancellation: true)
        let refreshScreen = makeScreen { try await second.wait() }
        let refreshing = Task { await refreshScreen.refresh() }
        await eventually { refreshScreen.dataSource.loadingCoordinator.isLoading }
        refreshing.cancel()
        guard case .stillRunning? = await refreshing.boundedValue() else {
            Issue.record("expected stillRunning")
            return
        }
        second.open(returning: ["landed"])
        await eventually { !refreshScreen.dataSource.loadingCoordinator.isLoading }
        #expect(refreshScreen.dataSource.colors == ["landed"])
    }
}
