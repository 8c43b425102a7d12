import ContentLoading
import ContentLoadingTestSupport

extension RetryLiveSystem {
    /// Applies `step` to the real types; the answer mirrors ``RetryReferenceModel/apply(_:)``.
    func apply(_ step: RetryStep) -> String? {
        switch step {
        case .load(let keeping, let firstPage, let ignores):
            guard let dataSource else { return nil }
            dataSource.nextRequest = .init(
                keepingContent: keeping, firstPage: firstPage, ignoresCancellation: ignores)
            dataSource.loadContent()
            return nil
        case .resolve(let pick, let outcome):
            guard let entry = pick.choose(book.entries.filter(\.isWaiting)) else { return nil }
            book.open(entry, with: outcome)
            return "#\(entry.number)"
        case .resolveThen(let pick, let outcome, let then):
            guard let resolved = apply(.resolve(pick, outcome)) else { return nil }
            return "\(resolved), then \(apply(then) ?? "nil")"
        case .advance(let advance):
            let soonest = ledger.entries.map(\.deadline).min()
            let amount = advance.amount(now: clock.now.offset, soonest: soonest)
            clock.advance(by: amount)
            return "by \(amount)"
        case .cancel:
            return weakCoordinator.map { "\($0.cancel())" }
        case .cancelTask(let pick):
            guard let entry = pick.choose(book.entries.filter { $0.value == nil }) else { return nil }
            entry.task?.cancel()
            return "#\(entry.number)"
        case .finishByHand(let outcome):
            return finishByHand(outcome)
        case .releaseDataSource:
            dataSource = nil
            return nil
        case .tapRetry:
            if case .error(_, let placeholder) = wrapper.screen { placeholder.action?.perform() }
            return nil
        case .loadMore(let ignores):
            guard let dataSource else { return nil }
            dataSource.nextPageIgnoresCancellation = ignores
            let answer = dataSource.loadMore()
            dataSource.nextPageIgnoresCancellation = false
            switch answer {
            case .started: return "started"
            case .alreadyLoading: return "alreadyLoading"
            case .refused(let reason): return "\(reason)"
            }
        case .cancelLoadMore:
            return dataSource.map { "\($0.cancelLoadMore())" }
        case .tapFooterRetry:
            if case .failed = wrapper.footer.state, let placeholder = wrapper.footer.placeholder {
                placeholder.action?.perform()
            }
            return nil
        case .reenter(let site, let action):
            reentries[site] = action
            return nil
        }
    }

    /// Finishes the newest content load's token by hand.
    private func finishByHand(_ outcome: RetryStep.Outcome) -> String? {
        guard let dataSource, let entry = book.entries.last(where: { !$0.isPage }), let token = entry.token else {
            return nil
        }
        let coordinator = dataSource.loadingCoordinator
        switch outcome {
        case .rows(let count, _):
            let rows = (0..<count).map { "\(entry.number)-\($0)" }
            return "\(coordinator.finish(token) { dataSource.commit(rows) })"
        case .failure(let error): return "\(coordinator.finish(token, error: error))"
        case .cancellation: return "\(coordinator.finish(token, error: CancellationError()))"
        }
    }

    /// Waits, in bounded time, until every load's task has come to rest: ended, asleep on the
    /// clock, or with its last attempt waiting on a gate no step opened (and that a cancelled
    /// task has not thrown out of). Returns what was still moving if the time ran out.
    func settle(within limit: Duration = .seconds(10)) async -> String? {
        let deadline = ContinuousClock.now + limit
        while let moving = moving() {
            guard ContinuousClock.now < deadline, !Task.isCancelled else { return "never settled: \(moving)" }
            await Task.yield()
        }
        return nil
    }

    private func moving() -> String? {
        let sleeping = ledger.entries
        let sleepers = clock.sleeperCount
        if sleeping.count != sleepers { return "\(sleeping.count) sleeps booked, \(sleepers) on the clock" }
        for entry in book.entries where entry.value == nil {
            if sleeping.contains(where: { $0.load == entry.number }) { continue }
            guard entry.isWaiting else { return "load #\(entry.number) between attempts" }
            if !entry.ignoresCancellation, entry.task?.isCancelled == true {
                return "load #\(entry.number) cancelled while waiting"
            }
        }
        return nil
    }

    /// Ends every load's work, whatever state a mismatch left it in: opens every gate with a
    /// cancellation, lets go of the data source, moves the clock past every sleep, and awaits
    /// each task in bounded time, so that no task outlives the run.
    func endAllWork() async {
        dataSource = nil
        for _ in 0..<20 {
            book.openEveryGate()
            clock.advance(by: .seconds(3_600))
            if book.entries.allSatisfy({ $0.value != nil }) { return }
            _ = await settle(within: .milliseconds(200))
        }
        for entry in book.entries where entry.value == nil {
            await entry.task?.boundedValue()
        }
    }
}

extension RetryStep.Pick {
    /// The newest or oldest of `entries`, which are in load order.
    @MainActor
    func choose(_ entries: [RetryAttemptBook.Entry]) -> RetryAttemptBook.Entry? {
        self == .newest ? entries.last : entries.first
    }
}

extension RetryStep.Advance {
    /// How far to move a clock at `now` whose earliest sleep ends at `soonest`.
    func amount(now: Duration, soonest: Duration?) -> Duration {
        switch self {
        case .by(let duration): duration
        case .toDeadline: soonest.map { $0 - now } ?? .milliseconds(250)
        case .justBefore: soonest.map { max($0 - now - .milliseconds(1), .zero) } ?? .milliseconds(250)
        }
    }
}
