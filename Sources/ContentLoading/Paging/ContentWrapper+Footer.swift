/// The footer: what the content renderer draws below the content for a paged data source's
/// append lane, timed by the same policy as the loading screen.
extension ContentWrapper {
    /// The footer drawn now: ``AppendState/idle`` unless a ``PagedDataSource`` drives this wrapper.
    public var footer: Footer { drawnFooter }

    /// The append lane is in `footer`, at the lane's `revision`.
    ///
    /// Idempotent, like ``show(_:settledLoad:failure:redrawingRefresh:)``: the footer drawn now is not drawn again.
    func show(_ footer: Footer, revision: UInt64) {
        if case .failed(let error) = footer.state, let placeholder = footer.placeholder {
            failedPage = (error, placeholder)
        }
        let kind = footer.kind
        let now = isImmediate || !footerMachine.dependsOnTime(receiving: kind) ? .zero : clock.now()
        if footerMachine.receive(kind, revision: revision, now: now) { draw(.footer) }
        scheduleTimerIfNeeded()
        publishDrawnChange()
    }

    /// The footer machine's answer to its deadline, now: whether it draws.
    func footerDeadlineReached() -> Bool {
        guard footerMachine.deadline != nil else { return false }
        return footerMachine.deadlineReached(now: clock.now())
    }

    /// Draws the footer the machine displays: the content renderer's
    /// ``ContentRenderer/showFooter(_:)``, with the delegate's placeholder for a failed page.
    func drawFooter() {
        let kind = footerMachine.displayed
        let revision = footerMachine.displayedRevision
        // A draw queued behind one that drew the same footer has nothing left to do.
        if kind == drawnFooter.kind, kind != .failed || revision == drawnFooterRevision { return }
        let next: Footer
        switch kind {
        case .idle: next = Footer(.idle)
        case .loadingMore: next = Footer(.loadingMore)
        case .endReached: next = Footer(.endReached)
        case .failed:
            let (error, proposed) = failedPage ?? (CancellationError(), Placeholder(title: "Couldn't load more"))
            let chosen = delegate?.contentWrapper(self, placeholderForFailedPage: error, proposed: proposed) ?? proposed
            // Drawn now: its Retry acts while this footer is the one drawn, never after.
            next = Footer(.failed(error), placeholder: chosen.drawn())
        }
        // The footer replaced stops acting on taps (only a failed one has an action).
        drawnFooter.endDrawing()
        drawnFooter = next
        drawnFooterRevision = revision
        if footerMachine.target != .failed { failedPage = nil }  // release the error once it is gone
        contentRenderer.showFooter(next)
        observation?.wrapperDrewFooter()
        if case .failed(let error) = next.state, let placeholder = next.placeholder, let delegate {
            delegate.contentWrapper(self, announce: Announcement(.pageFailed(error, placeholder)))
        }
    }
}
