import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A data source that loads through `load { } commit: { }`, with work a test controls.
@MainActor
final class AsyncItemsDataSource: DataSource {
    var items: [String] = []
    var gates: [AsyncGate<[String]>] = []
    private(set) var tasks: [Task<Bool, Never>] = []
    /// Whether each load's work saw its task cancelled when it resumed.
    private(set) var sawCancellation: [Bool] = []

    override var hasContent: Bool { !items.isEmpty }

    override func loadContent() {
        let gate = AsyncGate<[String]>()
        gates.append(gate)
        let index = sawCancellation.count
        sawCancellation.append(false)
        tasks.append(
            loadingCoordinator.load { _ in
                // Ignores cancellation on purpose: returns its value late anyway.
                let items = try await gate.wait()
                let wasCancelled = Task.isCancelled
                await MainActor.run { self.sawCancellation[index] = wasCancelled }
                return items
            } commit: { items in
                self.items = items
            })
    }
}

@MainActor
@Suite("Async load", .timeLimit(.minutes(1)), .hangLimit)
struct AsyncLoadTests {
    func makeFixture() -> (AsyncItemsDataSource, Fixture) {
        let dataSource = AsyncItemsDataSource()
        let fixture = Fixture()
        dataSource.delegate = fixture
        return (dataSource, fixture)
    }

    @Test func returnedValueIsCommittedAndSettlesByContent() async {
        let (dataSource, fixture) = makeFixture()
        dataSource.loadContent()
        #expect(fixture.shown == .loading)
        dataSource.gates[0].open(returning: ["a"])
        #expect(await dataSource.tasks[0].value)
        #expect(dataSource.items == ["a"])
        #expect(fixture.shown == .content)

        dataSource.loadContent()
        dataSource.gates[1].open(returning: [])
        #expect(await dataSource.tasks[1].value)
        #expect(fixture.shown == .empty)
    }

    @Test func thrownErrorSettlesOnError() async {
        let (dataSource, fixture) = makeFixture()
        dataSource.loadContent()
        dataSource.gates[0].open(throwing: TestError(3))
        #expect(await dataSource.tasks[0].value)
        #expect(fixture.shown == .error)
        #expect(dataSource.loadingCoordinator.error as? TestError == TestError(3))
    }

    @Test func supersededTaskIsCancelledAndItsLateResultDropped() async {
        let (dataSource, fixture) = makeFixture()
        dataSource.loadContent()
        dataSource.loadContent()
        #expect(dataSource.tasks[0].isCancelled)
        #expect(!dataSource.tasks[1].isCancelled)
        dataSource.gates[1].open(returning: ["new"])
        #expect(await dataSource.tasks[1].value)
        // The superseded work ignored its cancellation and returns late.
        dataSource.gates[0].open(returning: ["old"])
        #expect(await dataSource.tasks[0].value == false)
        #expect(dataSource.sawCancellation[0], "the superseded work observed cancellation")
        #expect(dataSource.items == ["new"])
        #expect(fixture.shown == .content)
    }

    @Test func supersededCancellationErrorIsDroppedSilently() async {
        let (dataSource, fixture) = makeFixture()
        dataSource.loadContent()
        dataSource.loadContent()
        dataSource.gates[0].open(throwing: CancellationError())
        #expect(await dataSource.tasks[0].value == false)
        #expect(fixture.shown == .loading)
        #expect(fixture.finishedLoads.isEmpty)
        #expect(dataSource.loadingCoordinator.error == nil)
        // End the newer load too: its task, waiting on its gate, holds the data source.
        dataSource.gates[1].open(returning: ["new"])
        #expect(await dataSource.tasks[1].value)
    }

    @Test func syncBeginCancelsTheAsyncTask() async {
        let (dataSource, _) = makeFixture()
        dataSource.loadContent()
        dataSource.loadingCoordinator.loadContent { _ in }
        #expect(dataSource.tasks[0].isCancelled)
        dataSource.gates[0].open(returning: ["late"])
        #expect(await dataSource.tasks[0].value == false)
        #expect(dataSource.items.isEmpty)
    }

    @Test func cancelStopsTheTaskAndRestoresTheState() async {
        let (dataSource, fixture) = makeFixture()
        dataSource.loadContent()
        #expect(dataSource.loadingCoordinator.cancel())
        #expect(dataSource.tasks[0].isCancelled)
        #expect(fixture.shown == .initial)
        dataSource.gates[0].open(returning: ["late"])
        #expect(await dataSource.tasks[0].value == false)
        #expect(dataSource.items.isEmpty)
        #expect(fixture.shown == .initial)
    }

    @Test func cancellingTheTaskFromOutsideRestoresTheState() async {
        let (dataSource, fixture) = makeFixture()
        dataSource.loadContent()
        dataSource.tasks[0].cancel()
        dataSource.gates[0].open(throwing: CancellationError())
        #expect(await dataSource.tasks[0].value == false)
        #expect(dataSource.contentState == .initial)
        #expect(fixture.shown == .initial)
    }

    @Test func aTaskCancelledFromOutsideThatFailsAnywayRestoresTheState() async {
        let (dataSource, fixture) = makeFixture()
        dataSource.loadContent()
        dataSource.tasks[0].cancel()
        dataSource.gates[0].open(throwing: TestError(5))  // e.g. a URL error for the cancelled request
        #expect(await dataSource.tasks[0].value == false)
        #expect(dataSource.contentState == .initial, "a cancellation, not a failure to show")
        #expect(fixture.placeholderErrors.isEmpty)
    }

    /// Nobody cancelled the load, but its work threw `CancellationError` (its own child task
    /// was cancelled, say): a cancellation is never an error screen, so the load is cancelled
    /// and the state goes back to where it began.
    @Test func aCancellationErrorTheWorkThrowsOnItsOwnCancelsTheLoad() async {
        let (dataSource, fixture) = makeFixture()
        dataSource.loadContent()
        dataSource.gates[0].open(throwing: CancellationError())
        #expect(await dataSource.tasks[0].value == false)
        #expect(dataSource.contentState == .initial)
        #expect(!dataSource.loadingCoordinator.isLoading)
        #expect(fixture.shown == .initial)
        #expect(fixture.placeholderErrors.isEmpty)
        #expect(dataSource.loadingCoordinator.error == nil)
    }

    @Test func finishingAnAsyncLoadsTokenByHandCancelsItsTask() async throws {
        let dataSource = AsyncItemsDataSource()
        let started = AsyncGate<LoadingState>()
        let response = AsyncGate<[String]>()
        let task = dataSource.loadingCoordinator.load { state in
            started.open(returning: state)
            return try await response.wait()
        } commit: {
            dataSource.items = $0
        }
        let token = try await started.wait()
        #expect(dataSource.loadingCoordinator.finish(token) { dataSource.items = ["by hand"] })
        #expect(task.isCancelled, "its work would be dropped anyway")
        response.open(returning: ["late"])
        #expect(await task.value == false)
        #expect(dataSource.items == ["by hand"])
    }
}
