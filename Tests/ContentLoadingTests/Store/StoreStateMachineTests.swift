import Testing

@testable import ContentLoading

/// The store's decisions alone: who shares a fetch, whose result lands, what eviction takes.
@Suite("Store state machine")
struct StoreStateMachineTests {
    var machine = StoreStateMachine<Int>()
    // Small integers stand for the keys.
    let a = 0, b = 1, c = 2, bound = 3, fetching = 4, idle = 5, early = 6, late = 7, fetched = 8

    @Test mutating func overlappingRequestsJoinOneFetch() {
        guard case .start(let id, superseding: nil) = machine.request(a, now: .zero) else {
            Issue.record("the first request starts a fetch")
            return
        }
        #expect(machine.request(a, now: .zero) == .join(id))
        #expect(machine.fetch(of: a)?.waiters == 2)
        #expect(machine.leave(a, fetch: id) == .fetchContinues)
        #expect(machine.leave(a, fetch: id) == .cancelsFetch(id))
        #expect(machine.fetch(of: a) == nil)
    }

    @Test(arguments: [false, true])
    mutating func aWriteOrInvalidationSupersedesTheFetchAndTheNextRequestStartsAnother(invalidates: Bool) {
        guard case .start(let first, _) = machine.request(a, now: .zero) else { return }
        let superseded = invalidates ? machine.invalidate(a) : machine.write(a, now: .zero)
        #expect(superseded == first)
        guard case .start(let second, superseding: nil) = machine.request(a, now: .zero) else {
            Issue.record("a request after the change must not join the fetch begun before it")
            return
        }
        #expect(second != first)
        #expect(machine.land(a, fetch: first, now: .zero) == .dropped)
        #expect(machine.land(a, fetch: second, now: .zero) == .lands)
    }

    @Test mutating func aResultLandsOnlyIfNothingNewerLandedSinceItsFetchBegan() {
        guard case .start(let id, _) = machine.request(a, now: .zero) else { return }
        #expect(machine.land(a, fetch: id, now: .zero) == .lands)
        #expect(machine.land(a, fetch: id, now: .zero) == .dropped, "a fetch lands once")
        #expect(machine.fail(a, fetch: id) == false)
    }

    @Test mutating func stalenessFollowsTheClockAndInvalidation() {
        #expect(machine.isStale(a, now: .zero, staleness: .never), "no value is stale")
        _ = machine.write(a, now: .zero)
        #expect(!machine.isStale(a, now: .seconds(59), staleness: .after(.seconds(60))))
        #expect(machine.isStale(a, now: .seconds(60), staleness: .after(.seconds(60))))
        #expect(machine.isStale(a, now: .zero, staleness: .always))
        #expect(!machine.isStale(a, now: .seconds(1000), staleness: .never))
        _ = machine.invalidate(a)
        #expect(machine.isStale(a, now: .zero, staleness: .never))
    }

    @Test mutating func evictionSkipsBoundAndInFlightKeys() {
        _ = machine.write(bound, now: .zero)
        machine.bind(bound, now: .zero)
        _ = machine.request(fetching, now: .zero)
        _ = machine.write(idle, now: .zero)
        let evicted = machine.evict(now: .seconds(10), retention: .seconds(10), limit: 0)
        #expect(evicted == [idle])
        #expect(machine.keys == [bound, fetching])
    }

    @Test mutating func retentionCountsFromTheLastUnbind() {
        _ = machine.write(a, now: .zero)
        machine.bind(a, now: .zero)
        machine.bind(a, now: .zero)
        machine.unbind(a, now: .seconds(5))
        #expect(machine.evict(now: .seconds(100), retention: .seconds(10), limit: 10).isEmpty, "still bound once")
        machine.unbind(a, now: .seconds(100))
        #expect(machine.evict(now: .seconds(109), retention: .seconds(10), limit: 10).isEmpty)
        #expect(machine.evict(now: .seconds(110), retention: .seconds(10), limit: 10) == [a])
    }

    @Test mutating func keysUnboundAtDifferentTimesEachGoWhenTheirRetentionEnds() {
        _ = machine.write(early, now: .zero)
        _ = machine.write(late, now: .zero)
        machine.bind(late, now: .zero)
        machine.unbind(late, now: .seconds(50))
        guard case .start(let fetch, _) = machine.request(fetched, now: .seconds(1)) else {
            Issue.record("the request starts a fetch")
            return
        }
        #expect(machine.evict(now: .seconds(9), retention: .seconds(10), limit: 10).isEmpty)
        #expect(machine.evict(now: .seconds(10), retention: .seconds(10), limit: 10) == [early])
        #expect(machine.evict(now: .seconds(30), retention: .seconds(10), limit: 10).isEmpty, "fetching")
        #expect(machine.leave(fetched, fetch: fetch) == .cancelsFetch(fetch))
        #expect(machine.evict(now: .seconds(31), retention: .seconds(10), limit: 10) == [fetched], "once it ends")
        #expect(machine.evict(now: .seconds(59), retention: .seconds(10), limit: 10).isEmpty)
        #expect(machine.evict(now: .seconds(60), retention: .seconds(10), limit: 10) == [late])
        #expect(machine.count == 0)
    }

    @Test mutating func beyondTheLimitTheLeastRecentlyUsedGo() {
        for key in [a, b, c] { _ = machine.write(key, now: .zero) }
        machine.touch(a, now: .zero)
        #expect(machine.evict(now: .zero, retention: .seconds(10), limit: 2) == [b])
    }
}
