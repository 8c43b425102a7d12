import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// Every row of the aggregate rule, and the reveal policies.
@Suite(.hangLimit)
struct AggregateStateMachineTests {
    func aggregate(_ states: [ContentState], reveal: RevealPolicy = .asTheyArrive) -> ContentState {
        var machine = AggregateStateMachine(reveal: reveal)
        for state in states { machine.add(state) }
        return machine.state
    }

    @Test func theRuleTable() {
        #expect(aggregate([]) == .initial)
        #expect(aggregate([.initial, .initial]) == .initial)
        #expect(aggregate([.content, .loading]) == .refreshing)
        #expect(aggregate([.refreshing, .content]) == .refreshing)
        #expect(aggregate([.content, .error, .empty]) == .content)
        #expect(aggregate([.loading, .error]) == .loading)
        #expect(aggregate([.error, .empty, .initial]) == .error)
        #expect(aggregate([.empty, .initial]) == .empty)
    }

    @Test func allTogetherHoldsTheFirstLoadUntilNoSectionIsOnItsFirstLoad() {
        var machine = AggregateStateMachine(reveal: .allTogether)
        for _ in 0..<3 { machine.add(.loading) }
        machine.move(from: .loading, to: .content)
        #expect(machine.state == .loading)
        machine.move(from: .loading, to: .error)
        #expect(machine.state == .loading)
        machine.move(from: .loading, to: .content)
        #expect(machine.state == .content)
        // Once shown, a section added later appears as it arrives.
        machine.add(.loading)
        #expect(machine.state == .refreshing)
    }

    @Test func countsFollowMovesAndRemovals() {
        var machine = AggregateStateMachine(reveal: .asTheyArrive)
        machine.add(.content)
        machine.add(.loading)
        machine.remove(.content)
        #expect(machine.state == .loading)
        #expect(machine.childCount == 1)
        machine.move(from: .loading, to: .empty)
        #expect(machine.state == .empty)
    }
}
