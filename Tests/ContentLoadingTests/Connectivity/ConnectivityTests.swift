import ContentLoadingTestSupport
import Foundation
import Testing

@testable import ContentLoading

/// Records what an observer hears, from any thread.
private final class Heard: @unchecked Sendable {
    // @unchecked: `stored` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var stored: [Bool] = []
    var values: [Bool] { lock.withLock { stored } }
    func append(_ value: Bool) { lock.withLock { stored.append(value) } }
}

@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct ConnectivityStateMachineTests {
    typealias Machine = ConnectivityStateMachine<String, String>

    @Test func aWaitWhileOnlineProceedsAndOneWhileOfflineSuspendsUntilOnline() {
        var machine = Machine(isOnline: true)
        let early = machine.announceWait()
        #expect(machine.wait(early, "early") == .proceed)
        _ = machine.setOnline(false)
        let late = machine.announceWait()
        #expect(machine.wait(late, "late") == .suspended)
        #expect(machine.waiterCount == 1)
        #expect(machine.setOnline(false).resumed.isEmpty)  // no change, nothing resumed
        #expect(machine.setOnline(true).resumed == ["late"])
        #expect(machine.waiterCount == 0)
        #expect(machine.cancel(late) == nil)  // already resumed
    }

    @Test func aCancellationBeforeTheWaitSuspendsEndsItAndLeavesNothingBehind() {
        var machine = Machine(isOnline: false)
        let id = machine.announceWait()
        #expect(machine.cancel(id) == nil)
        #expect(machine.wait(id, "w") == .cancelled)
        #expect(machine.waiterCount == 0)
        #expect(machine.setOnline(true).resumed.isEmpty)
    }

    @Test func aCancellationWhileSuspendedHandsBackTheWaiterOnce() {
        var machine = Machine(isOnline: false)
        let id = machine.announceWait()
        #expect(machine.wait(id, "w") == .suspended)
        #expect(machine.cancel(id) == "w")
        #expect(machine.cancel(id) == nil)
        #expect(machine.setOnline(true).resumed.isEmpty)
    }

    @Test func observersHearEachChangeOnlyUntilRemoved() {
        var machine = Machine(isOnline: true)
        let id = machine.addObserver("o")
        #expect(machine.setOnline(true).observers.isEmpty)
        #expect(machine.setOnline(false).observers == ["o"])
        #expect(machine.removeObserver(id) == "o")
        #expect(machine.setOnline(true).observers.isEmpty)
    }
}

@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct ConnectivityTests {
    @Test func waitingWhileOnlineReturnsAtOnce() async throws {
        let connectivity = Connectivity()
        try await connectivity.waitUntilOnline()
        #expect(connectivity.waiterCount == 0)
    }

    @Test func aWaitWhileOfflineEndsWhenTheAppSaysItIsBack() async throws {
        let connectivity = Connectivity(isOnline: false)
        let waiting = Task { try await connectivity.waitUntilOnline() }
        await eventually { connectivity.waiterCount == 1 }
        connectivity.isOnline = false  // unchanged: still waiting
        #expect(connectivity.waiterCount == 1)
        connectivity.isOnline = true
        try await waiting.value
        #expect(connectivity.waiterCount == 0)
    }

    @Test func cancellingAWaitEndsItAtOnceWithACancellation() async throws {
        let connectivity = Connectivity(isOnline: false)
        let waiting = Task { try await connectivity.waitUntilOnline() }
        await eventually { connectivity.waiterCount == 1 }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(connectivity.waiterCount == 0)
    }

    @Test func aTaskCancelledBeforeItWaitsNeverSuspends() async {
        let connectivity = Connectivity(isOnline: false)
        let waiting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await connectivity.waitUntilOnline()
        }
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(connectivity.waiterCount == 0)
    }

    @Test func observersHearChangesFromAnyThreadUntilTheObservationIsCancelled() async {
        let connectivity = Connectivity()
        let heard = Heard()
        let observation = connectivity.observe { heard.append($0) }
        await Task.detached { connectivity.isOnline = false }.value
        connectivity.isOnline = false
        connectivity.isOnline = true
        observation.cancel()
        connectivity.isOnline = false
        #expect(heard.values == [false, true])
        #expect(connectivity.observerCount == 0)
    }

    @Test func releasingTheObservationStopsIt() {
        let connectivity = Connectivity()
        let heard = Heard()
        do {
            let observation = connectivity.observe { heard.append($0) }
            _ = observation
        }
        connectivity.isOnline = false
        #expect(heard.values.isEmpty)
        #expect(connectivity.observerCount == 0)
    }
}
