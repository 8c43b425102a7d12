import Dispatch

/// Whether code runs on the main queue, the main actor's executor, whichever thread drains it
/// (a process that called `dispatchMain()` drains it on a worker thread, so `Thread.isMainThread`
/// does not say). For a `deinit`, which runs on whichever thread released its object.
enum MainQueue {
    /// The mark the main queue carries.
    private final class Mark: @unchecked Sendable {
        // @unchecked: immutable once made; dispatch reads the key only as an identity, and sets the
        // main queue's value once, in `mark`'s initializer (run once, as every global's is).
        let key = DispatchSpecificKey<Bool>()

        init() { DispatchQueue.main.setSpecific(key: key, value: true) }
    }

    private static let mark = Mark()

    /// Whether the caller runs on the main queue; `false` where the main actor's executor is not
    /// the main queue, so that a caller falls back to a hop to the main actor.
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: mark.key) == true }
}
