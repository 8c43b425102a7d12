import ContentLoading

extension ContentReferenceModel {
    /// Applies `operation` and returns its answer: `nil` for steps without one, else the
    /// `Bool` the real call returns (a task's value for ``ContentStep/resume(_:_:)``).
    mutating func apply(_ operation: ContentStep) -> Bool? {
        switch operation {
        case .begin(let keeping):
            _ = begin(keepingContent: keeping, sync: true)
            return nil
        case .finish(let reference, let outcome):
            guard let index = reference.resolve(count: generations) else { return nil }
            return finish(generation: index + 1, outcome)
        case .cancel:
            return cancel()
        case .beginAsync(let keeping, let observes):
            beginAsync(keepingContent: keeping, observesCancellation: observes)
            return nil
        case .resume(let reference, let outcome):
            guard let index = reference.resolve(count: asyncLoads.count) else { return nil }
            if let value = asyncLoads[index].value { return value }
            let generation = asyncLoads[index].generation
            // The load's own task is ending: nothing left to cancel.
            if isCurrent(generation: generation) { runningTask = nil }
            // A cancelled task's failure, whatever it threw, is a cancellation, and so is an error
            // the data source calls one (asked only of a task nobody cancelled): a load still
            // current goes back where it began.
            if outcome.isError && (asyncLoads[index].isCancelled || askIsCancellation(outcome)) {
                asyncLoads[index].value = false
                if isCurrent(generation: generation) { _ = cancel() }
                return false
            }
            // The work of a plain `load { }` returns items: a first page's cursor goes nowhere.
            let value: Bool
            if case .page(let rows, _) = outcome {
                value = finish(generation: generation, .items(rows))
            } else {
                value = finish(generation: generation, outcome)
            }
            asyncLoads[index].value = value
            return value
        case .cancelTask(let reference):
            guard let index = reference.resolve(count: asyncLoads.count) else { return nil }
            asyncLoads[index].isCancelled = true
            guard asyncLoads[index].observesCancellation else { return nil }
            if let value = asyncLoads[index].value { return value }
            // The work throws CancellationError; a load still current goes back where it began.
            asyncLoads[index].value = false
            if isCurrent(generation: asyncLoads[index].generation) {
                runningTask = nil
                _ = cancel()
            }
            return false
        case .reenter(let site, let reentry):
            guard !isReleased else { return nil }
            reentries[site] = reentry
            return nil
        case .releaseDataSource:
            // Its tokens stop counting, its load's task is cancelled (even though the harness
            // holds the coordinator, which lives on), no load begins any more, and nothing is
            // reported any more.
            guard !isReleased else { return nil }
            isReleased = true
            cancelRunningTask()
            return nil
        case .act(let reentry):
            perform(reentry)
            return nil
        case .tapPlaceholderAction:
            // Only placeholders the delegate made carry an action: not the initial one.
            if displayed == .empty || displayed == .error { reenter(from: .placeholderAction) }
            return nil
        case .loadMore:
            if let answer = loadMore(byHarness: true) { lane.answers.append(answer) }
            return nil
        case .finishPage(let reference, let outcome):
            return finishPage(reference, outcome)
        case .cancelLoadMore:
            return isReleased ? nil : cancelPage()
        case .tapFooterAction:
            // The failed footer's action is the data source's own `loadMore()`; its answer goes
            // nowhere.
            guard wrappers[current].footer == .failed, !isReleased else { return nil }
            lane.reached.insert(.footerRetryTapped)
            _ = loadMore(byHarness: false)
            return nil
        case .keepDrawnActions:
            keepDrawnActions()
            return nil
        case .tapKeptPlaceholderAction:
            return tapKeptPlaceholderAction()
        case .tapKeptFooterAction:
            return tapKeptFooterAction()
        case .awaitCallers:
            // Every load has ended by now, and with it the wait of whoever awaited it.
            return isReleased ? nil : true
        }
    }

    // MARK: - Coordinator

    /// Begins a load, numbered before anything else happens (as the harness numbers it);
    /// `registered` runs right after it is numbered. A synchronous load can be finished from a
    /// callback once its begin has returned its token.
    mutating func begin(
        keepingContent: Bool, sync: Bool, registered: (inout ContentReferenceModel, Int) -> Void = { _, _ in }
    ) -> Int {
        generations += 1
        let generation = generations
        registered(&self, generation)
        beginLoad(generation, keepingContent: keepingContent)
        if sync { syncLoads.append(generation) }
        return generation
    }

    /// Begins an async load (`load { }`): its task runs while it is current; one begun while a
    /// callback began a newer load (or cancelled) is cancelled at once.
    mutating func beginAsync(keepingContent keeping: Bool, observesCancellation observes: Bool) {
        let generation = begin(keepingContent: keeping, sync: false) { model, generation in
            model.asyncLoads.append(AsyncLoad(generation: generation, observesCancellation: observes))
        }
        let index = asyncLoads.firstIndex { $0.generation == generation }!
        if isCurrent(generation: generation) {
            runningTask = index
        } else {
            // A callback began a newer load (or cancelled) while this one was beginning,
            // or the data source is gone.
            markCancelled(index)
        }
    }

    private mutating func beginLoad(_ generation: Int, keepingContent: Bool) {
        if fault == .supersededTaskCancelledBeforeHasContent { cancelRunningTask() }
        // A released data source's coordinator refuses the load: its token is never valid.
        guard !isReleased else { return cancelRunningTask() }
        if fault == .errorForgottenWhenALoadBegins { error = nil }
        let hasContent = keepingContent && askHasContent()
        // The superseded load's task stops, after `hasContent` answered: a load begun inside it
        // is superseded too.
        if fault != .supersededTaskCancelledBeforeHasContent { cancelRunningTask() }
        active = generation
        // A load begun while another is in flight keeps the state.
        guard !state.isLoading else {
            refreshWillBegin()
            report(.willBegin)
            return
        }
        stateBeforeLoad = state
        state = hasContent && state != .initial ? .refreshing : .loading
        // A paged data source's page in flight would extend the list this load replaces; the
        // state has moved first, so a page requested from a callback now is refused.
        refreshWillBegin()
        report(.willBegin, .stateChanged)
    }

    mutating func finish(generation: Int, _ outcome: ContentStep.Outcome) -> Bool {
        guard isCurrent(generation: generation) else { return false }
        // An error the data source calls a cancellation cancels the load instead.
        if outcome.isError && askIsCancellation(outcome) {
            return isCurrent(generation: generation) && cancel()
        }
        // The classifier is app code: it may have ended the load.
        guard isCurrent(generation: generation) else { return false }
        active = 0
        lastAccepted = generation
        settling = generation
        // Finishing an async load's token by hand cancels its task.
        if let running = runningTask, asyncLoads[running].generation == generation,
            fault != .finishByHandLeavesTheTaskRunning
        {
            cancelRunningTask()
        }
        let failure: RaceError?
        switch outcome {
        case .items(let loaded):
            items = loaded
            failure = nil
            reenter(from: .update)
        case .page(let loaded, let next):
            // The rows and the cursor after them, in the same update.
            items = loaded
            failure = nil
            reenter(from: .update)
            // A newer load accepted and settled inside the update owns the list and its cursor.
            if settling == generation || fault == .supersededFirstPageCommitsItsCursor {
                firstPageCommitted(next: next)
            }
        case .failure(let id):
            failure = RaceError(id)
        case .cancellation:
            // Reached only with the planted fault: the cancellation settles as a failure.
            failure = RaceError(0)
        }
        settle(generation, failure: failure)
        return true
    }

    /// Settles the accepted load `generation`, unless one accepted inside its update did.
    private mutating func settle(_ generation: Int, failure: RaceError?) {
        guard lastAccepted == generation else { return }
        error = failure
        let hasContent = askHasContent()
        // `hasContent` may have accepted a newer load, which settled instead.
        guard lastAccepted == generation else { return }
        settling = 0
        settledLoad = generation
        settledLoadFailed = failure != nil
        let next: ContentState
        if failure == nil {
            next = hasContent ? .content : .empty
        } else {
            let keepsContent = state == .refreshing && hasContent && fault != .failedRefreshShowsError
            next = keepsContent ? .content : .error
        }
        // A newer load in flight keeps the state; cancelling it returns to this outcome.
        if active != 0 {
            stateBeforeLoad = next
            return
        }
        guard state.isLoading else { return }
        state = next
        report(.stateChanged, .didFinish(failure))
    }

    mutating func cancel() -> Bool {
        guard active != 0 else { return false }
        let hasContent = askHasContent()
        // `hasContent` may have ended the load itself.
        guard active != 0 else { return false }
        active = 0
        cancelRunningTask()
        // Cancelled inside an accepted load's update: that load settles the state next.
        guard settling == 0, fault != .cancelKeepsTheLoadingScreen else { return true }
        // Back to where the load began, as the model has it now.
        let next = reevaluated(stateBeforeLoad, hasContent: hasContent)
        guard next != state else { return true }
        state = next
        report(.stateChanged)
        return true
    }

    /// The model changed outside a load: content and empty follow it, an error gives way to content.
    mutating func contentDidChange() {
        let hasContent = askHasContent()
        guard !state.isLoading else { return }
        let next = reevaluated(state, hasContent: hasContent)
        guard next != state else { return }
        state = next
        report(.stateChanged)
    }

    private mutating func cancelRunningTask() {
        guard let index = runningTask else { return }
        runningTask = nil
        markCancelled(index)
    }

    /// Its token is already stale, so whenever the work ends, nothing happens; work that
    /// observes cancellation ends now.
    private mutating func markCancelled(_ index: Int) {
        asyncLoads[index].isCancelled = true
        if asyncLoads[index].observesCancellation && asyncLoads[index].value == nil {
            asyncLoads[index].value = false
            asyncLoads[index].endedByItsCancel = true
        }
    }
}
