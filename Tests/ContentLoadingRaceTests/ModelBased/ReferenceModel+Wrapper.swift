import ContentLoading

/// What the reference model remembers of one wrapper (immediate policy).
struct WrapperModel {
    /// What its renderers' and its delegate's log entries start with.
    let prefix: String
    /// The state drawn, and the load whose outcome it shows.
    var drawn: ContentState = .initial
    var drawnLoad = 0
    /// The state its presentation decided to draw last, and that load; the same as what is
    /// drawn, except while a skipped screen is mistaken for drawn (a planted fault).
    var decided: ContentState = .initial
    var decidedLoad = 0
    /// The failure of the outcome it was last told, and that load.
    var failure: RaceError?
    var settledLoad = 0
    var reportedRefreshFailure = 0
    /// How many times its data source said a newer state is on its way.
    var pendingStateChanges = 0

    init(prefix: String) { self.prefix = prefix }
}

extension ReferenceModel {
    /// The wrapper `index` is told the content is in `next`, the outcome of `load`.
    mutating func show(_ next: ContentState, load: Int, failure: RaceError?, on index: Int) {
        wrappers[index].failure = failure
        wrappers[index].settledLoad = load
        let wrapper = wrappers[index]
        let isSettled = next == .content || next == .empty || next == .error
        let newerOutcome = isSettled && load != wrapper.decidedLoad && fault != .noRedrawForANewerOutcome
        guard next != wrapper.decided || newerOutcome else { return }
        wrappers[index].decided = next
        wrappers[index].decidedLoad = load
        guard draw(next, load: load, on: index) else { return }
        if next == .content, let failure, wrapper.reportedRefreshFailure != load, fault != .refreshFailureNotReported {
            wrappers[index].reportedRefreshFailure = load
            log.append("\(wrapper.prefix)refreshFailed(\(failure))")
        }
    }

    /// Draws `next` on wrapper `index`; `false` when a placeholder callback made it stale first.
    private mutating func draw(_ next: ContentState, load: Int, on index: Int) -> Bool {
        let prefix = wrappers[index].prefix
        var failure = "none"
        if next == .empty || next == .error {
            let pending = wrappers[index].pendingStateChanges
            failure = wrappers[index].failure.map { "\($0)" } ?? "none"
            reenter(from: next == .empty ? .emptyPlaceholder : .errorPlaceholder)
            if wrappers[index].pendingStateChanges != pending {
                // The newer state follows; this screen is not drawn, and the wrapper knows it.
                if fault != .skippedPlaceholderCountsAsDrawn {
                    wrappers[index].decided = wrappers[index].drawn
                    wrappers[index].decidedLoad = wrappers[index].drawnLoad
                }
                return false
            }
        }
        log.append("\(prefix)willShow(\(next))")
        reenter(from: .willShow)
        let previous = Self.role(of: wrappers[index].drawn, firstFrame: firstFrame)
        let upcoming = Self.role(of: next, firstFrame: firstFrame)
        wrappers[index].drawn = next
        wrappers[index].drawnLoad = load
        if previous != upcoming, let previous {
            log.append("\(prefix)\(RaceOperation.Site.rendererNames[previous]).hide")
            reenter(from: .rendererHide(previous))
        }
        // A blank first frame is drawn by no renderer.
        if let upcoming {
            log.append("\(prefix)\(RaceOperation.Site.rendererNames[upcoming]).show(\(next))")
            reenter(from: .rendererShow(upcoming))
        }
        log.append(next == .error ? "\(prefix)didShow(error: \(failure))" : "\(prefix)didShow(\(next))")
        reenter(from: .didShow)
        return true
    }

    /// The renderer that draws `state`, numbered as ``RaceOperation/Site/rendererNames``;
    /// `nil` for none (the initial state of a blank first frame).
    static func role(of state: ContentState, firstFrame: FirstFrame) -> Int? {
        switch state {
        case .content, .refreshing: 0
        case .loading: 1
        case .initial: firstFrame.initialRole
        case .empty: 2
        case .error: 3
        }
    }
}
