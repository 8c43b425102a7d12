/// The pure decisions behind ``Connectivity``: whether the app is online, who waits for it to
/// be, and who hears it change.
///
/// It never locks, resumes or calls anything: each event returns what to resume or call, and
/// ``Connectivity`` does it after releasing its lock. `Waiter` and `Observer` are whatever the
/// thin layer resumes and calls (a continuation and a closure there, plain values in tests).
struct ConnectivityStateMachine<Waiter, Observer> {
    /// Where one wait stands. A wait is announced before it suspends, so that a cancellation
    /// arriving first (a task cancelled before, or while, it starts waiting) is not lost.
    private enum Wait {
        /// The wait has an identity and has not suspended yet.
        case announced
        /// The waiting task was cancelled before it suspended.
        case cancelled
        /// The wait is suspended until the app is online.
        case waiting(Waiter)
    }

    /// What a wait does when it is about to suspend.
    enum WaitDecision {
        /// The app is online: go on at once.
        case proceed
        /// The waiting task was cancelled: stop at once.
        case cancelled
        /// Suspended; resumed later by ``setOnline(_:)`` or ``cancel(_:)``.
        case suspended
    }

    /// What a change of ``isOnline`` leaves to do.
    struct Change {
        /// The waits to resume: the app is back online.
        var resumed: [Waiter] = []
        /// The observers to tell of the new value; empty when it did not change.
        var observers: [Observer] = []
    }

    /// Whether the app says it is online.
    private(set) var isOnline: Bool
    private var waits: [UInt64: Wait] = [:]
    private var observersByID: [UInt64: Observer] = [:]
    private var lastID: UInt64 = 0

    init(isOnline: Bool) {
        self.isOnline = isOnline
    }

    /// How many waits are suspended.
    var waiterCount: Int {
        waits.values.reduce(0) { count, wait in
            if case .waiting = wait { return count + 1 }
            return count
        }
    }

    /// How many observers are registered.
    var observerCount: Int { observersByID.count }

    /// A new wait's identity, announced before it suspends.
    mutating func announceWait() -> UInt64 {
        lastID &+= 1
        waits[lastID] = .announced
        return lastID
    }

    /// Wait `id` is about to suspend with `waiter`.
    mutating func wait(_ id: UInt64, _ waiter: Waiter) -> WaitDecision {
        guard case .announced = waits[id] else {
            // Cancelled first (or unknown): it never suspends.
            waits[id] = nil
            return .cancelled
        }
        if isOnline {
            waits[id] = nil
            return .proceed
        }
        waits[id] = .waiting(waiter)
        return .suspended
    }

    /// Wait `id`'s task was cancelled; returns the suspended waiter to resume with a
    /// cancellation, if it had suspended.
    mutating func cancel(_ id: UInt64) -> Waiter? {
        switch waits[id] {
        case .announced:
            waits[id] = .cancelled
            return nil
        case .waiting(let waiter):
            waits[id] = nil
            return waiter
        case .cancelled, nil:
            // Already cancelled, or already resumed: nothing left to do.
            return nil
        }
    }

    /// The app says it is online (or not); returns the waits to resume and the observers to tell.
    mutating func setOnline(_ online: Bool) -> Change {
        guard online != isOnline else { return Change() }
        isOnline = online
        var change = Change(observers: Array(observersByID.values))
        guard online else { return change }
        for (id, wait) in waits {
            guard case .waiting(let waiter) = wait else { continue }
            waits[id] = nil
            change.resumed.append(waiter)
        }
        return change
    }

    /// Registers `observer`; returns its identity.
    mutating func addObserver(_ observer: Observer) -> UInt64 {
        lastID &+= 1
        observersByID[lastID] = observer
        return lastID
    }

    /// Forgets observer `id`; returns it, so that it is released by the caller, after the lock.
    mutating func removeObserver(_ id: UInt64) -> Observer? {
        observersByID.removeValue(forKey: id)
    }
}
