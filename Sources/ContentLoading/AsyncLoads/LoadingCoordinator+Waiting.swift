extension LoadingCoordinator {
    /// What beginning an awaited load came to.
    enum AwaitedLoad {
        /// It is in flight: wait for load `generation`.
        case pending(generation: UInt64)
        /// It ended while it began (a cache hit, say).
        case ended(LoadOutcome)
        /// Nothing began, and nothing is in flight.
        case notStarted
    }

    /// Runs `begin` (which begins a load) and says which load to wait for.
    ///
    /// The newest load `begin` began is the one awaited; if it began none, the load already in
    /// flight is.
    func beginAwaitedLoad(_ begin: () -> Void) -> AwaitedLoad {
        let before = machine.latestGeneration
        waiters.startRecording()
        begin()
        let latest = machine.latestGeneration
        let ended = waiters.stopRecording(outcomeOf: latest)
        if latest == before {
            return isLoading ? .pending(generation: machine.activeGeneration) : .notStarted
        }
        if let ended { return .ended(ended) }
        // Begun and not ended: in flight, or accepted and settling (it resolves as it settles).
        return .pending(generation: latest)
    }

    /// A new waiter's identity.
    func makeWaiterID() -> UInt64 { waiters.makeID() }

    /// Resumes `continuation` when load `generation` ends.
    func wait(_ continuation: LoadWaiters.Continuation, id: UInt64, generation: UInt64) {
        guard machine.isActive(generation) || machine.outcomeCounts(generation) && machine.isSettling else {
            // It ended between beginning and waiting: only a newer load can have ended it.
            continuation.resume(returning: .superseded)
            return
        }
        waiters.add(continuation, id: id, generation: generation)
    }

    /// The task of waiter `id`, awaiting load `generation`, was cancelled.
    func waiterWasCancelled(id: UInt64, generation: UInt64, owner: LoadOwner) {
        guard waiters.isWaiting(id) else { return }
        switch owner {
        case .dataSource:
            waiters.take(id: id)?.resume(returning: .stillRunning)
        case .caller:
            // Cancelling the load resolves every waiter of it, this one included.
            if machine.isActive(generation) { cancel() }
        }
    }

    /// Load `generation` ended with `outcome`: resumes whoever waits for it.
    func resolve(_ generation: UInt64, _ outcome: LoadOutcome) {
        // The common case: nobody awaits a load, so this is one check.
        guard !waiters.isIdle else { return }
        for continuation in waiters.resolve(generation, outcome) {
            continuation.resume(returning: outcome)
        }
    }
}
