import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// The footer's timing when a segmented screen switches to another segment's footer.
@Suite(.hangLimit) struct FooterPresentationStateMachineTests {
    @Test func aSwitchDrawsTheOtherFooterPastTheDelayAndTheMinimum() {
        var machine = FooterPresentationStateMachine(policy: .standard)
        var draws = machine.receive(.loadingMore, revision: 1, now: .zero)
        #expect(!draws, "the indicator waits out the delay")
        draws = machine.receiveAtOnce(.loadingMore, revision: 2, now: .milliseconds(100))
        #expect(draws, "but not on a switch")
        #expect(machine.displayed == .loadingMore)
        #expect(machine.deadline == nil)

        draws = machine.receive(.idle, revision: 3, now: .milliseconds(200))
        #expect(!draws, "it stays for the minimum")
        #expect(machine.deadline == .milliseconds(600), "counted from the switch")
        draws = machine.receiveAtOnce(.endReached, revision: 4, now: .milliseconds(300))
        #expect(draws, "but not on a switch")
        #expect(machine.displayed == .endReached)
        #expect(machine.deadline == nil, "nothing left to wait for")
    }

    @Test func aSwitchRedrawsAFailureOfAnotherRevisionOnly() {
        var machine = FooterPresentationStateMachine(policy: .immediate)
        var draws = machine.receive(.failed, revision: 1, now: .zero)
        #expect(draws)
        draws = machine.receiveAtOnce(.failed, revision: 1, now: .zero)
        #expect(!draws, "the same failure")
        draws = machine.receiveAtOnce(.failed, revision: 2, now: .zero)
        #expect(draws, "another segment's failure")
        #expect(machine.displayedRevision == 2)
        draws = machine.receiveAtOnce(.loadingMore, revision: 3, now: .zero)
        #expect(draws)
        draws = machine.receiveAtOnce(.loadingMore, revision: 4, now: .zero)
        #expect(!draws, "an indicator already drawn stays")
    }
}
