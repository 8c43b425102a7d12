import ContentLoading

/// The reference for what a wrapper with the immediate policy draws, as its contract states:
/// a state is drawn when it differs from the one on screen, and a settled state (content,
/// empty, error) again when it shows a newer outcome; content whose outcome carries a failure
/// is followed by one refresh-failure report per outcome.
struct ScreenModelReference {
    /// The state drawn now (the on-boarding placeholder first).
    private(set) var drawn: ContentState = .initial
    private var drawnOutcome: UInt64 = 0
    private var reportedOutcome: UInt64 = 0

    /// The container told the wrapper its state, the outcome it shows, and that outcome's
    /// failure; returns the delegate calls the wrapper makes, in order.
    mutating func tell(_ state: ContentState, outcome: UInt64, failure: String?) -> [String] {
        let settled = state == .content || state == .empty || state == .error
        guard state != drawn || (settled && outcome != drawnOutcome) else { return [] }
        drawn = state
        drawnOutcome = outcome
        var calls = [state == .error ? "show(error: \(failure ?? "none"))" : "show(\(state))"]
        if state == .content, outcome != reportedOutcome, let failure {
            reportedOutcome = outcome
            calls.append("refreshFailed(\(failure))")
        }
        return calls
    }
}
