import ContentLoadingTestSupport
import Foundation

@testable import ContentLoading

/// A data source and wrapper (immediate policy) that many threads drive at once, with an
/// oracle that judges every begin, finish and cancel as it happens on the main actor.
///
/// The oracle knows only what the tests did: how many loads began (so the number of the last
/// one) and whether that one is still open. Every finish the coordinator accepts must name that load while it was open, and
/// every finish that names it while open must be accepted. Items carry the generation of the
/// load that wrote them, so the model always tells which load it came from.
@MainActor
final class ContentionHarness: DataSourceDelegate, ContentWrapperDelegate {
    let dataSource = RaceDataSource()
    let log = RenderLog()
    private(set) var wrapper: ContentWrapper!

    /// The generation of the last load begun (0: none), and whether it still waits for its finish.
    private(set) var lastBegun: UInt64 = 0
    private(set) var lastBegunIsOpen = false
    /// Every synchronous token begun, for workers to pick stale and current ones from.
    private(set) var tokens: [LoadingState] = []

    /// What went wrong, as it happened.
    private(set) var violations: [String] = []
    private(set) var acceptedFinishes = 0
    private(set) var droppedFinishes = 0

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
        let token = coordinator.loadContent(keepingContent: keepingContent) { _ in }
        didBegin(token)
        return token
    }

    /// Finishes `token` with content tagged by its generation, with nothing, or with an error,
    /// and checks that the outcome, and only an accepted one, reached the model and the screen.
    @discardableResult
    func finish(_ token: LoadingState, failing: Bool = false, empty: Bool = false) -> Bool {
        let wasCurrent = lastBegunIsOpen && token.generation == lastBegun
        let before = (items: dataSource.items, state: coordinator.state, shown: wrapper.displayedState)
        var updateRan = false
        let accepted: Bool
        if failing {
            accepted = coordinator.finish(token, error: RaceError(Int(token.generation)))
        } else {
            accepted = coordinator.finish(token) {
                updateRan = true
                dataSource.items = empty ? [] : Self.items(for: token)
            }
            if updateRan != accepted { violations.append("update ran: \(updateRan), accepted: \(accepted)") }
        }
        judge(token, accepted: accepted, wasCurrent: wasCurrent)
        let after = (items: dataSource.items, state: coordinator.state, shown: wrapper.displayedState)
        if after.shown != after.state { violations.append("shows \(after.shown), state \(after.state)") }
        switch (accepted, failing) {
        case (false, _):
            if after != before { violations.append("dropped #\(token.generation) changed \(before) to \(after)") }
        case (true, false):
            let expected: ContentState = empty ? .empty : .content
            if after.state != expected { violations.append("#\(token.generation) settled on \(after.state)") }
        case (true, true):
            let keptContent = before.state == .refreshing && !before.items.isEmpty
            if after.state != (keptContent ? .content : .error) || after.items != before.items {
                violations.append("failed #\(token.generation) went \(before) to \(after)")
            }
        }
        return accepted
    }

    /// Cancels the load in flight.
    @discardableResult
    func cancel() -> Bool {
        let wasOpen = lastBegunIsOpen
        let cancelled = coordinator.cancel()
        if cancelled != wasOpen { violations.append("cancel returned \(cancelled) with a load open: \(wasOpen)") }
        lastBegunIsOpen = false
        noteState()
        return cancelled
    }

    /// Begins a `load { }` whose work runs `work` off the main actor, then commits items
    /// tagged with its generation. The task's value is whether it was accepted.
    func beginAsync(
        keepingContent: Bool, work: @escaping @Sendable (LoadingState) async throws -> Void
    ) -> Task<Bool, Never> {
        let task = coordinator.load(keepingContent: keepingContent) { state in
            try await work(state)
            return state
        } commit: { [weak self] state in
            guard let self else { return }
            // Runs only for an accepted load: it must be the current one.
            if !(lastBegunIsOpen && state.generation == lastBegun) {
                violations.append("commit of #\(state.generation) while #\(lastBegun) is current")
            }
            dataSource.items = Self.items(for: state)
            acceptedFinishes += 1
            lastBegunIsOpen = false
        }
        didBegin(generation: nil)
        return task
    }

    /// The items a load writes: one entry naming its generation.
    static func items(for token: LoadingState) -> [String] { ["generation \(token.generation)"] }

    // MARK: - Checks after the dust settles

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

    private func didBegin(_ token: LoadingState) {
        tokens.append(token)
        didBegin(generation: token.generation)
    }

    /// Generations are handed out one by one, so an async load's is the next number.
    private func didBegin(generation: UInt64?) {
        if let generation, generation != lastBegun + 1 {
            violations.append("load #\(generation) began after #\(lastBegun)")
        }
        lastBegun += 1
        lastBegunIsOpen = true
        noteState()
    }

    private func judge(_ token: LoadingState, accepted: Bool, wasCurrent: Bool) {
        if accepted != wasCurrent {
            violations.append("finish of #\(token.generation) accepted: \(accepted), was current: \(wasCurrent)")
        }
        if accepted {
            acceptedFinishes += 1
            lastBegunIsOpen = false
        } else {
            droppedFinishes += 1
        }
        noteState()
    }

    private func noteState() {
        guard coordinator.state != lastNotedState else { return }
        lastNotedState = coordinator.state
        stateChanges.append(lastNotedState)
    }

    // MARK: - Delegates

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func dataSource(_ dataSource: DataSource, didFinishLoadingWith error: (any Error)?) {
        // Async loads settle inside the coordinator's task; note their state here.
        noteState()
    }

    func contentWrapper(_ wrapper: ContentWrapper, willShow screen: Screen) {
        willShowStates.append(screen.state)
    }

    func contentWrapper(_ wrapper: ContentWrapper, didShow screen: Screen) { didShowCount += 1 }
}
