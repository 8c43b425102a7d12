/// What a ``ContentWrapper`` tells its ``ScreenModel`` and its screen streams: the thin layer
/// that acts on a ``ScreenObservationStateMachine``.
///
/// The wrapper makes one when a model or a stream is first asked for, and reports to it where it
/// draws: what it was told, each screen it drew, each refresh failure it reported, and, once a
/// drawing is done, ``publish(_:)``. A wrapper nobody observes has none.
///
/// Streams receive every drawn screen at once (delivering one only resumes a waiting task); the
/// model receives one write per drawn change, when ``publish(_:)`` finds one. The wrapper is its
/// only owner, so it goes when the wrapper goes, and its streams finish then.
@MainActor
final class ScreenObservation {
    private var machine: ScreenObservationStateMachine
    private var model: ScreenModel?
    /// The error of the refresh failure the machine says is on, kept apart from the machine so
    /// that the hot path never releases anything while changing it.
    private var refreshFailure: (any Error)?
    /// The streams' shared buffer, made when a stream is first asked for.
    private var streamStorage: ScreenStreamStorage?
    /// Whether a write to the model is under way (its observers run inside it).
    private var isPublishing = false

    /// Starts from what the wrapper shows now: whether a load is in flight.
    init(isLoading: Bool) {
        machine = ScreenObservationStateMachine(isLoading: isLoading)
    }

    deinit {
        // The wrapper is gone: nothing more will be drawn.
        streamStorage?.finish()
    }

    /// Draws into `model` from now on, starting with `wrapper`'s screen now.
    func attach(_ model: ScreenModel, to wrapper: ContentWrapper) {
        self.model = model
        model.show(snapshot(of: wrapper))
    }

    /// The buffer the wrapper's screen streams read; `screen` is the one drawn now, where a
    /// stream made now starts.
    func streams(startingWith screen: Screen) -> ScreenStreamStorage {
        if let streamStorage { return streamStorage }
        let made = ScreenStreamStorage(latest: screen)
        streamStorage = made
        return made
    }

    // MARK: - Reports from the wrapper

    /// The wrapper was told the content is in `state`.
    func wrapperWasTold(_ state: ContentState) {
        machine.wrapperWasTold(state)
    }

    /// The wrapper drew `screen`.
    func wrapperDrew(_ screen: Screen) {
        machine.wrapperDrew()
        if let streamStorage { streamStorage.send(screen) }
    }

    /// The wrapper drew a footer.
    func wrapperDrewFooter() {
        machine.wrapperDrewFooter()
    }

    /// The wrapper learned of a retry, or that one ended.
    func wrapperLearnedOfRetry() {
        machine.wrapperLearnedOfRetry()
    }

    /// The wrapper reported that a refresh failed with `error`.
    func wrapperReportedRefreshFailure(_ error: any Error) {
        machine.wrapperReportedRefreshFailure()
        refreshFailure = error
    }

    /// `wrapper` finished drawing: the model is written, once, if anything it shows changed.
    ///
    /// The write runs the model's observers (`withObservationTracking`'s `onChange`, SwiftUI),
    /// which may change the content again; such a change is written after this one, never in
    /// the middle of it.
    func publish(_ wrapper: ContentWrapper) {
        guard !isPublishing, let model else { return }
        isPublishing = true
        while machine.takeChange() {
            model.show(snapshot(of: wrapper))
        }
        isPublishing = false
    }

    /// What the model shows of `wrapper` now.
    private func snapshot(of wrapper: ContentWrapper) -> ScreenSnapshot {
        if !machine.hasRefreshFailure, refreshFailure != nil { refreshFailure = nil }
        return ScreenSnapshot(
            screen: wrapper.screen, isLoading: machine.isLoading,
            refreshFailure: machine.hasRefreshFailure ? refreshFailure : nil, footer: wrapper.footer,
            retryAttempt: wrapper.retryAttempt)
    }
}
