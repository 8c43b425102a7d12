import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A data source or wrapper released while a load is in flight goes away, its late completion
/// is dropped without a crash, and nothing in the framework keeps anything alive in a cycle.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct LifetimeTests {
    /// The loader's callback holds the token and the coordinator (not the data source), so the
    /// late finish really reaches the framework, which refuses it: the data source is gone.
    @Test func dataSourceReleasedDuringASyncLoadIsDeallocatedAndItsLateFinishDropped() {
        let rig = Rig()
        var dataSource: RaceDataSource? = RaceDataSource()
        dataSource!.delegate = rig
        weak let weakDataSource = dataSource
        weak let weakCoordinator = dataSource!.loadingCoordinator
        var completion: (() -> Bool)?
        var updateRan = false
        let token = dataSource!.loadingCoordinator.loadContent { [coordinator = dataSource!.loadingCoordinator] state in
            completion = { [weak dataSource] in
                coordinator.finish(state) {
                    updateRan = true
                    dataSource?.items = ["late"]
                }
            }
        }
        #expect(rig.shown == .loading)
        dataSource = nil
        #expect(weakDataSource == nil)
        #expect(weakCoordinator != nil, "the pending completion holds the coordinator")
        #expect(!token.isValid)
        #expect(completion!() == false, "the coordinator refuses a token whose data source is gone")
        #expect(!updateRan)
        #expect(rig.shown == .loading, "nothing reaches the wrapper once its data source is gone")
        completion = nil
        #expect(weakCoordinator == nil)
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

    /// The wrapper (and the screen that owns it) goes away while a `load { }` is in flight: it is
    /// deallocated with its renderers; the load belongs to the data source, which is still
    /// here, so its result lands in the model with nothing left to draw it.
    @Test func wrapperReleasedDuringAnAsyncLoadIsDeallocatedAndTheLateResultIsHarmless() async {
        let dataSource = RaceDataSource()
        var rig: Rig? = Rig(dataSource: dataSource)
        weak let weakRig = rig
        weak let weakWrapper = rig!.wrapper
        weak let weakRenderer = rig!.renderers.loading
        let gate = AsyncGate<[String]>(observesCancellation: false)
        let task = dataSource.loadingCoordinator.load { _ in
            try await gate.wait()
        } commit: { [weak dataSource] items in
            dataSource?.items = items
        }
        #expect(rig!.shown == .loading)
        rig = nil
        #expect(weakRig == nil)
        #expect(weakWrapper == nil)
        #expect(weakRenderer == nil)
        #expect(!task.isCancelled, "the load is the data source's, not the wrapper's")
        gate.open(returning: ["late"])
        #expect(await task.value)
        #expect(dataSource.items == ["late"])
        #expect(dataSource.contentState == .content)
    }

    /// A Retry action that captures its owner weakly, as the docs advise: the wrapper keeps the
    /// error screen, and so the action, but the owner, the wrapper and the data source are all
    /// deallocated once the owner is released.
    @Test func placeholderActionCapturingItsOwnerWeaklyLeavesNoCycle() {
        weak var weakOwner: ScreenOwner?
        weak var weakWrapper: ContentWrapper?
        weak var weakDataSource: RaceDataSource?
        do {
            let owner = ScreenOwner(capturesOwnerStrongly: false)
            weakOwner = owner
            weakWrapper = owner.wrapper
            weakDataSource = owner.dataSource
            owner.failLoad()
            #expect(owner.wrapper?.displayedState == .error)
            owner.wrapper?.screen.placeholder?.action?.perform()  // Retry: a new load begins.
            #expect(owner.dataSource.contentState == .loading)
            owner.failLoad()
            #expect(owner.wrapper?.screen.placeholder?.action?.title == "Retry")
        }
        #expect(weakOwner == nil)
        #expect(weakWrapper == nil)
        #expect(weakDataSource == nil)
    }

    /// The control for the test above: the same action capturing its owner strongly makes a
    /// cycle (owner → wrapper → error screen → action → owner) that the weak references see.
    @Test func placeholderActionCapturingItsOwnerStronglyIsACycle() {
        weak var weakOwner: ScreenOwner?
        weak var weakWrapper: ContentWrapper?
        do {
            let owner = ScreenOwner(capturesOwnerStrongly: true)
            weakOwner = owner
            weakWrapper = owner.wrapper
            owner.failLoad()
            #expect(owner.wrapper?.displayedState == .error)
        }
        #expect(weakOwner != nil, "the action keeps its owner alive")
        #expect(weakWrapper != nil)
        weakOwner?.wrapper = nil  // Break the cycle, so the leak checker stays quiet.
        #expect(weakOwner == nil)
        #expect(weakWrapper == nil)
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
                await rig?.dataSource.items ?? []
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

/// A screen as an app writes it: it owns a data source and a wrapper, is both their delegates,
/// and offers Retry on the error placeholder.
@MainActor
private final class ScreenOwner: DataSourceDelegate, ContentWrapperDelegate {
    let dataSource = RaceDataSource()
    var wrapper: ContentWrapper?
    private let capturesOwnerStrongly: Bool
    private var failures = 0

    init(capturesOwnerStrongly: Bool) {
        self.capturesOwnerStrongly = capturesOwnerStrongly
        wrapper = ContentWrapper.recording(into: RenderLog())
        wrapper?.delegate = self
        dataSource.delegate = self
    }

    /// Begins a load if none is in flight, and fails it.
    func failLoad() {
        if !dataSource.loadingCoordinator.isLoading { dataSource.loadContent() }
        failures += 1
        dataSource.loadingCoordinator.finish(dataSource.tokens.last!, error: RaceError(failures))
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper! }

    func contentWrapper(_ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder)
        -> Placeholder
    {
        let retry: Placeholder.Action
        if capturesOwnerStrongly {
            retry = Placeholder.Action(title: "Retry") { self.dataSource.loadContent() }
        } else {
            retry = Placeholder.Action(title: "Retry") { [weak self] in self?.dataSource.loadContent() }
        }
        return Placeholder(title: proposed.title, message: proposed.message, action: retry)
    }
}
