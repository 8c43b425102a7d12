/// Drawing: one screen at a time, in order, with the delegate told before and after, and what
/// the user perceives announced.
extension ContentWrapper {
    /// Draws `state`, then reports a refresh that failed beside the content, once.
    func present(_ state: ContentState) {
        let load = settledLoad
        // Decided before drawing, so the content is drawn knowing the report follows it.
        if state == .content, reportedRefreshFailure != load, let failure {
            reportedRefreshFailure = load
            draw(.screen(state, load: load, refreshFailed: true))
            draw(.refreshFailure(failure))
        } else {
            draw(.screen(state, load: load, refreshFailed: false))
        }
    }

    /// The screen of a placeholder state (initial, empty, error), asking the delegate for
    /// its placeholder.
    func makePlaceholderScreen(for state: ContentState) -> Screen {
        switch state {
        case .empty:
            return .empty(delegate?.contentWrapper(self, placeholderForEmpty: .empty) ?? .empty)
        case .error:
            let error = failure ?? CancellationError()
            let proposed = Placeholder.error(error)
            return .error(error, delegate?.contentWrapper(self, placeholderFor: error, proposed: proposed) ?? proposed)
        default:  // .initial: the payload-less screens never come here
            switch initialScreen {
            case .blank: return .blank
            case .placeholder(let placeholder): return .initial(placeholder)
            case .loading: return .initial(.initial)  // a cancelled first load: nothing loads any more
            }
        }
    }

    func draw(_ draw: Draw) {
        if isDrawing {
            queuedDraws.append(draw)
            queuedDrawCount &+= 1
            return
        }
        isDrawing = true
        let queued = queuedDrawCount
        perform(draw)
        if queuedDrawCount != queued {
            var index = 0
            while index < queuedDraws.count {
                perform(queuedDraws[index])
                index += 1
            }
            queuedDraws.removeAll(keepingCapacity: true)
        }
        isDrawing = false
    }

    func perform(_ draw: Draw) {
        switch draw {
        case .screen(let state, let load, let refreshFailed):
            // A screen without a payload that is already drawn is not drawn again: a skipped
            // stale screen can leave such a draw queued behind it.
            if state == drawnState, state == .loading || state == .refreshing { return }
            // Performance: the screens without a payload (the hot path) are built here, where
            // the optimizer sees their case and neither copies nor destroys them through
            // `Screen`'s outlined functions; nothing user-supplied runs while they are made.
            switch state {
            case .loading:
                switchScreen(to: state, load: load, .loading, refreshFailed: false)
            case .refreshing, .content:
                switchScreen(
                    to: state, load: load, .content(isRefreshing: state == .refreshing), refreshFailed: refreshFailed)
            case .initial, .empty, .error:
                let (queued, pending) = (queuedDrawCount, pendingStateChanges)
                let next = makePlaceholderScreen(for: state)
                // A placeholder callback changed the content while this screen was being made:
                // the newer screen replaces this one, which would be stale the moment it showed.
                // A newer screen queued here is drawn next (the machine already expects it).
                guard queuedDrawCount == queued else { return }
                guard pendingStateChanges == pending else {
                    // The data source sends the newer state when its report ends; the machine
                    // must compare it with the screen really drawn, not with this one.
                    machine.drawingWasSkipped(stillDisplayed: drawnState, load: drawnLoad)
                    return
                }
                // Drawn now: its action (Retry, say) acts while this screen is the one drawn.
                switchScreen(to: state, load: load, next.drawn(), refreshFailed: false)
            }
        case .footer:
            drawFooter()
        case .refreshFailure(let error):
            observation?.wrapperReportedRefreshFailure(error)
            let delegate = self.delegate
            delegate?.contentWrapper(self, didFailToRefreshWith: error)
            delegate?.contentWrapper(self, announce: Announcement(.refreshFailed(error)))
        }
    }

    /// Draws `next`, the screen of `state` showing the outcome of `load`, in place of the one
    /// drawn now, and announces it if the user perceives news (`refreshFailed`: see ``Draw``).
    @inline(__always)
    func switchScreen(to state: ContentState, load: UInt64, _ next: Screen, refreshFailed: Bool) {
        // One weak load per draw: weak references are the costliest step of the hot path.
        let delegate = self.delegate
        delegate?.contentWrapper(self, willShow: next)
        let previous = role(of: drawnState)
        let upcoming = role(of: state)
        drawnState = state
        drawnLoad = load
        // A placeholder's action acts only while its screen is drawn: the one replaced stops
        // acting. Only a placeholder screen shows an action, so the hot path does nothing more.
        if upcoming == .empty || upcoming == .error || upcoming == .none {
            placeholderScreen.endDrawing()
            placeholderScreen = next
        } else if previous == .empty || previous == .error {
            placeholderScreen.endDrawing()
            placeholderScreen = .loading  // release the placeholder that was showing
        }
        if !shareRenderer(previous, upcoming) { hide(by: previous) }
        show(next, by: upcoming)
        observation?.wrapperDrew(next)
        delegate?.contentWrapper(self, didShow: next)
        announceDrawn(state, load: load, next, refreshFailed: refreshFailed, to: delegate)
    }
}
