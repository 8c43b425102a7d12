import ContentLoadingTestSupport
import Foundation

@testable import ContentLoading

/// A data source and wrapper (immediate policy) that many threads drive at once, with an
/// oracle that judges every begin, finish and cancel as it happens on the main actor.
///
/// The oracle knows only what the tests did: the number of the last load begun, whether it is
/// still open, the state it began in, and the outcome of the last accepted finish (its state,
/// the items it wrote, its error). From that alone it predicts, after every step, the
/// coordinator's state, `isLoading` and `error`, the model, and the screen; a finish must be
/// accepted exactly when it names the open load, and never once a worker has seen its token
/// invalid off the main actor (see ``OffMainChecks``). Items carry the generation of the load
/// that wrote them, so the model always tells which load it came from.
@MainActor
final class ContentionHarness: DataSourceDelegate, ContentWrapperDelegate {
    /// The outcome of an accepted finish: what shows, and what the model holds, once no load is open.
    struct Outcome: Equatable, CustomStringConvertible {
        var state: ContentState
        var items: [String]
        /// The generation of the failed load whose error the coordinator keeps, if any.
        var error: UInt64?

        var description: String { "\(state) \(items) error: \(error.map { "#\($0)" } ?? "none")" }
    }

    let dataSource = RaceDataSource()
    let log = RenderLog()
    let offMain = OffMainChecks()
    private(set) var wrapper: ContentWrapper!

    /// The generation of the last load begun (0: none), and whether it still waits for its finish.
    private(set) var lastBegun: UInt64 = 0
    private(set) var lastBegunIsOpen = false
    /// Every synchronous token begun, for workers to pick stale and current ones from.
    private(set) var tokens: [LoadingState] = []
    /// The outcome of the last accepted finish: the state and model whenever no load is open,
    /// and what ``cancel()`` must return to.
    private(set) var settled = Outcome(state: .initial, items: [], error: nil)
    /// The state the open load began in: loading or refreshing.
    private var openState: ContentState = .initial
    /// An async load's commit ran; its settle is checked when the data source reports it.
    private var asyncSettlePending = false

    /// What went wrong, as it happened.
    private(set) var violations: [String] = []
    private(set) var acceptedFinishes = 0
    private(set) var droppedFinishes = 0
    /// Async loads whose task returned `true`, and `false`.
    private(set) var asyncAccepted = 0
    private(set) var asyncDropped = 0
    /// Cancels that found a load open (and so had a state to restore).
    private(set) var cancels = 0

    /// Coordinator states in the order they were reached, noted after each change.
    private(set) var stateChanges: [ContentState] = []
    private var lastNotedState: ContentState = .initial
    /// The screens the wrapper announced, and how many it then drew and confirmed.
    private(set) var willShowStates: [ContentState] = []
    private(set) var didShowCount = 0

    init() {
        wrapper = ContentWrapper.recording(into: log)
        wrapper.delegate = self
        dataSource.delegate = self
    }

    private var coordinator: LoadingCoordinator { dataSource.loadingCoordinator }

    // MARK: - Operations, each one main-actor step

    /// Begins a synchronous load.
    @discardableResult
    func begin(keepingContent: Bool) -> LoadingState {
        let wasOpen = lastBegunIsOpen
        let token = coordinator.loadContent(keepingContent: keepingContent) { _ in }
        tokens.append(token)
        didBegin(generation: token.generation, keepingContent: keepingContent, wasOpen: wasOpen)
        return token
    }

    /// Finishes `token` with content tagged by its generation, with nothing, or with an error.
    @discardableResult
    func finish(_ token: LoadingState, failing: Bool = false, empty: Bool = false) -> Bool {
        let generation = token.generation
        let wasCurrent = lastBegunIsOpen && generation == lastBegun
        // Read before finishing: a worker that saw the token invalid did so before this point.
        let seenInvalid = offMain.wasSeenInvalid(generation)
        let items = empty ? [] : Self.items(for: generation)
        var updateRan = false
        let accepted: Bool
        if failing {
            accepted = coordinator.finish(token, error: RaceError(Int(generation)))
        } else {
            accepted = coordinator.finish(token) {
                updateRan = true
                dataSource.items = items
            }
            if updateRan != accepted {
                violations.append("#\(generation): update ran \(updateRan), accepted \(accepted)")
            }
        }
        if accepted != wasCurrent {
            violations.append("finish of #\(generation) accepted: \(accepted), was current: \(wasCurrent)")
        }
        if accepted && seenInvalid {
            violations.append("#\(generation) accepted after a worker had seen its token invalid")
        }
        if accepted {
            acceptedFinishes += 1
            lastBegunIsOpen = false
            if failing {
                // A refresh that fails while content exists keeps the content.
                let keepsContent = openState == .refreshing && !settled.items.isEmpty
                settled = Outcome(state: keepsContent ? .content : .error, items: settled.items, error: generation)
            } else {
                settled = Outcome(state: items.isEmpty ? .empty : .content, items: items, error: nil)
            }
        } else {
            droppedFinishes += 1
        }
        noteState()
        check(after: "finish #\(generation)")
        return accepted
    }

    /// Cancels the load in flight: the state and model must return to the last accepted outcome.
    @discardableResult
    func cancel() -> Bool {
        let wasOpen = lastBegunIsOpen
        let cancelled = coordinator.cancel()
        if cancelled != wasOpen { violations.append("cancel returned \(cancelled) with a load open: \(wasOpen)") }
        if cancelled {
            cancels += 1
            // Back to the last outcome as the model has it now: an error gives way to content
            // the model still holds (a load that did not keep its content failed over it).
            if settled.state == .error && !settled.items.isEmpty { settled.state = .content }
        }
        lastBegunIsOpen = false
        noteState()
        check(after: "cancel")
        return cancelled
    }

    /// Begins a `load { }` whose work runs `work` off the main actor (it reads its token there,
    /// through ``OffMainChecks``), then commits items tagged with its generation. The task's
    /// value is whether it was accepted.
    func beginAsync(
        keepingContent: Bool, work: @escaping @Sendable (LoadingState) async throws -> Void
    ) -> Task<Bool, Never> {
        let wasOpen = lastBegunIsOpen
        let offMain = self.offMain
        let task = coordinator.load(keepingContent: keepingContent) { state in
            try await Self.runOffMain(state, offMain: offMain, work: work)
            return state
        } commit: { [weak self] state in
            self?.asyncCommit(state)
        }
        // Generations are handed out one by one, so an async load's is the next number.
        didBegin(generation: lastBegun + 1, keepingContent: keepingContent, wasOpen: wasOpen)
        return task
    }

    /// Counts what async tasks returned: every `true` must have committed, every `false` not.
    func noteAsyncValues(_ values: [Bool]) {
        asyncAccepted += values.filter { $0 }.count
        asyncDropped += values.filter { !$0 }.count
        if asyncAccepted != acceptedFinishes {
            violations.append("\(asyncAccepted) async tasks returned true, \(acceptedFinishes) committed")
        }
    }

    /// The items a load writes: one entry naming its generation.
    static func items(for generation: UInt64) -> [String] { ["generation \(generation)"] }

    // MARK: - Checks

    /// Compares the coordinator, the model and the screen with what the oracle predicts.
    func check(after step: String) {
        let expectedState = lastBegunIsOpen ? openState : settled.state
        var problems: [String] = []
        if coordinator.state != expectedState {
            problems.append("state \(coordinator.state), expected \(expectedState)")
        }
        if coordinator.isLoading != lastBegunIsOpen { problems.append("isLoading \(coordinator.isLoading)") }
        if dataSource.items != settled.items { problems.append("items \(dataSource.items), expected \(settled.items)") }
        let error = (coordinator.error as? RaceError).map { UInt64($0.id) }
        if error != settled.error {
            problems.append("error \(String(describing: coordinator.error)), expected \(settled)")
        }
        if wrapper.displayedState != coordinator.state {
            problems.append("shows \(wrapper.displayedState), state \(coordinator.state)")
        }
        if !problems.isEmpty { violations.append("after \(step): " + problems.joined(separator: "; ")) }
    }

    /// Problems with the renderer switches: an illegal move, a repeated screen, a change
    /// announced or drawn other than exactly once and in order.
    func switchProblems() -> [String] {
        var problems: [String] = []
        var previous: ContentState = .initial
        for state in willShowStates {
            if !LoadingStateMachine.isLegal(from: previous, to: state) {
                problems.append("illegal switch \(previous) -> \(state)")
            }
            previous = state
        }
        if willShowStates != stateChanges {
            problems.append("announced \(willShowStates.suffix(8)) but the state went \(stateChanges.suffix(8))")
        }
        let shows = log.entries.filter { $0.contains(".show(") }.count
        if shows != willShowStates.count + 1 || didShowCount != willShowStates.count {
            problems.append("\(willShowStates.count) announced, \(shows - 1) drawn, \(didShowCount) confirmed")
        }
        if wrapper.displayedState != coordinator.state {
            problems.append("shows \(wrapper.displayedState) but the state is \(coordinator.state)")
        }
        return problems
    }

    // MARK: - Bookkeeping

    private func didBegin(generation: UInt64, keepingContent: Bool, wasOpen: Bool) {
        if generation != lastBegun + 1 { violations.append("load #\(generation) began after #\(lastBegun)") }
        lastBegun = generation
        lastBegunIsOpen = true
        offMain.loadDidBegin(generation)
        // A load begun while another is open keeps its state; otherwise refreshing needs content
        // to keep and a settled screen to keep it on.
        if !wasOpen {
            let refreshes = keepingContent && !settled.items.isEmpty && settled.state != .initial
            openState = refreshes ? .refreshing : .loading
        }
        noteState()
        check(after: "begin #\(generation)")
    }

    private func asyncCommit(_ state: LoadingState) {
        let generation = state.generation
        // Runs only for an accepted load: it must be the open one, and its work saw it valid.
        if !(lastBegunIsOpen && generation == lastBegun) {
            violations.append("commit of #\(generation) while #\(lastBegun) is current")
        }
        if offMain.wasSeenInvalid(generation) { violations.append("commit of #\(generation), seen invalid") }
        let items = Self.items(for: generation)
        dataSource.items = items
        acceptedFinishes += 1
        lastBegunIsOpen = false
        settled = Outcome(state: .content, items: items, error: nil)
        asyncSettlePending = true
    }

    private nonisolated static func runOffMain(
        _ state: LoadingState, offMain: OffMainChecks, work: @Sendable (LoadingState) async throws -> Void
    ) async throws {
        offMain.observe(state)
        try await work(state)
        offMain.observe(state)
    }

    private func noteState() {
        guard coordinator.state != lastNotedState else { return }
        lastNotedState = coordinator.state
        stateChanges.append(lastNotedState)
    }

    // MARK: - Delegates

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func dataSource(_ dataSource: DataSource, didFinishLoadingWith error: (any Error)?) {
        // Async loads settle inside the coordinator's task; note and check their state here.
        noteState()
        if asyncSettlePending {
            asyncSettlePending = false
            check(after: "async settle")
        }
    }

    func contentWrapper(_ wrapper: ContentWrapper, willShow screen: Screen) {
        willShowStates.append(screen.state)
    }

    func contentWrapper(_ wrapper: ContentWrapper, didShow screen: Screen) { didShowCount += 1 }
}
