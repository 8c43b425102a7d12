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
        let mark = startAwaiting()
        begin()
        let load = awaitedLoad(since: mark)
        stopAwaiting()
        return load
    }

    /// Starts recording how loads end, before something begins one; returns the mark that
    /// ``awaitedLoad(since:)`` takes. Every call needs one ``stopAwaiting()``, or one
    /// ``awaitLoad(_:ownedBy:stoppingAwaiting:)`` told to stop it.
    func startAwaiting() -> UInt64 {
        waiters.startRecording()
        return machine.latestGeneration
    }

    /// Which load to wait for, of those begun since `mark` (or the one in flight if none was).
    func awaitedLoad(since mark: UInt64) -> AwaitedLoad {
        let latest = machine.latestGeneration
        if latest == mark {
            return isLoading ? .pending(generation: machine.activeGeneration) : .notStarted
        }
        // A load begun since the mark and still in flight is the newest load begun: a redraw
        // recorded after it (one whose app code, `isEmpty` say, began it) is no load to await.
        if machine.activeGeneration > mark { return .pending(generation: machine.activeGeneration) }
        if let ended = waiters.recordedOutcome(of: latest) { return .ended(ended) }
        // Begun and not ended: in flight, or accepted and settling (it resolves as it settles).
        return .pending(generation: latest)
    }

    /// Stops the recording ``startAwaiting()`` started.
    func stopAwaiting() {
        waiters.stopRecording()
    }

    /// Waits for load `generation` to end; `owner` says what cancelling the caller does.
    ///
    /// With `stoppingAwaiting`, the recording ``startAwaiting()`` began ends once the waiter is
    /// in: a load that ended meanwhile is answered from it.
    func awaitLoad(
        _ generation: UInt64, ownedBy owner: LoadOwner, stoppingAwaiting: Bool = false
    ) async -> LoadOutcome {
        let id = makeWaiterID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                wait(continuation, id: id, generation: generation)
                if stoppingAwaiting { stopAwaiting() }
            }
        } onCancel: {
            // Called on whichever thread cancelled the task: hop to the coordinator's actor.
            Task { @MainActor in self.waiterWasCancelled(id: id, generation: generation, owner: owner) }
        }
    }

    /// A new waiter's identity.
    func makeWaiterID() -> UInt64 { waiters.makeID() }

    /// Resumes `continuation` when load `generation` ends.
    func wait(_ continuation: LoadWaiters<LoadOutcome>.Continuation, id: UInt64, generation: UInt64) {
        if let ended = waiters.recordedOutcome(of: generation) {
            // It ended while a container's reload was on its way to waiting for it.
            continuation.resume(returning: ended)
            return
        }
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
        guard !waiters.isIdle else { return }
        for continuation in waiters.resolve(generation, outcome) {
            continuation.resume(returning: outcome)
        }
    }
}
