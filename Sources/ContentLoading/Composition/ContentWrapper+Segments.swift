/// Switching sources: a segmented data source's selection is drawn at once.
extension ContentWrapper {
    /// The content switched to another source in `state`: draws it now, past any delay the
    /// policy was holding, so the screen never keeps the previous source's state on show.
    func showAtOnce(_ state: ContentState, settledLoad: UInt64, failure: (any Error)?) {
        self.failure = failure
        self.settledLoad = settledLoad
        observation?.wrapperWasTold(state)
        var machine = self.machine  // copied out and written back: see the note in ContentWrapper.swift
        let drawn = machine.receiveAtOnce(state, settledLoad: settledLoad, now: isImmediate ? .zero : clock.now())
        self.machine = machine
        if let drawn {
            present(drawn)
        }
        scheduleTimerIfNeeded()
        publishDrawnChange()
    }
}
