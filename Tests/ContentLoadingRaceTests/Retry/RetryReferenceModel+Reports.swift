import ContentLoading

/// A report the data source makes to its delegate and wrapper, as the model restates it.
enum RetryReport {
    /// A load began: `dataSourceWillBeginLoading`.
    case willBegin
    /// The state (or the outcome it shows) moved: the wrapper is told the state as it is then.
    case stateChanged
    /// A load's result settled: `dataSource(_:didFinishLoadingWith:)`, with its failure.
    case didFinish(String?)
    /// The append lane moved: the wrapper is told the footer as the lane is then.
    case footerChanged
    /// A failed attempt will be retried: the data source's delegate, then the wrapper.
    case willRetry(text: String, isPage: Bool)
    /// The retried load of a lane ended: the wrapper forgets its attempt.
    case retryEnded(isPage: Bool)
}

/// What the model knows of the wrapper (immediate policy): the screen it decided on and drew,
/// the footer, and the retry it shows.
struct RetryWrapperModel {
    /// The state its presentation last decided to draw, and that outcome's load.
    var decided: ContentState = .initial
    var decidedLoad = 0
    /// The state drawn, and the load whose outcome it shows.
    var drawn: ContentState = .initial
    var drawnLoad = 0
    /// The load whose failed refresh was last reported beside its content.
    var reportedRefreshFailure = 0
    /// How many times the data source said a newer state is on its way.
    var pendingStateChanges = 0
    /// The footer its presentation last decided to draw: the lane's phase, at which revision.
    var footerDecided: RetryReferenceModel.Phase = .idle
    var footerRevision = 0
    /// The footer drawn (set once its placeholder is made), and as the view reads it.
    var footerKind: RetryReferenceModel.Phase = .idle
    var footer = "hidden"
    /// `retryAttempt`, as text, and its lane.
    var retry: (text: String, isPage: Bool)?
}

extension RetryReferenceModel {
    /// Delivers `made`, or queues it behind the report being delivered (to nobody once the data
    /// source is gone).
    mutating func report(_ made: [RetryReport]) {
        guard !isReleased else { return }
        if reports.isDelivering {
            if fault == .nestedReportsDeliveredAtOnce {
                for report in made { deliver(report) }
                return
            }
            // A state change made while the wrapper asks for a placeholder: the screen it is
            // making is stale.
            if isDeliveringState, made.contains(where: { if case .stateChanged = $0 { true } else { false } }) {
                wrapper.pendingStateChanges += 1
            }
        }
        guard reports.admit(made) else { return }
        for report in made { deliver(report) }
        while let queued = reports.next() { deliver(queued) }
    }

    private mutating func deliver(_ report: RetryReport) {
        switch report {
        case .willBegin:
            log.append("willBegin")
            reenter(from: .willBegin)
        case .stateChanged:
            isDeliveringState = true
            showState()
            isDeliveringState = false
        case .didFinish(let failure):
            log.append("finished(\(failure ?? "ok"))")
            reenter(from: .didFinish)
        case .footerChanged:
            showFooter()
        case .willRetry(let text, let isPage):
            retriesHeard.append("ds " + text)
            reenter(from: .willRetry)
            // The wrapper shows the retry, tells its delegate, and announces it if the user sees
            // the load in progress.
            wrapper.retry = (text, isPage)
            retriesHeard.append("w " + text)
            reenter(from: .wrapperWillRetry)
            let seen = isPage ? wrapper.footerKind == .loadingMore : wrapper.drawn.isLoading
            if seen, fault != .retryNotAnnounced {
                retriesHeard.append("a " + text)
                reenter(from: .announceRetry)
            }
        case .retryEnded(let isPage):
            if fault != .retryAttemptOutlivesItsLoad, wrapper.retry?.isPage == isPage { wrapper.retry = nil }
        }
    }

    /// The wrapper is told the state as it is now: it draws it if it differs from what it
    /// decided last, or is a settled state showing a newer outcome. The error screen asks for
    /// its placeholder first, and is not drawn if that callback moved the state (the newer
    /// state follows). Content whose load failed beside it is followed by the failure, once.
    private mutating func showState() {
        let load = settledLoad
        let failure = settledLoadFailed ? lastError : nil
        let settled = state == .content || state == .empty || state == .error
        guard state != wrapper.decided || (settled && load != wrapper.decidedLoad) else { return }
        let next = state
        wrapper.decided = next
        wrapper.decidedLoad = load
        let refreshFailure = next == .content && wrapper.reportedRefreshFailure != load ? failure : nil
        if refreshFailure != nil { wrapper.reportedRefreshFailure = load }
        if next == .error {
            let pending = wrapper.pendingStateChanges
            reenter(from: .errorPlaceholder)
            guard wrapper.pendingStateChanges == pending else {
                wrapper.decided = wrapper.drawn
                wrapper.decidedLoad = wrapper.drawnLoad
                return
            }
        }
        wrapper.drawn = next
        wrapper.drawnLoad = load
        if let refreshFailure {
            log.append("refreshFailed(\(refreshFailure))")
            reenter(from: .didFailToRefresh)
        }
    }

    /// The wrapper is told the footer as the lane is now: it draws it when its kind changes, or
    /// for a newer failure; a failed page's footer asks for its placeholder first.
    private mutating func showFooter() {
        let kind = phase
        let revision = laneRevision
        let draws =
            kind == .loadingMore
            ? wrapper.footerDecided != .loadingMore
            : kind != wrapper.footerDecided || (kind == .failed && revision != wrapper.footerRevision)
        guard draws else { return }
        wrapper.footerDecided = kind
        wrapper.footerRevision = revision
        let text = kind == .idle ? "hidden" : phaseText
        if kind == .failed { reenter(from: .failedPagePlaceholder) }
        wrapper.footerKind = kind
        wrapper.footer = text
    }

    /// The data source's `hasContent`, asked as the framework asks it: a call into app code.
    mutating func askHasContent() -> Bool {
        reenter(from: .hasContent)
        return !items.isEmpty
    }

    /// Does what `site` was asked to do the next time it is called, once, and logs what it did.
    mutating func reenter(from site: RetrySite) {
        guard let action = reentries.removeValue(forKey: site) else { return }
        scenarios.insert(.reentered(from: site))
        let answer = applySynchronously(action)
        log.append("reentry \(site): \(answer ?? "nil")")
    }
}
