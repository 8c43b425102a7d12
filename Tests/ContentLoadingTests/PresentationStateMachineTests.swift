import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// Every edge of the presentation timing, with time given by hand (milliseconds since start).
@Suite("PresentationStateMachine", .hangLimit)
struct PresentationStateMachineTests {
    static let policy = PresentationPolicy(loadingDelay: .milliseconds(500), minimumLoadingDuration: .milliseconds(500))

    var machine = PresentationStateMachine(policy: Self.policy, initialIsLoading: false, now: .zero)

    mutating func receive(_ state: ContentState, at ms: Int, load: UInt64 = 0) -> ContentState? {
        machine.receive(state, settledLoad: load, now: .milliseconds(ms))
    }

    mutating func tick(at ms: Int) -> ContentState? {
        machine.deadlineReached(now: .milliseconds(ms))
    }

    var deadline: Int? {
        machine.deadline.map { Int($0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) }
    }

    @Test mutating func settlingBeforeTheDelayNeverShowsLoading() {
        #expect(receive(.loading, at: 0) == nil)
        #expect(deadline == 500)
        #expect(receive(.content, at: 499) == .content)
        #expect(deadline == nil)
        #expect(tick(at: 500) == nil, "a late timer after settling draws nothing")
        #expect(machine.displayed == .content)
    }

    @Test mutating func settlingJustAfterTheDelayWaitsOutTheMinimum() {
        _ = receive(.loading, at: 0)
        #expect(tick(at: 499) == nil, "an early wake draws nothing")
        #expect(tick(at: 500) == .loading)
        #expect(receive(.content, at: 501) == nil)
        #expect(deadline == 1000)
        #expect(tick(at: 1000) == .content)
    }

    @Test mutating func settlingAfterTheMinimumSwitchesAtOnce() {
        _ = receive(.loading, at: 0)
        _ = tick(at: 500)
        #expect(receive(.error, at: 1000, load: 1) == .error)
        #expect(deadline == nil)
    }

    @Test mutating func reloadDuringTheDelayKeepsTheWaitsStart() {
        _ = receive(.loading, at: 0)
        #expect(receive(.loading, at: 300) == nil)
        #expect(deadline == 500, "reloads do not postpone the indicator")
        #expect(tick(at: 500) == .loading)
    }

    @Test mutating func reloadWhileLoadingShowsKeepsTheIndicator() {
        _ = receive(.loading, at: 0)
        _ = tick(at: 500)
        #expect(receive(.loading, at: 600) == nil)
        #expect(machine.displayed == .loading)
        #expect(deadline == nil)
    }

    @Test mutating func reloadWithinTheMinimumDropsThePendingResult() {
        _ = receive(.loading, at: 0)
        _ = tick(at: 500)
        #expect(receive(.empty, at: 510) == nil)
        #expect(receive(.loading, at: 700) == nil, "the superseded result never shows")
        #expect(deadline == nil)
        #expect(tick(at: 1000) == nil)
        #expect(machine.displayed == .loading)
        #expect(receive(.content, at: 1100) == .content, "the minimum already ran out")
    }

    @Test mutating func aSettledLoadsTimingDoesNotLeakIntoTheNext() {
        _ = receive(.loading, at: 0)
        _ = receive(.content, at: 100)
        #expect(receive(.loading, at: 2000) == nil)
        #expect(deadline == 2500, "a fresh wait, not the old one's")
        #expect(receive(.content, at: 2100) == nil, "content never left the screen")
        #expect(deadline == nil)
        #expect(machine.displayed == .content)
    }

    @Test mutating func cancelDuringTheDelayChangesNothingOnScreen() {
        _ = receive(.loading, at: 0)
        #expect(receive(.initial, at: 200) == nil)
        #expect(deadline == nil)
        #expect(tick(at: 500) == nil)
        #expect(machine.displayed == .initial)
    }

    @Test mutating func cancelWhileLoadingShowsWaitsOutTheMinimum() {
        _ = receive(.loading, at: 0)
        _ = tick(at: 500)
        #expect(receive(.initial, at: 600) == nil)
        #expect(tick(at: 1000) == .initial)
    }

    @Test mutating func cancelAfterTheMinimumReturnsAtOnce() {
        _ = receive(.loading, at: 0)
        _ = tick(at: 500)
        #expect(receive(.initial, at: 1500) == .initial)
    }

    @Test mutating func refreshingNeverShowsTheLoadingScreen() {
        _ = receive(.loading, at: 0)
        _ = receive(.content, at: 100)
        #expect(receive(.refreshing, at: 200) == .refreshing)
        #expect(deadline == nil)
        #expect(receive(.content, at: 210) == .content)
    }

    @Test mutating func freshErrorIsDrawnEvenOverAnError() {
        _ = receive(.loading, at: 0)
        _ = receive(.error, at: 100, load: 1)
        _ = receive(.loading, at: 200)
        #expect(receive(.error, at: 300, load: 2) == .error)
        _ = receive(.loading, at: 400)
        #expect(receive(.error, at: 450, load: 2) == nil, "a restored error is not news")
    }

    @Test mutating func settlingExactlyAtTheDelayBeforeTheTimerFiredGoesStraightToTheResult() {
        _ = receive(.loading, at: 0)
        #expect(receive(.content, at: 500, load: 1) == .content)
        #expect(tick(at: 500) == nil)
    }

    @Test mutating func settlingExactlyAtTheEndOfTheMinimumSwitchesAtOnce() {
        _ = receive(.loading, at: 0)
        _ = tick(at: 500)
        #expect(receive(.content, at: 1000, load: 1) == .content)
    }

    @Test mutating func aNewOutcomeOnTheDrawnStateIsDrawnAgain() {
        _ = receive(.loading, at: 0)
        #expect(receive(.content, at: 100, load: 1) == .content)
        _ = receive(.loading, at: 200)  // a reload that does not keep content; never drawn
        #expect(receive(.content, at: 300, load: 2) == .content, "new rows")
        #expect(receive(.content, at: 400, load: 2) == nil, "the same outcome again draws nothing")
        _ = receive(.loading, at: 500)
        #expect(receive(.content, at: 600, load: 2) == nil, "a cancelled reload brings nothing new")
    }

    @Test mutating func reloadAfterTheMinimumStartsAFreshDelay() {
        _ = receive(.loading, at: 0)
        _ = tick(at: 500)
        _ = receive(.content, at: 1100, load: 1)
        #expect(receive(.loading, at: 1200) == nil)
        #expect(deadline == 1700)
    }

    @Test func aPolicyWithOnlyADelayHidesTheIndicatorAtOnce() {
        let policy = PresentationPolicy(loadingDelay: .milliseconds(300), minimumLoadingDuration: .zero)
        var machine = PresentationStateMachine(policy: policy, initialIsLoading: false, now: .zero)
        #expect(machine.receive(.loading, settledLoad: 0, now: .zero) == nil)
        #expect(machine.deadlineReached(now: .milliseconds(300)) == .loading)
        #expect(machine.receive(.content, settledLoad: 1, now: .milliseconds(301)) == .content)
    }

    @Test func aPolicyWithOnlyAMinimumShowsTheIndicatorAtOnce() {
        let policy = PresentationPolicy(loadingDelay: .zero, minimumLoadingDuration: .milliseconds(300))
        var machine = PresentationStateMachine(policy: policy, initialIsLoading: false, now: .zero)
        #expect(machine.receive(.loading, settledLoad: 0, now: .zero) == .loading)
        #expect(machine.receive(.content, settledLoad: 1, now: .milliseconds(10)) == nil)
        #expect(machine.deadlineReached(now: .milliseconds(300)) == .content)
    }

    @Test func aLoadingFirstFrameGivesWayToInitialOnceALoadCameAndWent() {
        var machine = PresentationStateMachine(policy: Self.policy, initialIsLoading: true, now: .zero)
        #expect(machine.receive(.initial, settledLoad: 0, now: .milliseconds(10)) == nil, "still the first frame")
        #expect(machine.receive(.loading, settledLoad: 0, now: .milliseconds(20)) == nil)
        #expect(machine.receive(.initial, settledLoad: 0, now: .milliseconds(30)) == nil, "held for the minimum")
        #expect(machine.deadlineReached(now: .milliseconds(500)) == .initial)
    }

    @Test func immediatePolicySwitchesAtOnce() {
        var machine = PresentationStateMachine(policy: .immediate, initialIsLoading: false, now: .zero)
        #expect(machine.receive(.loading, settledLoad: 0, now: .zero) == .loading)
        #expect(machine.receive(.content, settledLoad: 0, now: .zero) == .content)
        #expect(machine.deadline == nil)
    }

    @Test func loadingFirstFrameCountsTheMinimumFromCreation() {
        var machine = PresentationStateMachine(policy: Self.policy, initialIsLoading: true, now: .zero)
        #expect(machine.displayed == .loading)
        #expect(machine.receive(.loading, settledLoad: 0, now: .milliseconds(10)) == nil)
        #expect(machine.receive(.content, settledLoad: 0, now: .milliseconds(100)) == nil)
        #expect(machine.deadlineReached(now: .milliseconds(500)) == .content)
    }

    // MARK: - Announcements

    mutating func announce(_ state: ContentState, load: UInt64 = 0, refreshFailed: Bool = false) -> ContentState? {
        machine.announcement(drawn: state, load: load, refreshFailed: refreshFailed)
    }

    @Test mutating func announcesTheLoadingScreenAndEachNewOutcomeOnce() {
        #expect(announce(.initial) == nil, "the first frame")
        #expect(announce(.loading) == .loading)
        #expect(announce(.content, load: 1) == .content)
        #expect(announce(.refreshing, load: 1) == nil, "the refresh indicator")
        #expect(announce(.content, load: 1) == nil, "back after a cancelled refresh: nothing new")
        #expect(announce(.content, load: 2) == .content, "new rows")
        #expect(announce(.empty, load: 2) == .empty, "the model emptied")
        #expect(announce(.error, load: 3) == .error)
        #expect(announce(.error, load: 4) == .error, "a second, different error")
        #expect(announce(.loading) == .loading)
        #expect(announce(.error, load: 4) == .error, "back after the loading screen: the user heard loading")
    }

    @Test mutating func theContentOfAFailedRefreshCountsAsToldButIsNotAnnounced() {
        _ = announce(.content, load: 1)
        #expect(announce(.content, load: 2, refreshFailed: true) == nil, "its failure is announced instead")
        #expect(announce(.content, load: 2) == nil, "already told")
        _ = announce(.loading)
        #expect(announce(.content, load: 2) == .content)
    }

    @Test func negativeDurationsCountAsZero() {
        let policy = PresentationPolicy(loadingDelay: .seconds(-1), minimumLoadingDuration: .seconds(-1))
        #expect(policy == .immediate)
    }
}
