/// A deliberate mistake, planted in the reference model or in the live harness, to prove that
/// the comparison catches what it claims to: each fault is visible only through the fields
/// listed in ``detectedBy``.
enum ContentFault: CaseIterable, RaceFault {
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
    /// Model: a released data source's tokens still read valid (though its coordinator
    /// refuses them).
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

    // The append lane of the paged data source.

    /// Model: a refresh leaves the page in flight running, as if the lanes did not touch.
    case refreshKeepsThePageInFlight
    /// Model: a page that a refresh superseded is still committed when it arrives (page 2 of
    /// the old list appended to the new one).
    case stalePageCommitted
    /// Model: load more while a page is in flight begins another (the busy flag updated late).
    case loadMoreFetchesAgain
    /// Model: load more during a refresh (content still showing) begins a page.
    case loadMoreDuringARefreshBegins
    /// Model: a page's rows are committed but its next cursor is not stored with them.
    case cursorNotStoredWithThePage
    /// Model: a page without a next cursor leaves the lane idle instead of at the end.
    case endOfListIgnored
    /// Model: retrying a failed page requests the page after the first one, not the failed one.
    case failedPageRetriedFromPageOne
    /// Model: a refresh that clears a failed page does not tell the wrapper, so the failed
    /// page's notice (with its Retry) stays below the refreshed list.
    case failedPageNoticeOutlivesARefresh
    /// Model: a failed page's footer is drawn but not announced, so a VoiceOver user never hears
    /// that the list stopped loading.
    case failedPageNotAnnounced
    /// Live: the harness appends a page's rows *before* calling `finishPage`, so a stale page
    /// writes the model (the check-then-commit bug, for pages).
    case pageRowsWrittenBeforeFinish
    /// Model: a begin cancels the running task before it asks `hasContent`, so the task of a
    /// load begun from inside `hasContent` is superseded but left running.
    case supersededTaskCancelledBeforeHasContent
    /// Model: a first page whose update began and finished a newer first page still commits
    /// its own cursor, so the newer page's rows sit with the older page's cursor.
    case supersededFirstPageCommitsItsCursor
    /// Model: a refresh begun inside a page's update drops the page's next cursor, though its
    /// rows were written (the duplicate rows an outside fuzzer found).
    case refreshInsideAPageCommitDropsItsCursor

    // Taps on what the wrapper drew.

    /// Model: an action acts though the screen or footer it was drawn in has been replaced, as
    /// every action once did (a failed footer's Retry, tapped again after its page
    /// landed, fetched the next page).
    case staleActionsAct

    /// The comparisons that must report this fault (at least these; some faults show in others too).
    var detectedBy: Set<ContentRaceLane.Field> {
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
        case .refreshKeepsThePageInFlight: [.appendState]
        case .stalePageCommitted: [.answer, .items]
        case .loadMoreFetchesAgain: [.loadMore]
        case .loadMoreDuringARefreshBegins: [.loadMore]
        case .cursorNotStoredWithThePage: [.nextCursor]
        case .endOfListIgnored: [.appendState]
        case .failedPageRetriedFromPageOne: [.log]
        case .failedPageNoticeOutlivesARefresh: [.log, .footer]
        case .failedPageNotAnnounced: [.log]
        case .pageRowsWrittenBeforeFinish: [.items]
        case .refreshInsideAPageCommitDropsItsCursor: [.nextCursor]
        case .supersededTaskCancelledBeforeHasContent: [.taskCancelled]
        case .supersededFirstPageCommitsItsCursor: [.nextCursor]
        case .staleActionsAct: [.answer]
        }
    }

    /// Whether ``detectedBy`` is the *only* comparison that can see it: the proof that this
    /// one field is really compared.
    var isVisibleOnlyThere: Bool {
        switch self {
        // A forgotten error also shows in the log once a skipped error screen is redrawn, so
        // it is not among these.
        case .isLoadingNeverClears, .finishByHandLeavesTheTaskRunning, .refreshFailureNotReported,
            .supersededTaskCancelledBeforeHasContent,
            .noRedrawForANewerOutcome, .refreshAnnouncedAsLoading, .newOutcomeNotAnnounced,
            .tokensOutliveTheDataSource, .cursorNotStoredWithThePage, .failedPageNotAnnounced:
            true
        default: false
        }
    }
}
