import ContentLoading
import ContentLoadingTestSupport

/// A container over many children and one wrapper (immediate policy), that worker threads and
/// tasks drive at once, with an oracle that judges every step as it happens on the main actor.
///
/// The oracle knows only what the tests did: each child's newest load and whether it is still
/// open, who is in the container, and each child's last accepted content. After every step it
/// checks, by a scan of the children's states (never the container's counts), that the
/// container's state, `hasContent` and drawn state follow the rule; every frame drawn is
/// checked against the container's state at that moment (for segments, the selected child's).
/// A finish must win exactly when it names its child's open load, at most once per token, and
/// never once a worker saw the token invalid.
@MainActor
final class CompositionContentionHarness: DataSourceDelegate, ContentWrapperDelegate {
    let sections: [SectionDataSource]
    let container: DataSource
    let wrapper: ContentWrapper
    let reads = TokenReads()
    private let renderLog = RenderLog()

    /// The children in the container (composed), by pool index.
    var members: Set<Int>
    /// The segments (segmented), by pool index, in order.
    var segments: [Int]
    /// How many of each child's loads settled (finished with content, nothing or a failure).
    var settles: [Int]
    /// The children a reset marked, with their settles then: until a load of one settles, the
    /// container counts it as never loaded (see CompositionContentionHarness+Structure.swift).
    var resetMarks: [Int: Int] = [:]
    /// How many loads each child began, and whether its newest is open.
    private(set) var loadsBegun: [Int]
    var isOpen: [Bool]
    /// Each child's model as its last accepted content finish (or model change) left it.
    private(set) var expectedItems: [[String]]
    /// Whether the children's scan settled once (composed, `allTogether`), at a check or a frame.
    var revealed = false
    /// Accepted finishes per token: at most one each.
    private var wins: [TokenTicket: Int] = [:]
    /// Each child's newest async load's task, while it may still be open.
    var openTasks: [Task<Bool, Never>?]
    /// Async loads whose commit ran, and whose task returned `true`.
    var asyncCommits = 0
    var asyncLanded = 0
    /// Awaited reloads of the container asked for, and begun (their loads begun with them).
    var awaitedReloadsRequested = 0
    var awaitedReloadsBegun = 0

    private(set) var violations: [String] = []
    private(set) var accepted = 0
    private(set) var dropped = 0
    var cancels = 0
    var removalsMidLoad = 0
    private(set) var frames = 0

    init(children: Int, container kind: CompositionScenario.Container) {
        sections = (0..<children).map { _ in SectionDataSource() }
        switch kind {
        case .composed(let reveal): container = ComposedDataSource(children: sections, reveal: reveal)
        case .segmented: container = SegmentedDataSource(children: sections)
        }
        members = Set(sections.indices)
        segments = Array(sections.indices)
        settles = Array(repeating: 0, count: children)
        loadsBegun = Array(repeating: 0, count: children)
        isOpen = Array(repeating: false, count: children)
        expectedItems = Array(repeating: [], count: children)
        openTasks = Array(repeating: nil, count: children)
        wrapper = ContentWrapper.recording(into: renderLog, initialScreen: .placeholder(.initial), policy: .immediate)
        wrapper.delegate = self
        container.delegate = self
    }

    var composed: ComposedDataSource? { container as? ComposedDataSource }
    var segmented: SegmentedDataSource? { container as? SegmentedDataSource }

    /// The newest `count` tokens of every child, for workers to pick current and stale ones from.
    func tickets(newest count: Int) -> [[TokenTicket]] {
        sections.indices.map { child in
            let tokens = sections[child].tokens
            return tokens.indices.suffix(count).map { TokenTicket(child: child, index: $0, token: tokens[$0]) }
        }
    }

    /// The child's newest token, current unless it was finished, cancelled or superseded.
    func newestTicket(of child: Int) -> TokenTicket? {
        let tokens = sections[child].tokens
        return tokens.indices.last.map { TokenTicket(child: child, index: $0, token: tokens[$0]) }
    }

    // MARK: - The oracle

    /// A finish of `ticket` returned `accepted`; `seenInvalid` was read before it ran. A
    /// `cancellation` that was accepted cancelled the load rather than winning it.
    func judgeFinish(
        _ ticket: TokenTicket, accepted wasAccepted: Bool, seenInvalid: Bool, items: [String]?,
        cancellation: Bool = false
    ) {
        let wasCurrent = isOpen[ticket.child] && ticket.index == loadsBegun[ticket.child] - 1
        if wasAccepted != wasCurrent {
            violations.append("\(ticket): finish accepted \(wasAccepted), was current \(wasCurrent)")
        }
        if wasAccepted && seenInvalid { violations.append("\(ticket) accepted after a worker saw it invalid") }
        guard wasAccepted else {
            dropped += 1
            return
        }
        isOpen[ticket.child] = false
        if cancellation {
            cancels += 1
            return
        }
        settles[ticket.child] += 1
        accepted += 1
        wins[ticket, default: 0] += 1
        if wins[ticket]! > 1 { violations.append("\(ticket) won \(wins[ticket]!) finishes") }
        if let items { expectedItems[ticket.child] = items }
    }

    /// A load of `child` began (by the harness, the container's reload or a selection).
    func noteBegun(_ child: Int) {
        loadsBegun[child] += 1
        isOpen[child] = true
    }

    /// Picks up the loads the container began itself (a reload, a first selection).
    func absorbNewLoads() {
        for child in sections.indices where sections[child].tokens.count > loadsBegun[child] {
            loadsBegun[child] = sections[child].tokens.count
            isOpen[child] = true
        }
    }

    func noteCancelled(_ child: Int, answer: Bool) {
        if answer != isOpen[child] {
            violations.append("child \(child): cancel answered \(answer), open \(isOpen[child])")
        }
        if answer { cancels += 1 }
        isOpen[child] = false
    }

    func noteRemoved(_ child: Int, answer: Bool) {
        if answer != members.contains(child) { violations.append("remove of child \(child) answered \(answer)") }
        guard answer else { return }
        members.remove(child)
        resetMarks[child] = nil
        if isOpen[child] {
            removalsMidLoad += 1
            isOpen[child] = false
            // Leaving cancels the child's load: its async work is told at once.
            if let task = openTasks[child], !task.isCancelled {
                violations.append("child \(child) left mid-load but its task was not cancelled")
            }
        }
        openTasks[child] = nil
    }

    func noteAdded(_ child: Int) { members.insert(child) }

    func record(_ problem: String) { violations.append(problem) }

    /// `child`'s open load landed.
    func noteLanded(_ child: Int) {
        settles[child] += 1
        isOpen[child] = false
        openTasks[child] = nil
    }

    func noteModelChanged(_ child: Int, to items: [String]) { expectedItems[child] = items }

    /// The state the screen must show now, by a scan of the children.
    private func expectedState() -> ContentState {
        if segmented != nil { return selectedChild.map(countedState) ?? .initial }
        let states = members.map(countedState)
        let holds = composed?.reveal == .allTogether && !revealed
        let state = AggregateRule.state(of: states, holdsFirstLoad: holds)
        if !revealed && AggregateRule.settlesTheFirstLoad(state) { revealed = true }
        return state
    }

    private func expectedHasContent() -> Bool {
        if segmented != nil { return selectedChild.map { !isMarked($0) && sections[$0].hasContent } ?? false }
        return members.contains { countedState($0) == .content || countedState($0) == .refreshing }
    }

    /// Compares the container, the screen and every child with the oracle.
    func check(after step: String) {
        var problems: [String] = []
        let expected = expectedState()
        if container.contentState != expected { problems.append("state \(container.contentState), scan \(expected)") }
        if wrapper.displayedState != expected { problems.append("shows \(wrapper.displayedState), scan \(expected)") }
        if container.hasContent != expectedHasContent() { problems.append("hasContent \(container.hasContent)") }
        for child in sections.indices {
            let section = sections[child]
            if section.loadingCoordinator.isLoading != isOpen[child] {
                problems.append(
                    "child \(child) isLoading \(section.loadingCoordinator.isLoading), open \(isOpen[child])")
            }
            if section.items != expectedItems[child] {
                problems.append("child \(child) items \(section.items), expected \(expectedItems[child])")
            }
        }
        if let composed,
            Set(composed.children.map { ObjectIdentifier($0) }) != Set(members.map { ObjectIdentifier(sections[$0]) })
        {
            problems.append("children differ from the members \(members.sorted())")
        }
        if let segmented,
            segmented.children.map({ ObjectIdentifier($0) }) != segments.map({ ObjectIdentifier(sections[$0]) })
        {
            problems.append("segments differ from \(segments)")
        }
        if !problems.isEmpty { violations.append("after \(step): " + problems.joined(separator: "; ")) }
    }

    // MARK: - Delegates

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func contentWrapper(_ wrapper: ContentWrapper, willShow screen: Screen) {
        frames += 1
        // Under the immediate policy every change of the container's state is drawn, so the
        // oracle scans the children at every frame too: an async load can settle the first load
        // and a refresh begin again between two checks, and the reveal must not be missed.
        _ = expectedState()
        // A segment a reset marked may be settling now, before the oracle judged its finish: the
        // container's state then (which the check after the step compares with the oracle).
        let now =
            segmented != nil && !(selectedChild.map(isMarked) ?? false)
            ? selectedChild.map { sections[$0].contentState } ?? .initial : container.contentState
        if screen.state != now { violations.append("drew \(screen.state) while the container was \(now)") }
    }
}
