import ContentLoading

/// Where the demo draws: the renderers hand it the body of the screen and the footer below the
/// rows, and the demo its events.
///
/// ``LineDisplay`` writes one line per change (plain or coloured); ``FullScreenDisplay``
/// redraws a whole screen for the interactive mode.
@MainActor
protocol Display: AnyObject {
    /// Draws `body` in place of the previous one.
    func show(_ body: DisplayBody)
    /// Draws `footer` below the rows in place of the previous one: a page loading, a failed
    /// page with Retry, the end of the list, or nothing.
    func showFooter(_ footer: Footer)
    /// Says that the load on screen waits to retry (`attempt`), or no longer does (`nil`).
    func showRetry(_ attempt: RetryAttempt?)
    /// Reports `event`.
    func log(_ event: DemoEvent)
    /// Draws everything again: after a resize, or when the demo resumes from a stop.
    func redraw()
    /// Stops any animation. The full screen draws nothing more; the line display still
    /// writes the lines it is given.
    func finish()
}
