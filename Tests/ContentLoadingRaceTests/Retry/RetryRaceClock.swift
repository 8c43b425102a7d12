import ContentLoadingTestSupport

/// A `ManualClock` that also writes every sleep into a ``RetrySleepLedger`` under the load of
/// the task that sleeps (``RetryRaceLoad``).
struct RetryRaceClock: Clock {
    let base: ManualClock
    let ledger: RetrySleepLedger

    var now: ManualClock.Instant { base.now }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: ManualClock.Instant, tolerance: Duration?) async throws {
        let id = ledger.began(load: RetryRaceLoad.number, deadline: deadline.offset)
        defer { ledger.ended(id) }
        try await base.sleep(until: deadline, tolerance: tolerance)
    }
}
