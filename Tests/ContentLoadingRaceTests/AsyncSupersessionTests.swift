import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A `load { }` superseded by a newer load is cancelled, and nothing it returns lands: not a
/// value, not an error, not late, not even when its work ignores cancellation.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct AsyncSupersessionTests {
    /// Begins a `load { }` whose work waits on `gate`, counting its commits.
    private func beginLoad(_ rig: Rig, _ gate: AsyncGate<[String]>, commits: Counter? = nil) -> Task<Bool, Never> {
        rig.coordinator.load { _ in
            try await gate.wait()
        } commit: { [weak rig] items in
            commits?.count += 1
            rig?.dataSource.items = items
        }
    }

    @Test func supersededWorkObservesCancellation() async {
        let rig = Rig()
        let first = AsyncGate<[String]>(observesCancellation: true)
        let second = AsyncGate<[String]>(observesCancellation: true)
        let commits = Counter()
        let firstTask = beginLoad(rig, first, commits: commits)
        let secondTask = beginLoad(rig, second, commits: commits)
        #expect(await firstTask.value == false)
        #expect(first.sawCancellation)
        #expect(firstTask.isCancelled)
        #expect(rig.shown == .loading)
        second.open(with: .success(["second"]))
        #expect(await secondTask.value)
        #expect(second.sawCancellation == false)
        #expect(commits.count == 1)
        #expect(rig.dataSource.items == ["second"])
        #expect(rig.shown == .content)
        #expect(rig.finished == ["ok"])
    }

    @Test func workThatIgnoresCancellationAndReturnsLateIsDropped() async {
        let rig = Rig()
        let stale = AsyncGate<[String]>(observesCancellation: false)
        let current = AsyncGate<[String]>(observesCancellation: false)
        let commits = Counter()
        let staleTask = beginLoad(rig, stale, commits: commits)
        let currentTask = beginLoad(rig, current, commits: commits)
        current.open(with: .success(["current"]))
        #expect(await currentTask.value)
        let logBefore = rig.log.entries
        stale.open(with: .success(["stale"]))
        #expect(await staleTask.value == false)
        #expect(stale.sawCancellation, "the task was cancelled, its work just did not look")
        #expect(commits.count == 1)
        #expect(rig.dataSource.items == ["current"])
        #expect(rig.shown == .content)
        #expect(rig.log.entries == logBefore, "the late result drew nothing")
    }

    @Test func lateResultWhileTheNewerLoadIsStillRunningIsDropped() async {
        let rig = Rig()
        let stale = AsyncGate<[String]>(observesCancellation: false)
        let current = AsyncGate<[String]>(observesCancellation: true)
        let staleTask = beginLoad(rig, stale)
        let currentTask = beginLoad(rig, current)
        stale.open(with: .success(["stale"]))
        #expect(await staleTask.value == false)
        #expect(rig.dataSource.items.isEmpty)
        #expect(rig.shown == .loading)
        #expect(rig.coordinator.isLoading)
        current.open(with: .success([]))
        #expect(await currentTask.value)
        #expect(rig.shown == .empty)
    }

    @Test func lateErrorIsDroppedAndNeverShown() async {
        let rig = Rig()
        let stale = AsyncGate<[String]>(observesCancellation: false)
        let current = AsyncGate<[String]>(observesCancellation: false)
        let staleTask = beginLoad(rig, stale)
        let currentTask = beginLoad(rig, current)
        current.open(with: .success(["current"]))
        #expect(await currentTask.value)
        stale.open(with: .failure(RaceError(1)))
        #expect(await staleTask.value == false)
        #expect(rig.coordinator.error == nil)
        #expect(rig.shown == .content)
        #expect(rig.finished == ["ok"])
        #expect(!rig.shownStates.contains(.error))
    }

    @Test func supersededTokenTurnsInvalidForWorkThatChecksIt() async throws {
        let rig = Rig()
        let gate = AsyncGate<[String]>(observesCancellation: false)
        let seen = TokenBox()
        let staleTask = rig.coordinator.load { state in
            await MainActor.run { seen.token = state }
            _ = try await gate.wait()
            try state.checkValid()
            return ["never"]
        } commit: { _ in
            Issue.record("a superseded load committed")
        }
        let token = try await seen.awaitToken()
        #expect(token.isValid)
        rig.begin()
        #expect(!token.isValid)
        gate.open(with: .success([]))
        #expect(await staleTask.value == false)
        #expect(rig.shown == .loading, "the newer load still owns the screen")
    }

    @Test(arguments: [Supersession.syncBegin, .cancel])
    func otherWaysOfSupersedingCancelTheTask(_ supersession: Supersession) async {
        let rig = Rig()
        let gate = AsyncGate<[String]>(observesCancellation: true)
        let task = beginLoad(rig, gate)
        switch supersession {
        case .syncBegin: rig.begin()
        case .cancel: #expect(rig.coordinator.cancel())
        }
        #expect(await task.value == false)
        #expect(gate.sawCancellation)
        #expect(rig.shown == (supersession == .cancel ? .initial : .loading))
        #expect(rig.switchesAreLegal)
    }

    /// Many loads begun back to back, their work returning in a random order, half of them
    /// ignoring cancellation: only the last one begun lands, and its result is the model.
    @Test func randomCompletionOrderOnlyTheLastLands() async {
        let seed = RaceSettings.seed(for: "AsyncSupersessionTests")
        var random = SeededGenerator(seed: seed)
        for _ in 0..<RaceSettings.iterations(300) {
            let rig = Rig()
            let commits = Counter()
            let count = Int.random(in: 2...8, using: &random)
            let gates = (0..<count).map { _ in AsyncGate<[String]>(observesCancellation: random.chance(50)) }
            let tasks = gates.map { beginLoad(rig, $0, commits: commits) }
            for index in (0..<count).shuffled(using: &random) {
                let outcome: Result<[String], any Error> =
                    random.chance(25) ? .failure(RaceError(index)) : .success(["load \(index)"])
                gates[index].open(with: outcome)
                let accepted = await tasks[index].value
                #expect(accepted == (index == count - 1), "seed \(seed): load \(index) of \(count)")
            }
            #expect(commits.count <= 1, "seed \(seed)")
            #expect(gates.dropLast().allSatisfy { $0.sawCancellation }, "seed \(seed)")
            #expect(rig.finished.count == 1, "seed \(seed)")
            let last = count - 1
            if rig.finished == ["ok"] {
                #expect(rig.dataSource.items == ["load \(last)"], "seed \(seed)")
                #expect(rig.shown == .content, "seed \(seed)")
            } else {
                #expect(rig.finished == ["RaceError(\(last))"], "seed \(seed)")
                #expect(rig.dataSource.items.isEmpty && rig.shown == .error, "seed \(seed)")
            }
            #expect(rig.shownStates == [.loading, rig.shown], "seed \(seed)")
        }
    }

    /// How a test supersedes a running `load { }`.
    enum Supersession: Sendable, CustomStringConvertible {
        case syncBegin, cancel
        var description: String { self == .syncBegin ? "a synchronous begin" : "cancel()" }
    }
}
