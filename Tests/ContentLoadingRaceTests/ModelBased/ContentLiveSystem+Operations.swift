import ContentLoadingTestSupport
@testable import ContentLoading

extension ContentLiveSystem {
    /// Runs `operation` against the real types; the answer mirrors ``ContentReferenceModel/apply(_:)``.
    func apply(_ operation: ContentStep) async -> Bool? {
        switch operation {
        case .begin(let keeping):
            begin(keepingContent: keeping)
            return nil
        case .finish(let reference, let outcome):
            guard let index = reference.resolve(count: begun) else { return nil }
            let token: LoadingState
            switch tokens[index + 1]! {
            case .sync(let state): token = state
            case .async(let handle):
                guard let started = await handle.awaitToken() else { return nil }
                token = started
            }
            return finish(token, outcome)
        case .cancel:
            return coordinator.cancel()
        case .beginAsync(let keeping, let observes):
            beginAsync(keepingContent: keeping, observesCancellation: observes)
            // The caller is waiting before the next step, as a reload's is by the time it returns.
            if let handle = asyncLoads.last, handle.awaiter != nil {
                for _ in 0..<1_000 where !handle.awaiterStarted { await Task.yield() }
            }
            return nil
        case .resume(let reference, let outcome):
            guard let index = reference.resolve(count: asyncLoads.count) else { return nil }
            let handle = asyncLoads[index]
            handle.gate.open(with: outcome.result)
            return await handle.task?.value
        case .cancelTask(let reference):
            guard let index = reference.resolve(count: asyncLoads.count) else { return nil }
            let handle = asyncLoads[index]
            handle.task?.cancel()
            guard handle.gate.observesCancellation else { return nil }
            return await handle.task?.value
        case .reenter(let site, let reentry):
            guard dataSource != nil else { return nil }
            reentries[site] = reentry
            return nil
        case .releaseDataSource:
            guard dataSource != nil else { return nil }
            dataSource = nil
            return nil
        case .act(let reentry):
            perform(reentry)
            return nil
        case .tapPlaceholderAction:
            switch wrapper.screen {
            case .empty(let placeholder), .error(_, let placeholder): placeholder.action?.perform()
            default: break
            }
            return nil
        case .loadMore:
            if let answer = loadMore() { loadMoreAnswers.append(answer) }
            return nil
        case .finishPage(let reference, let outcome):
            return finishPage(reference, outcome)
        case .cancelLoadMore:
            return weakDataSource?.cancelLoadMore()
        case .tapFooterAction:
            tapFooterAction()
            return nil
        case .keepDrawnActions:
            keepDrawnActions()
            return nil
        case .tapKeptPlaceholderAction:
            return keptPlaceholderAction?.perform()
        case .tapKeptFooterAction:
            return tapKeptFooterAction()
        case .awaitCallers:
            guard dataSource != nil else { return nil }
            return await callersEnded()
        }
    }

    /// Waits until the work of every async load begun has started and received its token
    /// (every begun task's work starts, cancelled or not), so that the comparison sees every
    /// token however late the task ran; bounded, as ``AsyncLoadHandle/awaitToken()`` is.
    func awaitStartedWork() async {
        for handle in asyncLoads where handle.task != nil && handle.token == nil {
            _ = await handle.awaitToken()
        }
    }

    /// Lets every async load's work end and awaits its task, so that no task outlives the run,
    /// even one that stopped at a mismatch (it would otherwise wait on its gate forever).
    func endAllWork() async {
        for handle in asyncLoads {
            handle.gate.open(throwing: CancellationError())
            _ = await handle.task?.value
            // A caller still waiting (its load outlived its data source) stops waiting.
            handle.awaiter?.cancel()
            _ = await handle.awaiter?.value
        }
    }

    /// Whether every caller awaiting a load that has ended has ended too, given a bounded number
    /// of turns of the main actor to be resumed: a load that ended without answering its caller
    /// leaves it waiting for ever. (A load still in flight, a synchronous one a callback began
    /// and nobody finished, keeps its caller waiting, as it should.)
    func callersEnded() async -> Bool {
        for _ in 0..<1_000 {
            let waiting = asyncLoads.contains {
                $0.awaiter != nil && $0.awaitedOutcome == nil
                    && !coordinator.machine.isActive($0.awaitedGeneration)
            }
            if !waiting { return true }
            await Task.yield()
        }
        return false
    }

    @discardableResult
    func begin(keepingContent: Bool) -> LoadingState {
        begun += 1
        let generation = begun
        let token = coordinator.loadContent(keepingContent: keepingContent) { _ in }
        tokens[generation] = .sync(token)
        syncLoads.append(generation)
        return token
    }

    func finish(_ token: LoadingState, _ outcome: ContentStep.Outcome) -> Bool {
        switch outcome {
        case .items(let loaded):
            if fault == .modelWrittenBeforeFinish {
                weakDataSource?.items = loaded
                return coordinator.finish(token)
            }
            return coordinator.finish(token) { [weak self, weak dataSource = weakDataSource] in
                dataSource?.items = loaded
                self?.reenter(from: .update)
            }
        case .page(let loaded, let next):
            // Once the data source is gone only its coordinator is left, which refuses the load.
            guard let dataSource = weakDataSource else { return coordinator.finish(token) {} }
            if fault == .modelWrittenBeforeFinish {
                dataSource.items = loaded
                return dataSource.finishFirstPage(token, next: next) {}
            }
            return dataSource.finishFirstPage(token, next: next) { [weak self] in
                dataSource.items = loaded
                self?.reenter(from: .update)
            }
        case .failure(let id):
            return coordinator.finish(token, error: RaceError(id))
        case .cancellation:
            return coordinator.finish(token, error: CancellationError())
        }
    }

    /// Begins an async load whose work waits on a gate of its own, opened by a `resume` step.
    func beginAsync(keepingContent keeping: Bool, observesCancellation observes: Bool) {
        let handle = AsyncLoadHandle(gate: AsyncGate<[String]>(observesCancellation: observes))
        begun += 1
        tokens[begun] = .async(handle)
        asyncLoads.append(handle)
        // Begun as `reload(ownedBy:)` begins its load, and awaited by a caller as it awaits it:
        // the newest load begun meanwhile, which ends (superseded, cancelled or settled) and
        // answers its caller. Only while the data source is alive, as a reload holds it.
        let awaited = coordinator.beginAwaitedLoad {
            // Weak captures, so an in-flight load never keeps the data source alive.
            handle.task = coordinator.load(keepingContent: keeping) { [weak handle, gate = handle.gate] state in
                await handle?.receive(state)
                return try await gate.wait()
            } commit: { [weak self, weak dataSource = weakDataSource] loaded in
                dataSource?.items = loaded
                self?.reenter(from: .update)
            }
        }
        guard dataSource != nil, case .pending(let generation) = awaited else { return }
        handle.awaitedGeneration = generation
        handle.awaiter = Task { [coordinator, weak handle] in
            // `awaitLoad` registers the caller before it first suspends, in this same turn.
            handle?.awaiterStarted = true
            let outcome = await coordinator.awaitLoad(generation, ownedBy: .dataSource)
            handle?.awaitedOutcome = outcome
            return outcome
        }
    }

    /// Does what `site` was asked to do the next time it is called, once.
    func reenter(from site: ContentStep.Site) {
        guard let reentry = reentries.removeValue(forKey: site) else { return }
        perform(reentry)
    }

    /// Does `reentry` and logs what it did, after it did it.
    func perform(_ reentry: ContentStep.Reentry) {
        switch reentry {
        case .begin(let keeping):
            begin(keepingContent: keeping)
            log.append("reentry: begin")
        case .beginAsync(let keeping, let observes):
            beginAsync(keepingContent: keeping, observesCancellation: observes)
            log.append("reentry: beginAsync")
        case .beginAndFinish(let keeping, let outcome):
            let accepted = finish(begin(keepingContent: keeping), outcome)
            log.append("reentry: begin, finish \(accepted)")
        case .beginAndCancel(let keeping):
            begin(keepingContent: keeping)
            let cancelled = coordinator.cancel()
            log.append("reentry: begin, cancel \(cancelled)")
        case .beginAndLoadMore(let keeping):
            begin(keepingContent: keeping)
            if let answer = loadMore() { loadMoreAnswers.append(answer) }
            log.append("reentry: begin, loadMore")
        case .finish(let reference, let outcome):
            guard let index = reference.resolve(count: syncLoads.count),
                case .sync(let token) = tokens[syncLoads[index]]
            else {
                log.append("reentry: no load to finish")
                return
            }
            let accepted = finish(token, outcome)
            log.append("reentry: finish \(accepted)")
        case .cancel:
            let cancelled = coordinator.cancel()
            log.append("reentry: cancel \(cancelled)")
        case .changeModel(let items):
            weakDataSource?.items = items
            coordinator.contentDidChange()
            log.append("reentry: model changed")
        case .setDelegate(let choice):
            switch choice {
            case .none: weakDataSource?.delegate = nil
            case .same: weakDataSource?.delegate = self
            case .another: weakDataSource?.delegate = otherDelegate
            }
            log.append("reentry: delegate \(choice)")
        case .loadMore:
            if let answer = loadMore() { loadMoreAnswers.append(answer) }
            log.append("reentry: loadMore")
        case .finishPage(let reference, let outcome):
            let accepted = finishPage(reference, outcome)
            log.append("reentry: finishPage \(accepted.map { "\($0)" } ?? "none")")
        case .cancelLoadMore:
            let cancelled = weakDataSource?.cancelLoadMore()
            log.append("reentry: cancelLoadMore \(cancelled.map { "\($0)" } ?? "none")")
        case .replaceWrapper:
            installWrapper()
            if fault != .replacedWrapperNotAttached { weakDataSource?.delegate = self }
            log.append("reentry: wrapper replaced")
        }
    }
}
