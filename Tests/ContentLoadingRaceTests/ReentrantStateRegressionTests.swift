import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Callbacks that move the state while the framework is drawing or cancelling: a placeholder
/// callback that moves the state, a coordinator whose data source is gone, a cancel that
/// returns to the state the model holds now. Each test failed before its fix; the model-based
/// suite generates these kinds of step too, and these pin the exact reproductions.
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct ReentrantStateRegressionTests {
    // MARK: - A placeholder callback that moves the state must not strand the wrapper

    /// What a placeholder callback does in the reproductions.
    enum PlaceholderReentry: CaseIterable, CustomTestStringConvertible {
        /// Begins a load and cancels it: the state ends where it was.
        case beginAndCancel
        /// Sets the data source's delegate to the object it already is.
        case setSameDelegate
        /// Sets the data source's delegate to another object that returns the same wrapper.
        case setAnotherDelegate

        var testDescription: String {
            switch self {
            case .beginAndCancel: "begin + cancel"
            case .setSameDelegate: "delegate = the same"
            case .setAnotherDelegate: "delegate = another"
            }
        }
    }

    /// The reentry, run once, from whichever placeholder callback is asked.
    private func reenter(_ reentry: PlaceholderReentry, rig: Rig, other: WrapperHost) {
        switch reentry {
        case .beginAndCancel:
            rig.begin()
            rig.coordinator.cancel()
        case .setSameDelegate:
            rig.dataSource.delegate = rig
        case .setAnotherDelegate:
            rig.dataSource.delegate = other
        }
    }

    /// `.immediate`; the empty placeholder's callback re-enters; the wrapper must end on the
    /// empty screen, not stay on the loading screen.
    @Test(arguments: PlaceholderReentry.allCases)
    func emptyPlaceholderCallbackThatMovesTheStateLeavesTheEmptyScreen(_ reentry: PlaceholderReentry) {
        let rig = Rig()
        let other = WrapperHost(wrapper: rig.wrapper)
        var once = true
        rig.onEmptyPlaceholder = { [unowned rig] in
            guard once else { return }
            once = false
            self.reenter(reentry, rig: rig, other: other)
        }
        let token = rig.begin()
        #expect(rig.shown == .loading)
        #expect(rig.finish(token, with: []))
        #expect(rig.coordinator.state == .empty)
        #expect(rig.shown == .empty)
        #expect(rig.visibleRendererMatchesShown)
        #expect(rig.renderers.empty.lastScreen?.state == .empty)
        withExtendedLifetime(other) {}
    }

    /// The same with the error placeholder.
    @Test(arguments: PlaceholderReentry.allCases)
    func errorPlaceholderCallbackThatMovesTheStateLeavesTheErrorScreen(_ reentry: PlaceholderReentry) {
        let rig = Rig()
        let other = WrapperHost(wrapper: rig.wrapper)
        var once = true
        rig.onErrorPlaceholder = { [unowned rig] in
            guard once else { return }
            once = false
            self.reenter(reentry, rig: rig, other: other)
        }
        let token = rig.begin()
        #expect(rig.coordinator.finish(token, error: RaceError(1)))
        #expect(rig.coordinator.state == .error)
        #expect(rig.shown == .error)
        #expect(rig.visibleRendererMatchesShown)
        if case .error(let error, _) = rig.renderers.error.lastScreen {
            #expect("\(error)" == "\(RaceError(1))")
        } else {
            Issue.record("the error renderer did not draw the error screen")
        }
        withExtendedLifetime(other) {}
    }

    // MARK: - A coordinator whose data source is gone refuses new loads

    /// The data source is released inside its own finish's update while the test holds its
    /// coordinator: a load begun afterwards is refused, and its update never runs.
    @Test func aCoordinatorWhoseDataSourceIsGoneRefusesNewLoads() {
        var dataSource: RaceDataSource? = RaceDataSource()
        let coordinator = dataSource!.loadingCoordinator
        let token = coordinator.loadContent { _ in }
        #expect(coordinator.finish(token) { dataSource = nil })
        #expect(dataSource == nil)
        let late = coordinator.loadContent { _ in }
        #expect(!late.isValid)
        var ran = false
        #expect(!coordinator.finish(late) { ran = true })
        #expect(!ran)
        #expect(!coordinator.finish(coordinator.loadContent { _ in }, error: RaceError(1)))
        #expect(!coordinator.isLoading)
    }

    /// The same for an async load begun after the release: its work is cancelled and its
    /// commit never runs.
    @Test func anAsyncLoadBegunAfterTheDataSourceIsGoneIsRefused() async {
        var dataSource: RaceDataSource? = RaceDataSource()
        weak let weakDataSource = dataSource
        let coordinator = dataSource!.loadingCoordinator
        dataSource = nil
        #expect(weakDataSource == nil)
        var committed = false
        let task = coordinator.load { _ in
            ["late"]
        } commit: { _ in
            committed = true
        }
        #expect(await task.value == false)
        #expect(!committed)
        #expect(!coordinator.isLoading)
    }

    // MARK: - Cancel() re-evaluates the state it returns to against the model

    /// The model emptied during a refresh (contentDidChange is ignored while loading); cancel
    /// returns to `empty`, not to `content`.
    @Test func cancelAfterTheModelEmptiedDuringARefreshReturnsToEmpty() {
        let rig = Rig()
        #expect(rig.finish(rig.begin(), with: ["a"]))
        rig.begin()
        #expect(rig.coordinator.state == .refreshing)
        rig.dataSource.items = []
        rig.dataSource.contentDidChange()
        #expect(rig.coordinator.state == .refreshing, "ignored while loading")
        #expect(rig.coordinator.cancel())
        #expect(rig.coordinator.state == .empty)
        #expect(rig.shown == .empty)
        #expect(rig.visibleRendererMatchesShown)
    }

    /// The model filled during a load begun from `empty`; cancel returns to `content`.
    @Test func cancelAfterTheModelFilledDuringALoadReturnsToContent() {
        let rig = Rig()
        #expect(rig.finish(rig.begin(), with: []))
        rig.begin()
        #expect(rig.coordinator.state == .loading)
        rig.dataSource.items = ["b"]
        rig.dataSource.contentDidChange()
        #expect(rig.coordinator.cancel())
        #expect(rig.coordinator.state == .content)
        #expect(rig.shown == .content)
        #expect(rig.visibleRendererMatchesShown)
    }

    /// The model filled during a load begun from `error`; cancel returns to `content`, as
    /// contentDidChange would have, and the error screen's failure is no longer current.
    @Test func cancelAfterTheModelFilledDuringALoadBegunFromAnErrorReturnsToContent() {
        let rig = Rig()
        #expect(rig.coordinator.finish(rig.begin(), error: RaceError(1)))
        rig.begin()
        rig.dataSource.items = ["c"]
        #expect(rig.coordinator.cancel())
        #expect(rig.coordinator.state == .content)
        #expect(rig.shown == .content)
        #expect(rig.switchesAreLegal)
    }
}

/// A second delegate object that supplies an existing wrapper.
@MainActor
final class WrapperHost: DataSourceDelegate {
    let wrapper: ContentWrapper
    init(wrapper: ContentWrapper) { self.wrapper = wrapper }
    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }
}
