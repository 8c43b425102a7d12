import ContentLoading
import ContentLoadingTestSupport
import Dispatch
import Testing

#if canImport(Foundation)
    import Foundation
#endif

/// A data source whose every load waits on a gate the test opens, loading through the data
/// source's own `load { } commit: { }`.
@MainActor
final class GatedDataSource: DataSource {
    var items: [String] = []
    /// One gate per load begun, oldest first, and its load's task.
    private(set) var gates: [AsyncGate<[String]>] = []
    private(set) var tasks: [Task<Bool, Never>] = []
    /// Whether the next loads' work stops when cancelled.
    var observesCancellation = true
    /// Whether `loadContent()` begins a load at all.
    var beginsLoads = true
    /// Errors this data source calls cancellations, besides the defaults.
    var ownCancellations: Set<Int> = []

    override var hasContent: Bool { !items.isEmpty }

    override func loadContent() {
        guard beginsLoads else { return }
        let gate = AsyncGate<[String]>(observesCancellation: observesCancellation)
        gates.append(gate)
        tasks.append(
            load { _ in
                try await gate.wait()
            } commit: { dataSource, items in
                dataSource.items = items
            })
    }

    override func isCancellation(_ error: any Error) -> Bool {
        if let error = error as? TestError, ownCancellations.contains(error.id) { return true }
        return super.isCancellation(error)
    }
}

/// Awaiting a load from a data source's public surface, with the two lifetimes chosen
/// explicitly, cancellation never shown as an error, and work that runs off the main actor.
@MainActor
@Suite("Awaitable loads", .timeLimit(.minutes(1)), .hangLimit)
struct AwaitableLoadTests {
    func makeFixture() -> (GatedDataSource, Fixture) {
        let dataSource = GatedDataSource()
        let fixture = Fixture()
        dataSource.delegate = fixture
        return (dataSource, fixture)
    }

    /// Starts `reload(ownedBy:)` in a task and returns once its load has begun.
    func startReload(_ dataSource: GatedDataSource, ownedBy owner: LoadOwner) async -> Task<LoadOutcome, Never> {
        let began = dataSource.gates.count
        let task = Task { await dataSource.reload(ownedBy: owner) }
        await eventually { dataSource.gates.count != began }
        return task
    }

    // MARK: - Outcomes

    @Test(arguments: [LoadOwner.dataSource, .caller])
    func aReloadReturnsTheAcceptedOutcome(owner: LoadOwner) async {
        let (dataSource, fixture) = makeFixture()
        let first = await startReload(dataSource, ownedBy: owner)
        dataSource.gates[0].open(returning: ["red"])
        let outcome = await first.boundedValue()
        guard case .committed(hasContent: true) = outcome else {
            Issue.record("expected content, got \(outcome)")
            return
        }
        #expect(dataSource.items == ["red"])
        #expect(fixture.shown == .content)

        let second = await startReload(dataSource, ownedBy: owner)
        dataSource.gates[1].open(throwing: TestError(1))
        guard case .failed(let error)? = await second.boundedValue() else {
            Issue.record("expected a failure")
            return
        }
        #expect(error as? TestError == TestError(1))
        #expect(dataSource.contentState == .content, "the failed refresh keeps its content")

        let third = await startReload(dataSource, ownedBy: owner)
        dataSource.gates[2].open(returning: [])
        guard case .committed(hasContent: false)? = await third.boundedValue() else {
            Issue.record("expected empty")
            return
        }
        #expect(fixture.shown == .empty)
    }

    @Test func aReloadSupersededByANewerLoadSaysSo() async {
        let (dataSource, _) = makeFixture()
        let first = await startReload(dataSource, ownedBy: .dataSource)
        dataSource.loadContent()
        guard case .superseded? = await first.boundedValue() else {
            Issue.record("expected superseded")
            return
        }
        dataSource.gates[1].open(returning: ["newer"])
        dataSource.gates[0].open(returning: ["older"])
        let last = await startReload(dataSource, ownedBy: .dataSource)
        dataSource.gates[2].open(returning: ["last"])
        guard case .committed(hasContent: true)? = await last.boundedValue() else {
            Issue.record("expected content")
            return
        }
        #expect(dataSource.items == ["last"])
    }

    @Test func aReloadWhoseLoadIsCancelledSaysSo() async {
        let (dataSource, fixture) = makeFixture()
        let reload = await startReload(dataSource, ownedBy: .dataSource)
        #expect(dataSource.loadingCoordinator.cancel())
        guard case .cancelled? = await reload.boundedValue() else {
            Issue.record("expected cancelled")
            return
        }
        #expect(fixture.shown == .initial)
    }

    /// A `loadContent()` that finishes at once (a cache hit) answers without waiting.
    @Test func aLoadThatEndsWhileItBeginsIsAnsweredAtOnce() async {
        let dataSource = ItemsDataSource()
        dataSource.onLoadContent = { dataSource in
            dataSource.complete(dataSource.tokens.last!, with: ["cached"])
        }
        let outcome = await dataSource.reload(ownedBy: .caller)
        guard case .committed(hasContent: true) = outcome else {
            Issue.record("expected content, got \(outcome)")
            return
        }
        #expect(dataSource.items == ["cached"])
    }

    /// A `loadContent()` that begins nothing awaits the load in flight, or answers `notStarted`.
    @Test func aLoadContentThatBeginsNothingAwaitsTheLoadInFlight() async {
        let (dataSource, _) = makeFixture()
        dataSource.beginsLoads = false
        guard case .notStarted = await dataSource.reload(ownedBy: .dataSource) else {
            Issue.record("expected notStarted")
            return
        }
        dataSource.beginsLoads = true
        dataSource.loadContent()
        dataSource.beginsLoads = false
        let waiting = Task { await dataSource.reload(ownedBy: .dataSource) }
        await Task.yield()
        dataSource.gates[0].open(returning: ["in flight"])
        guard case .committed(hasContent: true)? = await waiting.boundedValue() else {
            Issue.record("expected content")
            return
        }
    }

    // MARK: - Lifetimes

    /// Owned by the data source: cancelling the caller ends the wait at once, and the load
    /// runs on and lands (what `.refreshable` needs).
    @Test func cancellingTheCallerOfALoadOwnedByTheDataSourceLetsItLand() async {
        let (dataSource, fixture) = makeFixture()
        let reload = await startReload(dataSource, ownedBy: .dataSource)
        reload.cancel()
        guard case .stillRunning? = await reload.boundedValue() else {
            Issue.record("expected stillRunning")
            return
        }
        #expect(dataSource.loadingCoordinator.isLoading)
        #expect(!dataSource.gates[0].sawCancellation)
        let finished = Task { await dataSource.reload(ownedBy: .dataSource) }
        await Task.yield()
        dataSource.gates.last!.open(returning: ["landed"])
        _ = await finished.boundedValue()
        #expect(dataSource.items == ["landed"])
        #expect(fixture.shown == .content)
    }

    /// The same when the caller was cancelled before the load's work had started.
    @Test func aCallerCancelledBeforeTheWorkStartedStillLetsALoadOwnedByTheDataSourceLand() async {
        let (dataSource, fixture) = makeFixture()
        fixture.onWillBegin = { withUnsafeCurrentTask { $0?.cancel() } }
        let reload = Task { await dataSource.reload(ownedBy: .dataSource) }
        let outcome = await reload.boundedValue()
        guard case .stillRunning = outcome else {
            Issue.record("expected stillRunning, got \(outcome)")
            return
        }
        #expect(dataSource.loadingCoordinator.isLoading)
        dataSource.gates[0].open(returning: ["landed"])
        await eventually { !dataSource.loadingCoordinator.isLoading }
        #expect(dataSource.items == ["landed"])
        #expect(!dataSource.gates[0].sawCancellation)
    }

    /// Owned by the caller: cancelling the caller cancels the load and returns the state to
    /// where it began (what `.task { }` wants).
    @Test func cancellingTheCallerOfALoadOwnedByTheCallerCancelsIt() async {
        let (dataSource, fixture) = makeFixture()
        dataSource.items = ["kept"]
        let first = await startReload(dataSource, ownedBy: .dataSource)
        dataSource.gates[0].open(returning: ["shown"])
        _ = await first.boundedValue()
        let reload = await startReload(dataSource, ownedBy: .caller)
        #expect(dataSource.contentState == .refreshing)
        reload.cancel()
        guard case .cancelled? = await reload.boundedValue() else {
            Issue.record("expected cancelled")
            return
        }
        #expect(dataSource.contentState == .content)
        #expect(!dataSource.loadingCoordinator.isLoading)
        #expect(fixture.shown == .content)
        #expect(dataSource.items == ["shown"])
        #expect(await dataSource.tasks[1].value == false)
        #expect(dataSource.gates[1].sawCancellation, "the load's work was cancelled too")
    }

    /// Cancelled while its load begins, before the work has started: the load is cancelled
    /// and nothing of it lands.
    @Test func aCallerCancelledBeforeTheWorkStartedCancelsALoadItOwns() async {
        let (dataSource, fixture) = makeFixture()
        dataSource.observesCancellation = false
        fixture.onWillBegin = { withUnsafeCurrentTask { $0?.cancel() } }
        let outcome = await Task { await dataSource.reload(ownedBy: .caller) }.boundedValue()
        guard case .cancelled = outcome else {
            Issue.record("expected cancelled, got \(outcome)")
            return
        }
        #expect(dataSource.contentState == .initial)
        #expect(!dataSource.loadingCoordinator.isLoading)
        dataSource.gates[0].open(returning: ["too late"])
        #expect(dataSource.items.isEmpty)
    }

    /// A caller already cancelled begins no load at all.
    @Test func aCallerAlreadyCancelledBeginsNoLoadItWouldOwn() async {
        let (dataSource, fixture) = makeFixture()
        let reload = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await dataSource.reload(ownedBy: .caller)
        }
        guard case .cancelled? = await reload.boundedValue() else {
            Issue.record("expected cancelled")
            return
        }
        #expect(dataSource.gates.isEmpty)
        #expect(fixture.shown == .initial)
    }

    // MARK: - Cancellation is never an error

    @Test func aCancellationFinishedByHandCancelsTheLoad() {
        let dataSource = ItemsDataSource()
        let fixture = Fixture()
        dataSource.delegate = fixture
        dataSource.loadContent()
        #expect(dataSource.loadingCoordinator.finish(dataSource.tokens[0], error: CancellationError()))
        #expect(dataSource.contentState == .initial)
        #expect(fixture.placeholderErrors.isEmpty)
        #expect(!dataSource.loadingCoordinator.finish(dataSource.tokens[0], error: CancellationError()))
    }

    #if canImport(Foundation)
        @Test func aURLErrorCancelledIsACancellation() async {
            let (dataSource, fixture) = makeFixture()
            let reload = await startReload(dataSource, ownedBy: .dataSource)
            dataSource.gates[0].open(throwing: URLError(.cancelled))
            guard case .cancelled? = await reload.boundedValue() else {
                Issue.record("expected cancelled")
                return
            }
            #expect(fixture.shown == .initial)
            #expect(dataSource.loadingCoordinator.error == nil)
        }
    #endif

    @Test func anAppClassifiesItsOwnCancellationErrors() async {
        let (dataSource, fixture) = makeFixture()
        dataSource.ownCancellations = [7]
        let cancelled = await startReload(dataSource, ownedBy: .dataSource)
        dataSource.gates[0].open(throwing: TestError(7))
        guard case .cancelled? = await cancelled.boundedValue() else {
            Issue.record("expected cancelled")
            return
        }
        let failed = await startReload(dataSource, ownedBy: .dataSource)
        dataSource.gates[1].open(throwing: TestError(8))
        guard case .failed? = await failed.boundedValue() else {
            Issue.record("expected failed")
            return
        }
        #expect(fixture.shown == .error)
        #expect(fixture.placeholderErrors == [TestError(8)])
    }

    // MARK: - Where the work runs

    /// The work blocks its thread until the main actor runs: if it ran on the main actor, the
    /// main actor could not run, the wait would give up, and the work would say so.
    @Test func theWorkRunsOffTheMainActorAndTheCommitOnIt() async {
        let dataSource = ItemsDataSource()
        let workStarted = DispatchSemaphore(value: 0)
        let mainActorRan = DispatchSemaphore(value: 0)
        let task = dataSource.loadingCoordinator.load { _ in
            workStarted.signal()
            let ranMeanwhile = mainActorRan.wait(timeout: .now() + .seconds(10)) == .success
            return [ranMeanwhile ? "off the main actor" : "blocked the main actor"]
        } commit: { items in
            MainActor.assertIsolated()
            dataSource.items = items
        }
        let started = await Task.detached { workStarted.wait(timeout: .now() + .seconds(10)) == .success }.value
        #expect(started)
        mainActorRan.signal()
        #expect(await task.value)
        #expect(dataSource.items == ["off the main actor"])
    }
}
