import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// The pure logic behind screen streams: one newest-value buffer per consumer.
@Suite("ScreenStreamStateMachine", .timeLimit(.minutes(1)), .hangLimit)
struct ScreenStreamStateMachineTests {
    /// Sends `screen`, as the storage does.
    @discardableResult
    func send(_ screen: Screen, to machine: inout ScreenStreamStateMachine) -> ScreenStreamStateMachine.Resumptions {
        var screen = screen
        return machine.send(&screen)
    }

    func states(_ action: ScreenStreamStateMachine.NextAction) -> String {
        switch action {
        case .screen(let screen): "\(screen.state)"
        case .end: "end"
        case .wait: "wait"
        }
    }

    @Test func aConsumerStartsWithTheLatestScreenAndKeepsOnlyTheNewest() {
        var machine = ScreenStreamStateMachine(latest: .initial(.initial))
        let early = machine.subscribe()
        _ = send(.loading, to: &machine)
        let late = machine.subscribe()
        _ = send(.content(isRefreshing: true), to: &machine)
        _ = send(.content(isRefreshing: false), to: &machine)
        #expect(states(machine.next(early)) == "content")
        #expect(states(machine.next(early)) == "wait")
        #expect(states(machine.next(late)) == "content")
        #expect(machine.consumerCount == 2)
        machine.unsubscribe(late)
        #expect(machine.consumerCount == 1)
        #expect(states(machine.next(late)) == "end", "an unknown consumer's stream is over")
    }

    @Test func aWaitingConsumerIsResumedOnceWithTheNextScreen() async {
        let screen = await withCheckedContinuation { continuation in
            var machine = ScreenStreamStateMachine(latest: .loading)
            let id = machine.subscribe()
            _ = machine.next(id)
            #expect(machine.wait(id, continuation) == nil, "stored: nothing to take yet")
            #expect(machine.waitingConsumerCount == 1)
            #expect(states(machine.next(id)) == "end", "a second next() while one waits ends at once")
            let resumptions = send(.content(isRefreshing: false), to: &machine)
            #expect(resumptions.rest.isEmpty)
            #expect(machine.waitingConsumerCount == 0)
            #expect(states(machine.next(id)) == "wait", "the screen went to the waiting next()")
            resumptions.first?.resume(returning: .content(isRefreshing: false))
        }
        #expect(screen?.state == .content)
    }

    @Test func finishingEndsEveryStreamAfterTheScreenItHolds() async {
        let ended = await withCheckedContinuation { continuation in
            var machine = ScreenStreamStateMachine(latest: .loading)
            let waiting = machine.subscribe()
            let holding = machine.subscribe()
            _ = machine.next(waiting)
            #expect(machine.wait(waiting, continuation) == nil)
            let resumptions = machine.finish()
            #expect(states(machine.next(holding)) == "loading")
            #expect(states(machine.next(holding)) == "end")
            #expect(states(machine.next(machine.subscribe())) == "end", "nothing starts after the end")
            #expect(machine.consumerCount == 0)
            resumptions.first?.resume(returning: nil)
        }
        #expect(ended == nil)
    }

    @Test func aCancelledConsumerEndsAndTheOthersReadOn() {
        var machine = ScreenStreamStateMachine(latest: .loading)
        let cancelled = machine.subscribe()
        let reading = machine.subscribe()
        #expect(machine.cancel(cancelled) == nil, "it was not waiting")
        _ = send(.content(isRefreshing: false), to: &machine)
        #expect(states(machine.next(cancelled)) == "end")
        #expect(states(machine.next(reading)) == "content")
    }
}
