import ContentLoading

/// A report a container makes to its delegate and wrapper, as the references restate it.
enum ContainerReport {
    /// The screen began loading: `dataSourceWillBeginLoading`.
    case willBegin
    /// The screen's state (or the outcome it shows) moved: the wrapper is told it as it is then.
    case stateChanged
    /// The screen's load ended with a result: `dataSource(_:didFinishLoadingWith:)`.
    case didFinish(String?)
    /// A segment was selected: the wrapper draws it at once, as it is then.
    case segmentSelected

    /// Whether the wrapper is told another screen to draw.
    var movesTheScreen: Bool {
        switch self {
        case .stateChanged, .segmentSelected: true
        case .willBegin, .didFinish: false
        }
    }
}

/// The container's reports: delivered at once, or, made from inside a callback, after the one
/// in progress; the wrapper told the state as it is when a report is delivered, drawing it and
/// calling back as the real wrapper does.
extension CompositionReferenceModel {
    /// Delivers `made`, or queues it behind the report being delivered.
    mutating func report(_ made: [ContainerReport]) {
        if reports.isDelivering {
            if fault == .nestedContainerReportsDeliveredAtOnce {
                for report in made { deliver(report) }
                return
            }
            // A state change (or a selection) made while the wrapper asks for a placeholder:
            // the screen it is making is stale.
            if screen.isBeingTold, made.contains(where: \.movesTheScreen) { screen.pendingStateChanges += 1 }
        }
        guard reports.admit(made) else { return }
        for report in made { deliver(report) }
        while let queued = reports.next() { deliver(queued) }
    }

    private mutating func deliver(_ report: ContainerReport) {
        switch report {
        case .willBegin:
            log.append("willBegin")
            reenter(from: .willBegin)
        case .stateChanged, .segmentSelected:
            screen.isBeingTold = true
            tellWrapper(presentation)
            screen.isBeingTold = false
        case .didFinish(let failure):
            log.append("finished(\(failure ?? "ok"))")
            reenter(from: .didFinish)
        }
    }

    /// The wrapper is told `presented`: it draws it if it must. A placeholder screen (empty,
    /// error) asks for its placeholder first and is not drawn if that callback moved the
    /// screen's state (the newer state follows). Then `willShow`, the renderers, `didShow` and
    /// the announcement; content whose outcome failed beside it is followed by the failure,
    /// once, and its announcement.
    mutating func tellWrapper(_ presented: (state: ContentState, outcome: UInt64, failure: String?)) {
        let (next, outcome, failure) = presented
        guard screen.draws(next, outcome: outcome) else { return }
        screen.decided = next
        screen.decidedOutcome = outcome
        let refreshFailure = next == .content && screen.reportedOutcome != outcome ? failure : nil
        if refreshFailure != nil { screen.reportedOutcome = outcome }
        if next == .empty || next == .error {
            let pending = screen.pendingStateChanges
            reenter(from: next == .empty ? .emptyPlaceholder : .errorPlaceholder)
            guard screen.pendingStateChanges == pending else {
                screen.decided = screen.drawn
                screen.decidedOutcome = screen.drawnOutcome
                return
            }
        }
        log.append(next == .error ? "show(error: \(failure ?? "none"))" : "show(\(next))")
        reenter(from: .willShow)
        let previous = ScreenModelReference.renderer(of: screen.drawn)
        screen.drawn = next
        screen.drawnOutcome = outcome
        if previous != ScreenModelReference.renderer(of: next) { reenter(from: .rendererHide) }
        reenter(from: .rendererShow)
        reenter(from: .didShow)
        if let news = screen.announcement(of: next, outcome: outcome, refreshFailed: refreshFailure != nil) {
            switch news {
            case .loading: log.append("announce(loading)")
            case .content: log.append("announce(loaded)")
            case .empty: log.append("announce(empty)")
            default: log.append("announce(failed(\(failure ?? "none")))")
            }
            reenter(from: .announce)
        }
        if let refreshFailure {
            log.append("refreshFailed(\(refreshFailure))")
            reenter(from: .didFailToRefresh)
            log.append("announce(refreshFailed(\(refreshFailure)))")
            reenter(from: .announce)
        }
    }
}
