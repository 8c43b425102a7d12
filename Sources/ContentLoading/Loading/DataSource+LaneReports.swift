/// The reports beside the content state's: the append lane's footer (see Paging/), retries (see
/// RetryAttempt.swift) and a segment's selection (see Composition/).
extension DataSource {
    /// Delivers a report about a lane to the delegate set now.
    func deliverLaneReport(_ report: Report) {
        guard let delegate else {
            // A child without a delegate of its own: its container's screen shows its retries.
            parent?.childMadeLaneReport(report, from: self)
            return
        }
        switch report {
        case .footerChanged:
            // The footer as it is now, as for the state: a callback may have moved the lane since.
            let (footer, revision) = self.footer
            delegate.contentWrapper(for: self).show(footer, revision: revision)
        case .willRetry(let attempt):
            delegate.dataSource(self, willRetry: attempt)
            self.delegate?.contentWrapper(for: self).show(retry: attempt)
        case .retryEnded(let lane):
            delegate.contentWrapper(for: self).retryDidEnd(lane)
        case .segmentSelected:
            // The state and footer as they are now; a placeholder callback that moves the
            // screen while the wrapper makes it makes that screen stale, as for a state report.
            let (state, settledLoad, failure) = presentation
            let (footer, revision) = self.footer
            deliveringState {
                delegate.contentWrapper(for: self).showAtOnce(
                    state, settledLoad: settledLoad, failure: failure, footer: footer, footerRevision: revision)
            }
        case .willBegin, .stateChanged, .refreshRedrawn, .didFinish:
            break  // the content lane's reports, delivered by `deliver(_:)`
        }
    }

    /// The clock retries wait on: the wrapper's, so that a test's manual clock drives the
    /// presentation policy and the retry delays alike. A child of a composed or segmented data
    /// source without a delegate of its own uses its parent's; with neither, the continuous clock.
    var retryClock: PresentationClock {
        if let delegate { return delegate.contentWrapper(for: self).clock }
        if let parent { return parent.retryClock }
        return PresentationClock(ContinuousClock())
    }
}
