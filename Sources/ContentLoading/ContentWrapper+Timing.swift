/// The wrapper's timer: it wakes the presentation machine at its deadline.
extension ContentWrapper {
    /// The machine's answer to its deadline, now.
    func deadlineReached() -> ContentState? {
        var machine = self.machine  // copied out and written back: see the note in ContentWrapper.swift
        let drawn = machine.deadlineReached(now: clock.now())
        self.machine = machine
        return drawn
    }

    /// When the screen's or the footer's machine must be woken next.
    var nextDeadline: Duration? {
        guard let footerDeadline = footerMachine.deadline else { return machine.deadline }
        guard let deadline = machine.deadline else { return footerDeadline }
        return min(deadline, footerDeadline)
    }

    func scheduleTimerIfNeeded() {
        guard let deadline = nextDeadline else { return }
        // A timer that wakes no later than this deadline re-arms itself when it wakes.
        if let timerDeadline, timerDeadline <= deadline { return }
        let previous = timer
        previous?.cancel()
        timerDeadline = deadline
        let clock = self.clock
        timer = Task { [weak self] in
            var next = deadline
            while true {
                do {
                    try await clock.sleep(until: next)
                } catch {
                    return  // Cancelled: an earlier deadline replaced this timer.
                }
                guard !Task.isCancelled, let following = self?.timerFired() else { return }
                next = following
            }
        }
    }

    /// Draws what is due; returns when to wake next, or `nil` to stop the timer.
    func timerFired() -> Duration? {
        if let drawn = deadlineReached() {
            present(drawn)
        }
        if footerDeadlineReached() { draw(.footer) }
        publishDrawnChange()
        guard let deadline = nextDeadline else {
            timer = nil
            timerDeadline = nil
            return nil
        }
        timerDeadline = deadline
        return deadline
    }
}
