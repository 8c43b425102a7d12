/// The pure logic behind ``ScreenObservation``: whether anything a ``ContentWrapper``'s
/// observers can see changed since they were last told.
///
/// The wrapper reports what it was told, that it drew, and that it reported a failed refresh;
/// ``takeChange()`` answers whether observers must hear of it. Every draw is a change (the
/// wrapper draws only real changes), whether a load is in flight is compared by value, and a
/// refresh failure by presence (each report is a change of its own). The machine holds no
/// screen and no error, only flags: the hot path then copies, retains and releases nothing, and
/// never runs a deinitializer while the machine is being changed.
struct ScreenObservationStateMachine: Sendable {
    /// Whether a load is in flight: the state the wrapper was last told is loading or refreshing.
    private(set) var isLoading: Bool
    /// Whether a refresh failed while its content stays drawn: reported, and neither a load
    /// nor another screen since.
    private(set) var hasRefreshFailure = false
    /// Whether a screen or a footer was drawn, or a retry began or ended, since observers were
    /// last told.
    private var drewScreen = false
    /// Whether a refresh failure was reported or cleared since observers were last told.
    private var refreshFailureChanged = false
    /// What observers were last told: whether a load was in flight, and whether a refresh had failed.
    private var published: (isLoading: Bool, hasRefreshFailure: Bool)

    /// Starts where observers are taken to have been told that a load is in flight or not.
    init(isLoading: Bool) {
        self.isLoading = isLoading
        published = (isLoading, false)
    }

    /// The wrapper was told the content is in `state`.
    ///
    /// A load in flight (`loading`, `refreshing`) makes a failed refresh's notice out of date:
    /// it is cleared when a load begins.
    mutating func wrapperWasTold(_ state: ContentState) {
        isLoading = state.isLoading
        if isLoading { clearRefreshFailure() }
    }

    /// The wrapper drew a screen; any refresh failure belonged to the screen it replaced.
    mutating func wrapperDrew() {
        drewScreen = true
        clearRefreshFailure()
    }

    /// The wrapper drew a footer; the screen, and any refresh failure beside it, stay.
    mutating func wrapperDrewFooter() {
        drewScreen = true
    }

    /// The wrapper learned of a retry, or that one ended: its observers must hear of it.
    mutating func wrapperLearnedOfRetry() {
        drewScreen = true
    }

    /// The wrapper reported that a refresh failed while its content stays drawn.
    mutating func wrapperReportedRefreshFailure() {
        hasRefreshFailure = true
        refreshFailureChanged = true
    }

    /// Whether observers must be told now: something they can see changed since they were last
    /// told. Answers `true` once per change.
    mutating func takeChange() -> Bool {
        let changed =
            drewScreen || isLoading != published.isLoading
            || refreshFailureChanged && (hasRefreshFailure || published.hasRefreshFailure)
        drewScreen = false
        refreshFailureChanged = false
        if changed { published = (isLoading, hasRefreshFailure) }
        return changed
    }

    private mutating func clearRefreshFailure() {
        guard hasRefreshFailure else { return }
        hasRefreshFailure = false
        refreshFailureChanged = true
    }
}
