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
    /// What the user was last told of: the loading screen (load 0), or a settled state and
    /// the load whose outcome it showed.
    var announced: ContentState = .initial
    var announcedLoad = 0
    /// How many times its data source said a newer state is on its way.
    var pendingStateChanges = 0
    /// The footer drawn, the lane's revision it showed, and the failed page's error it shows.
    var footer: FooterKind = .hidden
    var footerRevision = 0
    var footerError: RaceError?
    /// How many screens, and how many footers, it has drawn: an action kept from one acts only
    /// while no other has been drawn since.
    var screenDrawings = 0
    var footerDrawings = 0

    /// The footer drawn, as the comparison names it.
    var footerDescription: String {
        footer == .failed ? "failed(\(footerError.map { "\($0)" } ?? "none"))" : footer.rawValue
    }

    init(prefix: String) { self.prefix = prefix }
}

extension ContentReferenceModel {
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
        // A refresh failure is reported once, right after its content: that content is not
        // announced as loaded, the failure is.
        let refreshFailure =
            next == .content && wrapper.reportedRefreshFailure != load && fault != .refreshFailureNotReported
            ? failure : nil
        if refreshFailure != nil { wrappers[index].reportedRefreshFailure = load }
        guard draw(next, load: load, refreshFailed: refreshFailure != nil, on: index) else { return }
        if let refreshFailure {
            log.append("\(wrapper.prefix)refreshFailed(\(refreshFailure))")
            reenter(from: .didFailToRefresh)
            log.append("\(wrapper.prefix)announce(refreshFailed(\(refreshFailure)))")
            reenter(from: .announce)
        }
    }

    /// Draws `next` on wrapper `index`; `false` when a placeholder callback made it stale first.
    private mutating func draw(_ next: ContentState, load: Int, refreshFailed: Bool, on index: Int) -> Bool {
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
        wrappers[index].screenDrawings += 1
        if previous != upcoming, let previous {
            log.append("\(prefix)\(ContentStep.Site.rendererNames[previous]).hide")
            reenter(from: .rendererHide(previous))
        }
        // A blank first frame is drawn by no renderer.
        if let upcoming {
            log.append("\(prefix)\(ContentStep.Site.rendererNames[upcoming]).show(\(next))")
            reenter(from: .rendererShow(upcoming))
        }
        log.append(next == .error ? "\(prefix)didShow(error: \(failure))" : "\(prefix)didShow(\(next))")
        reenter(from: .didShow)
        announce(next, load: load, failure: failure, refreshFailed: refreshFailed, on: index)
        return true
    }

    /// Announces what the user perceives of `next`, just drawn on wrapper `index`: the loading
    /// screen always (drawn, it is news); a settled state unless it is the one last announced
    /// with the same load's outcome, and then not the content of a failed refresh (its failure
    /// is announced instead); the initial screen and the refresh indicator never.
    private mutating func announce(
        _ next: ContentState, load: Int, failure: String, refreshFailed: Bool, on index: Int
    ) {
        let wrapper = wrappers[index]
        switch next {
        case .loading:
            wrappers[index].announced = .loading
            wrappers[index].announcedLoad = 0
        case .refreshing where fault == .refreshAnnouncedAsLoading:
            wrappers[index].announced = .loading
            wrappers[index].announcedLoad = 0
        case .content, .empty, .error:
            let newOutcome = load != wrapper.announcedLoad && fault != .newOutcomeNotAnnounced
            guard next != wrapper.announced || newOutcome else { return }
            wrappers[index].announced = next
            wrappers[index].announcedLoad = load
            guard !refreshFailed else { return }
        default:
            return
        }
        let kind: String
        switch next {
        case .content:
            reenter(from: .itemCount)
            kind = isReleased ? "loaded" : "loaded(\(items.count))"
        case .empty: kind = "empty"
        case .error: kind = "failed(\(failure))"
        default: kind = "loading"
        }
        log.append("\(wrapper.prefix)announce(\(kind))")
        reenter(from: .announce)
    }

    /// The renderer that draws `state`, numbered as ``ContentStep/Site/rendererNames``;
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
