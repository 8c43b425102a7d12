/// Switching sources: a segmented data source's selection is drawn at once.
extension ContentWrapper {
    /// The content switched to another source in `state`, with `footer` below it at the
    /// source's `footerRevision`: draws both now, past any delay the policy was holding, so the
    /// screen never keeps the previous source's state or footer on show. Observers hear of both
    /// in one change.
    func showAtOnce(
        _ state: ContentState, settledLoad: UInt64, failure: (any Error)?, footer: Footer, footerRevision: UInt64
    ) {
        self.failure = failure
        self.settledLoad = settledLoad
        observation?.wrapperWasTold(state)
        let now = isImmediate ? .zero : clock.now()
        if let drawn = machine.receiveAtOnce(state, settledLoad: settledLoad, now: now) {
            present(drawn)
        }
        if case .failed(let error) = footer.state, let placeholder = footer.placeholder {
            failedPage = (error, placeholder)
        }
        if footerMachine.receiveAtOnce(footer.kind, revision: footerRevision, now: now) { draw(.footer) }
        scheduleTimerIfNeeded()
        publishDrawnChange()
    }
}
