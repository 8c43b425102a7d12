import ContentLoading
import ContentLoadingTestSupport

/// The steps workers take, each one main-actor step judged by the oracle.
extension CompositionContentionHarness {
    /// What a worker does once it reaches the main actor.
    enum Action: Sendable {
        /// Finishes the token the worker picked (current or stale).
        case finish(TokenTicket, Outcome)
        /// Finishes the child's newest token, read on the main actor.
        case finishNewest(child: Int, Outcome)
        case cancel(child: Int)
        case begin(child: Int, keepingContent: Bool)
        case reload(keepingContent: Bool)
        case add(child: Int)
        case remove(child: Int)
        case changeModel(child: Int)
        case select(Int)
        // The children change (see CompositionContentionHarness+Structure.swift).
        /// Composed: the sections become these children (refused with a child twice).
        case relist([Int])
        /// Segmented: the child joins as the segment at the index, in range or not.
        case insertSegment(child: Int, at: Int)
        /// Segmented: the segment at the index leaves, in range or not.
        case removeSegment(Int)
        /// Segmented: the selected segment leaves, whatever its index (the one a reload loads,
        /// so that leaving mid-load is common under any scheduling); nothing without one.
        case removeSelectedSegment
        /// The container's `resetContent()`.
        case reset
    }

    enum Outcome: Sendable {
        case content, empty, failure, cancellation
    }

    /// A random action for a worker holding `tickets`, weighted toward finishes.
    nonisolated static func action(
        tickets: [[TokenTicket]], segments: Bool, using random: inout SeededGenerator
    ) -> Action {
        let child = Int.random(in: 0..<tickets.count, using: &random)
        let outcome = [Outcome.content, .content, .content, .empty, .failure, .failure, .cancellation]
            .randomElement(using: &random)!
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<40:
            guard let ticket = tickets[child].randomElement(using: &random) else { return .cancel(child: child) }
            return .finish(ticket, outcome)
        case 40..<58: return .finishNewest(child: child, outcome)
        case 58..<64: return .cancel(child: child)
        case 64..<72: return .begin(child: child, keepingContent: random.chance(70))
        case 72..<76: return .reload(keepingContent: random.chance(70))
        case 76..<80: return .changeModel(child: child)
        default:
            if segments { return .select(Int.random(in: -1...tickets.count, using: &random)) }
            return random.chance(50) ? .add(child: child) : .remove(child: child)
        }
    }

    /// Runs `action` and checks everything after it.
    func perform(_ action: Action) {
        // An awaited reload's task may have begun loads since the last step.
        absorbNewLoads()
        switch action {
        case .finish(let ticket, let outcome):
            finish(ticket, outcome)
        case .finishNewest(let child, let outcome):
            guard let ticket = newestTicket(of: child) else { return }
            finish(ticket, outcome)
        case .cancel(let child):
            noteCancelled(child, answer: sections[child].loadingCoordinator.cancel())
        case .begin(let child, let keeping):
            sections[child].begin(keepingContent: keeping)
            noteBegun(child)
        case .reload(let keeping):
            for section in sections { section.keepsContent = keeping }
            container.loadContent()
        case .add(let child):
            composed?.add(sections[child])
            noteAdded(child)
        case .remove(let child):
            noteRemoved(child, answer: composed?.remove(sections[child]) ?? false)
        case .changeModel(let child):
            let items = sections[child].items.isEmpty ? ["changed \(child)"] : []
            sections[child].items = items
            sections[child].contentDidChange()
            noteModelChanged(child, to: items)
        case .select(let index):
            let answer = segmented?.select(index) ?? false
            if answer != segments.indices.contains(index) { record("select(\(index)) answered \(answer)") }
        case .relist, .insertSegment, .removeSegment, .removeSelectedSegment, .reset:
            performStructure(action)
        }
        absorbNewLoads()
        check(after: "\(action)")
    }

    /// Finishes every open load (content for even children, a failure for odd ones), so the
    /// screen must settle by the rule: nothing loading, the state the scan calls for.
    func settleEverything() {
        absorbNewLoads()
        for child in sections.indices where isOpen[child] {
            guard let ticket = newestTicket(of: child) else { continue }
            finish(ticket, child.isMultiple(of: 2) ? .content : .failure)
            check(after: "settling child \(child)")
        }
        if container.contentState.isLoading || wrapper.displayedState.isLoading {
            record("still \(container.contentState) (drawn \(wrapper.displayedState)) with every load finished")
        }
    }

    private func finish(_ ticket: TokenTicket, _ outcome: Outcome) {
        let seenInvalid = reads.wasSeenInvalid(ticket)
        let coordinator = sections[ticket.child].loadingCoordinator
        let section = sections[ticket.child]
        let answer: Bool
        var written: [String]?
        switch outcome {
        case .content, .empty:
            let items = outcome == .empty ? [] : ["c\(ticket.child)#\(ticket.index + 1)"]
            var updateRan = false
            answer = coordinator.finish(ticket.token) {
                updateRan = true
                section.items = items
            }
            if updateRan != answer { record("\(ticket): update ran \(updateRan), accepted \(answer)") }
            written = items
        case .failure:
            answer = coordinator.finish(ticket.token, error: RaceError(ticket.index + 1))
        case .cancellation:
            answer = coordinator.finish(ticket.token, error: CancellationError())
        }
        judgeFinish(
            ticket, accepted: answer, seenInvalid: seenInvalid, items: written, cancellation: outcome == .cancellation)
    }
}
