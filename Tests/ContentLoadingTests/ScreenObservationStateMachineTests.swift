import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// The pure logic behind a wrapper's observers: whether anything they can see changed since
/// they were last told.
@Suite("ScreenObservationStateMachine", .hangLimit)
struct ScreenObservationStateMachineTests {
    /// `machine.takeChange()`, outside `#expect` (which cannot call a mutating method).
    func take(_ machine: inout ScreenObservationStateMachine) -> Bool { machine.takeChange() }

    @Test func nothingToTellUntilSomethingVisibleChanges() {
        var machine = ScreenObservationStateMachine(isLoading: false)
        #expect(!take(&machine))
        machine.wrapperWasTold(.initial)
        machine.wrapperWasTold(.content)
        #expect(!take(&machine), "not loading before, not loading now")
    }

    @Test func aLoadThatBeganAndEndedBeforeAnyoneWasToldIsNoChange() {
        var machine = ScreenObservationStateMachine(isLoading: false)
        machine.wrapperWasTold(.loading)
        machine.wrapperWasTold(.initial)
        #expect(!take(&machine))
    }

    @Test func everyDrawIsAChangeAndIsToldOnce() {
        var machine = ScreenObservationStateMachine(isLoading: false)
        machine.wrapperWasTold(.loading)
        machine.wrapperDrew()
        #expect(take(&machine))
        #expect(machine.isLoading)
        #expect(!take(&machine))

        machine.wrapperDrew()
        #expect(take(&machine), "the wrapper draws only real changes: each counts")
    }

    @Test func aRefreshFailureLastsUntilALoadBeginsOrAnotherScreenIsDrawn() {
        var machine = ScreenObservationStateMachine(isLoading: false)
        machine.wrapperDrew()
        machine.wrapperReportedRefreshFailure()
        #expect(take(&machine))
        #expect(machine.hasRefreshFailure)

        machine.wrapperWasTold(.content)
        #expect(!take(&machine), "the same state again keeps the notice")
        machine.wrapperWasTold(.refreshing)
        #expect(take(&machine))
        #expect(!machine.hasRefreshFailure)
        #expect(machine.isLoading)

        machine.wrapperWasTold(.content)
        machine.wrapperDrew()
        machine.wrapperReportedRefreshFailure()
        #expect(take(&machine))
        machine.wrapperDrew()
        #expect(take(&machine))
        #expect(!machine.hasRefreshFailure)
    }

    @Test func aFailureNoticedAndClearedBeforeAnyoneWasToldIsNoChange() {
        var machine = ScreenObservationStateMachine(isLoading: false)
        machine.wrapperReportedRefreshFailure()
        machine.wrapperWasTold(.loading)
        machine.wrapperWasTold(.content)
        #expect(!take(&machine))
    }
}
