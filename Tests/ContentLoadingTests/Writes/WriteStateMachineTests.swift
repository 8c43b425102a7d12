import Testing

@testable import ContentLoading

/// The write lane's decisions alone: order, start, commit, revalidation.
@Suite("Write state machine")
struct WriteStateMachineTests {
    typealias Settlement = WriteStateMachine<Int>.Settlement
    // Small integers stand for the keys.
    let keyA = 0, keyB = 1

    @Test func aSerialWriteStartsOnlyWhenEveryEarlierWriteSettled() {
        var machine = WriteStateMachine<Int>()
        let first = machine.apply(keyA, isSerial: true)
        let concurrent = machine.apply(keyA, isSerial: false)
        let serial = machine.apply(keyA, isSerial: true)
        #expect(first.startsNow && concurrent.startsNow && !serial.startsNow)
        #expect(machine.succeed(first.id, of: keyA) == Settlement(commits: true))
        #expect(machine.remove(concurrent.id, of: keyA) == Settlement(starts: [serial.id]))
        #expect(machine.pending(keyA).map(\.isRunning) == [true])
    }

    @Test func anOlderSuccessNeverCommitsOverANewerOne() {
        var machine = WriteStateMachine<Int>()
        let older = machine.apply(keyA, isSerial: false)
        let newer = machine.apply(keyA, isSerial: false)
        machine.requestSent(older.id, of: keyA)
        #expect(machine.succeed(newer.id, of: keyA)?.commits == true)
        #expect(machine.succeed(older.id, of: keyA) == Settlement(isLast: true, revalidates: true))
    }

    @Test func theKeyRevalidatesOnlyAfterItsLastWriteAndOnlyIfARequestWasSent() {
        var machine = WriteStateMachine<Int>()
        let first = machine.apply(keyA, isSerial: true)
        let waiting = machine.apply(keyA, isSerial: true)
        machine.requestSent(first.id, of: keyA)
        machine.requestSent(waiting.id, of: keyA)  // not started: ignored
        #expect(machine.remove(waiting.id, of: keyA) == Settlement())
        #expect(machine.remove(first.id, of: keyA) == Settlement(isLast: true, revalidates: true))
        // A write that sent nothing (cancelled while it waited for the network) revalidates nothing.
        let unsent = machine.apply(keyA, isSerial: true)
        #expect(machine.remove(unsent.id, of: keyA) == Settlement(isLast: true))
        #expect(!machine.hasPendingWrites(keyA))
        // Keys are apart: a write on one key neither orders nor revalidates another.
        let a = machine.apply(keyA, isSerial: true)
        let b = machine.apply(keyB, isSerial: true)
        #expect(a.startsNow && b.startsNow)
        #expect(machine.remove(a.id, of: keyA)?.isLast == true)
        #expect(machine.hasPendingWrites(keyB))
    }

    @Test func aCommitStopsTheLayersOfOlderWritesThatSetTheValueOnly() {
        var machine = WriteStateMachine<Int>()
        let olderSet = machine.apply(keyA, isSerial: false)
        let olderAdd = machine.apply(keyA, isSerial: false, replays: true)
        let newer = machine.apply(keyA, isSerial: false)
        let newest = machine.apply(keyA, isSerial: false)
        #expect(machine.succeed(newer.id, of: keyA) == Settlement(commits: true, stopsLayers: [olderSet.id]))
        #expect(machine.pending(keyA).map(\.isApplied) == [false, true, true])
        // Stopped once: a newer commit reports only what still applied.
        #expect(machine.succeed(newest.id, of: keyA) == Settlement(commits: true))
        #expect(machine.succeed(olderAdd.id, of: keyA) == Settlement())
    }

    @Test func aSettledWriteSettlesNoMore() {
        var machine = WriteStateMachine<Int>()
        let write = machine.apply(keyA, isSerial: true)
        #expect(machine.remove(write.id, of: keyA) != nil)
        #expect(machine.succeed(write.id, of: keyA) == nil)
        #expect(machine.remove(write.id, of: keyA) == nil)
        #expect(machine.remove(write.id, of: keyB) == nil)
        #expect(machine.pendingCount == 0)
    }
}
