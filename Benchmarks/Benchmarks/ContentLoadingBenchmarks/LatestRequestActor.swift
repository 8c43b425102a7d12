/// The naive Swift-concurrency answer to latest-wins: an actor that numbers requests and
/// accepts a result only for the latest number.
actor LatestRequestActor {
    private var latest: UInt64 = 0
    private var inFlight = false
    private(set) var accepted = 0

    /// Begins a request and returns its number.
    func begin() -> UInt64 {
        latest &+= 1
        inFlight = true
        return latest
    }

    /// Accepts the result of request `id` if it is the latest one still in flight.
    func finish(_ id: UInt64) -> Bool {
        guard inFlight, id == latest else { return false }
        inFlight = false
        accepted += 1
        return true
    }
}
