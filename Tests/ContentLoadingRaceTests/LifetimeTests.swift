import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A data source or wrapper released while a load is in flight goes away, its late completion
/// is dropped without a crash, and nothing in the framework keeps anything alive in a cycle.
@MainActor
@Suite struct LifetimeTests {
    @Test func dataSourceReleasedDuringASyncLoadIsDeallocatedAndItsLateFinishDropped() {
        let rig = Rig()
        var dataSource: RaceDataSource? = RaceDataSource()
        dataSource!.delegate = rig
        weak let weakDataSource = dataSource
        weak let weakCoordinator = dataSource!.loadingCoordinator
        var completion: (() -> Bool)?
        let token = dataSource!.loadingCoordinator.loadContent {
            [weak coordinator = dataSource!.loadingCoordinator] state in
            // What a loader's callback typically holds: the token and weak references.
            completion = { [weak dataSource] in
                coordinator?.finish(state) { dataSource?.items = ["late"] } ?? false
            }
        }
        #expect(rig.shown == .loading)
        dataSource = nil
        #expect(weakDataSource == nil)
        #expect(weakCoordinator == nil)
        #expect(completion?() == false)
        #expect(!token.isValid)
        #expect(rig.shown == .loading, "nothing reaches the wrapper once its data source is gone")
    }

    @Test func dataSourceReleasedDuringAnAsyncLoadIsDeallocatedAndItsTaskCancelled() async {
        let rig = Rig()
        var dataSource: RaceDataSource? = RaceDataSource()
        dataSource!.delegate = rig
        weak let weakDataSource = dataSource
        weak let weakCoordinator = dataSource!.loadingCoordinator
        let gate = AsyncGate<[String]>(observesCancellation: false)
        let commits = Counter()
        let task = dataSource!.loadingCoordinator.load { _ in
            try await gate.wait()
        } commit: { [weak dataSource] items in
            commits.count += 1
            dataSource?.items = items
        }
        dataSource = nil
        #expect(weakDataSource == nil)
        #expect(weakCoordinator == nil)
        #expect(task.isCancelled, "releasing the coordinator cancels its work")
        gate.open(with: .success(["late"]))
        #expect(await task.value == false)
        #expect(commits.count == 0)
        #expect(rig.shown == .loading)
    }

    /// The pattern in the docs captures `self` strongly: the data source then lives until its
    /// work returns, and not a moment longer; there is no cycle.
    @Test func strongCapturesKeepTheDataSourceOnlyUntilTheWorkReturns() async {
        var dataSource: StrongCaptureDataSource? = StrongCaptureDataSource()
        weak let weakDataSource = dataSource
        dataSource!.loadContent()
        let gate = dataSource!.gate
        let task = dataSource!.task!
        dataSource = nil
        #expect(weakDataSource != nil, "its in-flight work holds it")
        gate.open(with: .success(["value"]))
        _ = await task.value
        #expect(weakDataSource == nil, "released once the work returned")
    }

    @Test func wrapperReleasedDuringALoadIsDeallocatedAndTheLateFinishIsHarmless() {
        let dataSource = RaceDataSource()
        var rig: Rig? = Rig(dataSource: dataSource)
        weak let weakWrapper = rig!.wrapper
        weak let weakRig = rig
        let token = rig!.begin()
        rig = nil
        #expect(weakRig == nil)
        #expect(weakWrapper == nil)
        #expect(dataSource.loadingCoordinator.finish(token) { dataSource.items = ["late"] })
        #expect(dataSource.items == ["late"])
        #expect(dataSource.contentState == .content)
    }

    /// A wrapper waiting out its loading delay holds its timer task, but the timer does not hold
    /// the wrapper.
    @Test func wrapperWithAPendingTimerIsDeallocated() async {
        let clock = ManualClock()
        let log = RenderLog()
        var wrapper: ContentWrapper? = ContentWrapper.recording(into: log, policy: .standard, clock: clock)
        let owner = WrapperOwner(wrapper: wrapper!)
        let dataSource = RaceDataSource()
        dataSource.delegate = owner
        dataSource.loadContent()
        weak let weakWrapper = wrapper
        wrapper = nil
        owner.wrapper = nil
        #expect(weakWrapper == nil)
        clock.advance(by: .seconds(1))  // The timer wakes to find no wrapper: nothing to draw, no crash.
        #expect(log.entries == ["empty.show(initial)"])
    }

    /// After full load cycles (sync and async, success and failure), dropping the owner frees
    /// everything: data source, coordinator, wrapper, renderers and delegates.
    @Test func noRetainCyclesAfterLoadCycles() async {
        weak var weakRig: Rig?
        weak var weakDataSource: RaceDataSource?
        weak var weakCoordinator: LoadingCoordinator?
        weak var weakWrapper: ContentWrapper?
        weak var weakRenderer: RecordingRenderer?
        do {
            let rig = Rig()
            weakRig = rig
            weakDataSource = rig.dataSource
            weakCoordinator = rig.coordinator
            weakWrapper = rig.wrapper
            weakRenderer = rig.renderers.content
            rig.finish(rig.begin(), with: ["a"])
            rig.coordinator.finish(rig.begin(), error: RaceError(1))
            let task = rig.coordinator.load { [weak rig] _ in
                rig?.dataSource.items ?? []
            } commit: { [weak rig] items in
                rig?.dataSource.items = items + ["b"]
            }
            #expect(await task.value)
            #expect(rig.dataSource.items == ["a", "b"])
        }
        #expect(weakRig == nil)
        #expect(weakDataSource == nil)
        #expect(weakCoordinator == nil)
        #expect(weakWrapper == nil)
        #expect(weakRenderer == nil)
    }
}

/// A data source written the way the docs show: its closures capture `self` strongly.
@MainActor
private final class StrongCaptureDataSource: DataSource {
    var items: [String] = []
    let gate = AsyncGate<[String]>(observesCancellation: false)
    var task: Task<Bool, Never>?

    override var hasContent: Bool { !items.isEmpty }

    override func loadContent() {
        task = loadingCoordinator.load { _ in
            try await self.gate.wait()
        } commit: { items in
            self.items = items
        }
    }
}

/// Owns a wrapper and hands it to a data source, as a view controller does.
@MainActor
private final class WrapperOwner: DataSourceDelegate {
    var wrapper: ContentWrapper?
    private let fallback: ContentWrapper

    init(wrapper: ContentWrapper) {
        self.wrapper = wrapper
        let log = RenderLog()
        fallback = ContentWrapper(
            content: RecordingRenderer("c", log: log), loading: RecordingRenderer("l", log: log),
            empty: RecordingRenderer("e", log: log), error: RecordingRenderer("x", log: log), policy: .immediate)
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper ?? fallback }
}
