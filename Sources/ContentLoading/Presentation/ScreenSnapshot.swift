/// Everything a ``ScreenModel`` shows, written in one piece so that its observers hear of a
/// drawn change once, and never see half of one.
struct ScreenSnapshot: Sendable {
    /// The screen drawn.
    var screen: Screen
    /// Whether a load is in flight: the state the wrapper was last told is loading or refreshing.
    var isLoading: Bool
    /// The error of the refresh that failed while its content stays drawn, until a load begins or
    /// another screen is drawn.
    var refreshFailure: (any Error)?
    /// The footer drawn.
    var footer = Footer(.idle)
    /// The retry the load in flight is making.
    var retryAttempt: RetryAttempt?

    /// What a model shows before a wrapper draws into it.
    static let beforeDrawing = ScreenSnapshot(screen: .initial(.initial), isLoading: false, refreshFailure: nil)
}
