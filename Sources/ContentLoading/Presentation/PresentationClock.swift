/// Any `Clock` measured in `Duration`, reduced to what ``ContentWrapper`` needs: the time
/// since it started, and a sleep until a later such time.
@usableFromInline
struct PresentationClock: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleeper = { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
    }

    /// The time since this clock was created.
    @usableFromInline
    func now() -> Duration { elapsed() }

    /// Sleeps until `deadline`, as measured by ``now()``; throws if cancelled.
    func sleep(until deadline: Duration) async throws { try await sleeper(deadline) }
}
