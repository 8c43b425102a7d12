import Testing

@testable import ContentLoading

/// The write lane's decisions alone: order, start, commit, revalidation (issue 25, items 1-4).
@Suite("Write state machine")
struct WriteStateMachineTests {
    typealias Settlement = WriteStateMachine<String>.Settlement

    @Test func aSerialWriteStartsOnlyWhenEveryEarlierWriteSettled() {
        var machine = WriteStateMachine<String>()
        let first = machine.apply("a", isSerial: true)
        let concurrent = machine.apply("a", isSerial: false)
        let serial = machine.apply("a", isSerial: true)
        #expect(first.startsNow && concurrent.startsNow && !serial.startsNow)
        #expect(machine.succeed(first.id, of: "a") == Settlement(commits: true))
        #expect(machine.remove(concurrent.id, of: "a") == Settlement(starts: [serial.id]))
        #expect(machine.pending("a").map(\.isRunning) == [true])
    }

    @Test func anOlderSuccessNeverCommitsOverANewerOne() {
        var machine = WriteStateMachine<String>()
        let older = machine.apply("a", isSerial: false)
        let newer = machine.apply("a", isSerial: false)
        machine.requestSent(older.id, of: "a")
        #expect(machine.succeed(newer.id, of: "a")?.commits == true)
        #expect(machine.succeed(older.id, of: "a") == Settlement(isLast: true, revalidates: true))
    }

    @Test func theKeyRevalidatesOnlyAfterItsLastWriteAndOnlyIfARequestWasSent() {
        var machine = WriteStateMachine<String>()
        let first = machine.apply("a", isSerial: true)
        let waiting = machine.apply("a", isSerial: true)
        machine.requestSent(first.id, of: "a")
        machine.requestSent(waiting.id, of: "a")  // not started: ignored
        #expect(machine.remove(waiting.id, of: "a") == Settlement())
        #expect(machine.remove(first.id, of: "a") == Settlement(isLast: true, revalidates: true))
        // A write that sent nothing (cancelled while it waited for the network) revalidates nothing.
        let unsent = machine.apply("a", isSerial: true)
        #expect(machine.remove(unsent.id, of: "a") == Settlement(isLast: true))
        #expect(!machine.hasPendingWrites("a"))
        // Keys are apart: a write on one key neither orders nor revalidates another.
        let a = machine.apply("a", isSerial: true)
        let b = machine.apply("b", isSerial: true)
        #expect(a.startsNow && b.startsNow)
        #expect(machine.remove(a.id, of: "a")?.isLast == true)
        #expect(machine.hasPendingWrites("b"))
    }

    @Test func aSettledWriteSettlesNoMore() {
        var machine = WriteStateMachine<String>()
        let write = machine.apply("a", isSerial: true)
        #expect(machine.remove(write.id, of: "a") != nil)
        #expect(machine.succeed(write.id, of: "a") == nil)
        #expect(machine.remove(write.id, of: "a") == nil)
        #expect(machine.remove(write.id, of: "b") == nil)
        #expect(machine.pendingCount == 0)
    }
}
