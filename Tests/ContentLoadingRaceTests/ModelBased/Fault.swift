/// A deliberate mistake, planted in the reference model or in the live harness, to prove that
/// the comparison catches what it claims to: each fault is visible only through the fields
/// listed in ``detectedBy``.
enum Fault: CaseIterable {
    /// Live: the harness writes the model *before* calling `finish`, as PJF's subclasses did,
    /// so a stale response writes the model.
    case modelWrittenBeforeFinish
    /// Model: a refresh that fails replaces the content with the error screen.
    case failedRefreshShowsError
    /// Model: `cancel()` leaves the loading screen up.
    case cancelKeepsTheLoadingScreen
    /// Model: beginning a load forgets the coordinator's last error.
    case errorForgottenWhenALoadBegins
    /// Model: `isLoading` stays `true` once any load has begun.
    case isLoadingNeverClears
    /// Model: finishing an async load's token by hand leaves its task running.
    case finishByHandLeavesTheTaskRunning
    /// Model: a refresh that failed beside its content is not reported.
    case refreshFailureNotReported
    /// Model: a released data source's tokens stay valid.
    case tokensOutliveTheDataSource
    /// Model: a settled screen is not redrawn for a newer load's outcome in the same state.
    case noRedrawForANewerOutcome
    /// Model: a report made inside a callback is delivered at once, not after the current one.
    case nestedReportsDeliveredAtOnce
    /// Model: a placeholder screen skipped because its callback moved the state counts as
    /// drawn, so the newer state looks like no change (the hole an outside fuzzer found).
    case skippedPlaceholderCountsAsDrawn
    /// Model: a `CancellationError` nobody asked for settles as a failure (an error screen)
    /// instead of cancelling the load. (The error it leaves behind can be cleared by a load a
    /// callback begins on that error screen, so only the state is sure to differ.)
    case cancellationShownAsError
    /// Live: a new wrapper is made the delegate's without setting the delegate again, so
    /// nothing brings it up to date.
    case replacedWrapperNotAttached
    /// Model: the refresh indicator is announced as loading, though the loading screen was
    /// never drawn (`state.isLoading` taken for "the spinner shows").
    case refreshAnnouncedAsLoading
    /// Model: a settled screen drawn again for a newer load's outcome in the same state (a
    /// second error, new rows) is not announced: only a change of state is.
    case newOutcomeNotAnnounced

    /// The comparisons that must report this fault (at least these; some faults show in others too).
    var detectedBy: Set<SequenceRunner.Field> {
        switch self {
        case .modelWrittenBeforeFinish: [.items]
        case .failedRefreshShowsError: [.state, .shown, .log]
        case .cancelKeepsTheLoadingScreen: [.state]
        case .errorForgottenWhenALoadBegins: [.error]
        case .isLoadingNeverClears: [.isLoading]
        case .finishByHandLeavesTheTaskRunning: [.taskCancelled]
        case .refreshFailureNotReported: [.log]
        case .tokensOutliveTheDataSource: [.validity]
        case .noRedrawForANewerOutcome: [.log]
        case .nestedReportsDeliveredAtOnce: [.log]
        case .skippedPlaceholderCountsAsDrawn: [.shown, .log]
        case .replacedWrapperNotAttached: [.screen]
        case .cancellationShownAsError: [.state]
        case .refreshAnnouncedAsLoading: [.log]
        case .newOutcomeNotAnnounced: [.log]
        }
    }

    /// Whether ``detectedBy`` is the *only* comparison that can see it: the proof that this
    /// one field is really compared.
    var isVisibleOnlyThere: Bool {
        switch self {
        // A forgotten error also shows in the log once a skipped error screen is redrawn, so
        // it is not among these.
        case .isLoadingNeverClears, .finishByHandLeavesTheTaskRunning, .refreshFailureNotReported,
            .noRedrawForANewerOutcome, .refreshAnnouncedAsLoading, .newOutcomeNotAnnounced:
            true
        default: false
        }
    }
}
