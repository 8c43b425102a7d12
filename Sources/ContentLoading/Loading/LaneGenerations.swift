/// The generations of one lane's loads, which every lane's state machine keeps the same way:
/// the load in flight, the newest ever begun, and the accepted load whose commit is running.
///
/// A load's token names its generation. Beginning a load makes the next generation the one in
/// flight, superseding any other; accepting it (its response arrived and is current) takes it
/// out of flight and marks it committing while the app's update writes the model, since that
/// update may begin, cancel or accept other loads. The lane's state machine decides what the
/// commit does; this type only counts.
struct LaneGenerations: Sendable {
    /// The load in flight; 0 when none.
    private(set) var active: UInt64 = 0
    /// The newest load ever begun.
    private(set) var latest: UInt64 = 0
    /// An accepted load whose commit is running; 0 when none.
    private(set) var committing: UInt64 = 0

    /// Begins the next load, superseding the one in flight, and returns its generation.
    mutating func begin() -> UInt64 {
        latest &+= 1
        active = latest
        return latest
    }

    /// Takes the next generation for an outcome that needs no load (a redraw of a model changed
    /// outside a load): it supersedes every earlier outcome but puts nothing in flight.
    mutating func skip() -> UInt64 {
        latest &+= 1
        return latest
    }

    /// Whether `generation` is the load in flight.
    func isActive(_ generation: UInt64) -> Bool {
        generation != 0 && generation == active
    }

    /// Takes load `generation` out of flight and marks it committing, if it is the one in
    /// flight; `false` (and no change) otherwise.
    mutating func accept(_ generation: UInt64) -> Bool {
        guard isActive(generation) else { return false }
        active = 0
        committing = generation
        return true
    }

    /// Whether `generation` is the accepted load whose commit is running.
    func isCommitting(_ generation: UInt64) -> Bool {
        generation != 0 && generation == committing
    }

    /// Abandons the load in flight (cancelled, or superseded by another lane's load).
    mutating func abandon() {
        active = 0
    }

    /// The committing load's commit ended.
    mutating func commitEnded() {
        committing = 0
    }
}
