import ContentLoading

extension ContentReferenceModel {
    /// Delivers `reports`, or queues them behind the report being delivered.
    mutating func report(_ reports: Report...) {
        guard !isReleased else { return }
        if isReporting && fault != .nestedReportsDeliveredAtOnce {
            for report in reports {
                queuedReports.append(report)
                if case .stateChanged = report, isDeliveringState, delegate != .none {
                    // Made while the wrapper asks for a placeholder: the screen it is making is stale.
                    wrappers[current].pendingStateChanges += 1
                }
            }
            return
        }
        let wasReporting = isReporting
        isReporting = true
        for report in reports { deliver(report) }
        var index = 0
        while !wasReporting && index < queuedReports.count {
            deliver(queuedReports[index])
            index += 1
        }
        if !wasReporting { queuedReports.removeAll() }
        isReporting = wasReporting
    }

    /// Delivers `report` to the delegate set now.
    private mutating func deliver(_ report: Report) {
        switch (report, delegate) {
        case (_, .none):
            break
        case (.willBegin, .same):
            log.append("willBegin")
            reenter(from: .willBegin)
        case (.willBegin, .another):
            log.append("other.willBegin")
        case (.stateChanged, _):
            // The state as it is now; both delegates supply the current wrapper.
            isDeliveringState = true
            show(state, load: settledLoad, failure: settledLoadFailed ? error : nil, on: current)
            isDeliveringState = false
        case (.didFinish(let failure), .same):
            log.append("finished(\(failure.map { "\($0)" } ?? "ok"))")
            reenter(from: .didFinish)
        case (.didFinish(let failure), .another):
            log.append("other.finished(\(failure.map { "\($0)" } ?? "ok"))")
        case (.footerChanged, _):
            // The lane as it is now; both delegates supply the current wrapper.
            showFooter(on: current)
        }
    }

    /// Does what `site` was asked to do the next time it is called, once.
    mutating func reenter(from site: ContentStep.Site) {
        guard let reentry = reentries.removeValue(forKey: site) else { return }
        perform(reentry)
    }

    /// Does `reentry` and logs what it did, after it did it.
    mutating func perform(_ reentry: ContentStep.Reentry) {
        switch reentry {
        case .begin(let keeping):
            _ = begin(keepingContent: keeping, sync: true)
            log.append("reentry: begin")
        case .beginAsync(let keeping, let observes):
            beginAsync(keepingContent: keeping, observesCancellation: observes)
            log.append("reentry: beginAsync")
        case .beginAndFinish(let keeping, let outcome):
            let generation = begin(keepingContent: keeping, sync: true)
            let accepted = finish(generation: generation, outcome)
            log.append("reentry: begin, finish \(accepted)")
        case .beginAndCancel(let keeping):
            _ = begin(keepingContent: keeping, sync: true)
            let cancelled = cancel()
            log.append("reentry: begin, cancel \(cancelled)")
        case .beginAndLoadMore(let keeping):
            _ = begin(keepingContent: keeping, sync: true)
            if let answer = loadMore(byHarness: true) { lane.answers.append(answer) }
            log.append("reentry: begin, loadMore")
        case .finish(let reference, let outcome):
            guard let index = reference.resolve(count: syncLoads.count) else {
                log.append("reentry: no load to finish")
                return
            }
            let accepted = finish(generation: syncLoads[index], outcome)
            log.append("reentry: finish \(accepted)")
        case .cancel:
            let cancelled = cancel()
            log.append("reentry: cancel \(cancelled)")
        case .changeModel(let changed):
            if !isReleased { items = changed }
            contentDidChange()
            log.append("reentry: model changed")
        case .setDelegate(let choice):
            if !isReleased { setDelegate(choice) }
            log.append("reentry: delegate \(choice)")
        case .loadMore:
            if let answer = loadMore(byHarness: true) { lane.answers.append(answer) }
            log.append("reentry: loadMore")
        case .finishPage(let reference, let outcome):
            let accepted = finishPage(reference, outcome)
            log.append("reentry: finishPage \(accepted.map { "\($0)" } ?? "none")")
        case .cancelLoadMore:
            let cancelled = isReleased ? nil : cancelPage()
            log.append("reentry: cancelLoadMore \(cancelled.map { "\($0)" } ?? "none")")
        case .replaceWrapper:
            wrappers.append(WrapperModel(prefix: "w\(wrappers.count + 1)."))
            if firstFrame == .placeholder { log.append("\(wrappers[current].prefix)empty.show(initial)") }
            if !isReleased && fault != .replacedWrapperNotAttached { setDelegate(.same) }
            log.append("reentry: wrapper replaced")
        }
    }

    /// Sets the data source's delegate: its wrapper catches up unless nothing ever loaded.
    private mutating func setDelegate(_ choice: ContentStep.DelegateChoice) {
        delegate = choice
        guard generations > 0 || state != .initial else { return }
        report(.stateChanged)
        // The lane as it is after that report: once it has moved, its footer is sent too (a
        // wrapper set again may draw one the lane left while it was detached).
        if lane.footer != .hidden || lane.revision != 0 { report(.footerChanged) }
    }
}
