/// Begins loads, hands out their ``LoadingState`` tokens, and drops every response that a
/// newer load has superseded.
///
/// Each ``DataSource`` owns one, as ``DataSource/loadingCoordinator``. Begin a load with
/// ``loadContent(keepingContent:_:)`` and finish it with ``finish(_:update:)`` or
/// ``finish(_:error:)``, or let ``load(keepingContent:retrying:_:commit:)`` run async work and finish
/// for you:
///
/// ```swift
/// override func loadContent() {
///     loadingCoordinator.load { [loader] _ in
///         try await loader.colors()
///     } commit: { [weak self] colors in
///         self?.colors = colors
///     }
/// }
/// ```
///
/// Finishing names its token, and the coordinator, not the caller, decides whether it still
/// counts. Checking the token, updating the model and changing the state happen in one step
/// on the main actor, so a stale response can never write the model or reach the screen.
///
/// Misuse has a defined outcome: finishing a token that is stale (a newer load began),
/// already finished, cancelled, or from another coordinator returns `false` and changes
/// nothing. Once its data source is gone, a coordinator that something else still holds
/// refuses every load: the tokens it issued stop being valid, and a load begun afterwards gets
/// a token that never is.
@MainActor
public final class LoadingCoordinator {
    // Gate: Announcing.ContentLoading.FirstLoad.Ratio ≤ 140%, the 0.5 µs budget of a synchronous
    // load, of which the coordinator is part (docs/Benchmarks.md): its stored state skips the
    // run-time exclusivity check, with which the load does not fit. Safe because it is used only
    // on the main actor and never changed in place across a call to app code (the state machine
    // decides; this layer acts after the access).

    /// Decides every transition of the content lane.
    @exclusivity(unchecked) var machine = LoadingStateMachine()
    /// The generation of the content lane's load in flight, which its tokens read.
    let activeLoad = ActiveLoad()
    /// The content lane's task (``load(keepingContent:retrying:_:commit:)``'s load in flight)
    /// and the load whose retry was reported (see LoadLane.swift). The lane kit takes what a stopped
    /// load leaves and acts on it after the access ends.
    @exclusivity(unchecked) var lane = LoadLane()
    /// The callers awaiting loads through ``DataSource/reload(ownedBy:)``.
    @exclusivity(unchecked) var waiters = LoadWaiters<LoadOutcome>()
    /// The data source this coordinator reports to; it owns the coordinator.
    @exclusivity(unchecked) weak var dataSource: DataSource?
    /// Whether a data source owns this coordinator: then a `nil` ``dataSource`` means it is gone.
    private let hasOwner: Bool
    /// The error of the last load that failed, kept until a later load succeeds.
    ///
    /// After a refresh fails while content stays visible, ``state`` is ``ContentState/content``
    /// and this holds the error.
    @exclusivity(unchecked) public private(set) var error: (any Error)?

    /// Creates the coordinator of a data source, which sets ``dataSource`` next.
    init(ownedByDataSource: Void) {
        hasOwner = true
    }

    /// Creates a coordinator that belongs to no data source, for measuring the coordinator alone.
    ///
    /// Not API: with no model to ask, it settles every success on ``ContentState/empty``. Apps
    /// use the coordinator their ``DataSource`` makes.
    @_spi(Benchmarks) public init() {
        hasOwner = false
    }

    deinit {
        LoadLane.ownerReleased(activeLoad, cancelling: lane.task)
        // Nobody can finish these loads any more.
        for waiter in waiters.takeAll() { waiter.resume(returning: .cancelled) }
    }

    /// The content state, not observable: read it inside a data source, deciding what to load.
    ///
    /// It is what the content wrapper is asked to draw. A view reads ``ScreenModel``, or
    /// ``DataSource/contentState`` (see <doc:ObservingScreens>, "Which to read").
    public var state: ContentState { machine.state }

    /// Whether a load is in flight.
    public var isLoading: Bool { machine.activeGeneration != 0 }

    /// Whether any load has begun, even one since cancelled.
    var hasBegunALoad: Bool { machine.latestGeneration != 0 }

    /// What a wrapper draws: the state, the load whose outcome it shows, and that load's
    /// error if it failed (the error screen's, or a refresh's that failed beside its content).
    var presentation: (state: ContentState, settledLoad: UInt64, failure: (any Error)?) {
        (machine.state, machine.settledLoad, machine.settledLoadFailed ? error : nil)
    }

    // MARK: - Beginning

    /// Begins a load and hands its token to `body`, which starts the work.
    ///
    /// Every earlier token stops being valid. The state moves to ``ContentState/loading``, or
    /// to ``ContentState/refreshing`` when `keepingContent` is `true` and the data source
    /// already has content; a load that begins while another is in flight keeps the state.
    ///
    /// - Parameters:
    ///   - keepingContent: Whether content already shown stays visible while this load runs.
    ///   - body: Starts the work and, when it completes, finishes with the token it was given.
    /// - Returns: The new load's token, the same that `body` received.
    @discardableResult
    public func loadContent(keepingContent: Bool = true, _ body: (LoadingState) -> Void) -> LoadingState {
        let state = begin(keepingContent: keepingContent)
        body(state)
        return state
    }

    func begin(keepingContent: Bool) -> LoadingState {
        // One weak load per begin (weak loads are the hot path's costliest step), unwrapped
        // at once: an optional used across calls is retained and released around each call,
        // on the slow path, since a weakly referenced object keeps its counts in a side table.
        guard let dataSource else {
            // The data source that owned this coordinator is gone: no load may count for a
            // model that no longer exists. The token's generation, 0, is never valid.
            if hasOwner {
                act(on: lane.end(on: activeLoad))
                return laneToken(0)
            }
            return advance(keepingContent: keepingContent, hasContent: false).state
        }
        let hasContent = keepingContent && dataSource.hasContent
        let (state, moved) = advance(keepingContent: keepingContent, hasContent: hasContent)
        // A paged data source's page in flight would extend the list this load replaces. Once
        // the state has moved, a page requested from a callback (this footer's, say) is refused.
        dataSource.lifecycle?.contentLoadWillBegin()
        dataSource.report(.willBegin(stateChanged: moved))
        return state
    }

    /// Moves to a new load and publishes it; `moved` when the state changed.
    private func advance(keepingContent: Bool, hasContent: Bool) -> (state: LoadingState, moved: Bool) {
        let superseded = machine.activeGeneration
        let (generation, transition) = machine.begin(keepingContent: keepingContent, hasContent: hasContent)
        // The superseded load's task stops. Here, after `hasContent` (the app's code) has
        // answered, so that a load begun from inside it is superseded and cancelled too.
        let stopped = lane.begin(generation, on: activeLoad)
        if superseded != 0 { resolve(superseded, .superseded) }
        act(on: stopped)
        return (laneToken(generation), transition != nil)
    }

    // MARK: - Finishing

    /// Finishes a load that succeeded: if `state` is still current, runs `update` and settles
    /// on content or empty by the data source's ``DataSource/hasContent``.
    ///
    /// Checking `state`, running `update` and changing the state are one step, so write the
    /// model inside `update`, never before this call: a stale response then never touches it.
    ///
    /// - Parameters:
    ///   - state: The token the load was begun with.
    ///   - update: Writes the loaded content into the model.
    /// - Returns: `true` if the load was current and is now finished; `false`, with nothing
    ///   changed and `update` not run, if `state` is stale, already finished, cancelled, or
    ///   belongs to another coordinator.
    @discardableResult
    public func finish(_ state: LoadingState, update: () -> Void = {}) -> Bool {
        guard accept(state) else { return false }
        update()
        settle(state, error: nil)
        return true
    }

    /// Finishes a load that failed: if `state` is still current, settles on the error.
    ///
    /// A refresh that fails while the data source still has content keeps the content
    /// visible (the state becomes ``ContentState/content``) and reports the error through the
    /// delegates; otherwise the state becomes ``ContentState/error``.
    ///
    /// An error that is a cancellation by the data source's ``DataSource/isCancellation(_:)``
    /// (`CancellationError`, and `URLError.cancelled` where Foundation has it) is never shown
    /// as an error: it cancels the load, as ``cancel()`` does.
    ///
    /// - Returns: `true` if the load was current and is now finished (or, for a cancellation,
    ///   cancelled); `false`, with nothing changed, if `state` is stale, already finished,
    ///   cancelled, or from another coordinator.
    @discardableResult
    public func finish(_ state: LoadingState, error: any Error) -> Bool {
        if let answer = answerBeforeFailing(state, error: error) { return answer }
        guard accept(state) else { return false }
        // As a success's update runs here: the model meets the failure before the state settles.
        dataSource?.lifecycle?.contentLoadWillFail(with: error)
        settle(state, error: error)
        return true
    }

    private func accept(_ state: LoadingState) -> Bool {
        // `state.isValid` also turns false when the data source that owned this coordinator is gone.
        guard isCurrent(state), machine.accept(state.generation) else { return false }
        // Finished by hand: the async work still running for this load would be dropped anyway.
        act(on: lane.end(on: activeLoad))
        return true
    }

    private func settle(_ state: LoadingState, error: (any Error)?) {
        let generation = state.generation
        // A newer load accepted from inside the update has already settled.
        guard machine.outcomeCounts(generation) else { return resolve(generation, .superseded) }
        self.error = error
        // One weak load, unwrapped at once (see `begin`).
        guard let dataSource else {
            _ = machine.settle(generation, outcome: .outcome(error: error, hasContent: false))
            return resolve(generation, LoadOutcome(error: error, hasContent: false))
        }
        let hasContent = dataSource.hasContent
        // `hasContent` is the app's code: it may have accepted a newer load, which settled instead.
        guard machine.outcomeCounts(generation) else { return resolve(generation, .superseded) }
        // `nil`: a newer load in flight owns the state (cancelling it returns to this outcome).
        let moved = machine.settle(generation, outcome: .outcome(error: error, hasContent: hasContent)) != nil
        resolve(generation, LoadOutcome(error: error, hasContent: hasContent))
        if moved { dataSource.report(.didFinish(error)) }
    }

    // MARK: - Cancelling

    /// Stops the load in flight and returns to the state it began from, as the model now has it.
    ///
    /// The load's token stops being valid and its task, if ``load(keepingContent:retrying:_:commit:)``
    /// began it, is cancelled. The state returned to is re-evaluated against the data source's
    /// ``DataSource/hasContent``, as ``contentDidChange()`` would (which is ignored while a load
    /// is in flight): content emptied during the load returns to ``ContentState/empty``, a
    /// model filled during it to ``ContentState/content``.
    ///
    /// - Returns: `true` if a load was in flight; `false` (and no change) otherwise.
    @discardableResult
    public func cancel() -> Bool {
        guard isLoading else { return false }
        let dataSource = self.dataSource
        let hasContent = dataSource?.hasContent ?? false
        // `hasContent` is the app's code and may end the load in turn: then nothing is left to do.
        let generation = machine.activeGeneration
        let (cancelled, transition) = machine.cancel(hasContent: hasContent)
        guard cancelled else { return false }
        act(on: lane.end(on: activeLoad))
        resolve(generation, .cancelled)
        if transition != nil { dataSource?.report(.stateChanged) }
        return true
    }

    /// Invalidates every token at once, from any thread: the data source that owned this
    /// coordinator was released, so no late response may count. `task` is the data source's
    /// copy of ``task``, which it cancels.
    nonisolated func ownerDidDeinit(cancelling task: Task<Bool, Never>?) {
        LoadLane.ownerReleased(activeLoad, cancelling: task)
    }

    // MARK: - Content changes outside a load

    /// Runs `update`, which replaced the model with content that needs no load (a shared store's
    /// value that another screen fetched, say), and settles on it at once, as a load begun and
    /// finished in one step: a load in flight is superseded, and the wrapper redraws the content
    /// as a new outcome, without passing through a refresh or a loading screen. The delegate
    /// hears the state change, not a load beginning or finishing.
    ///
    /// `update` answers whether its change stands: `false` when the app's code inside it made a
    /// newer change (a key change, say), which then settles or loads on its own.
    func settleAtOnce(update: () -> Bool) {
        guard let dataSource else {
            _ = update()
            return
        }
        let (state, _) = advance(keepingContent: true, hasContent: dataSource.hasContent)
        dataSource.lifecycle?.contentLoadWillBegin()
        guard accept(state) else { return }
        let stands = update()
        let generation = state.generation
        // Overtaken by a change that began a load: that load owns the state, and this outcome,
        // which nothing shows, is not the one its cancel returns to.
        if !stands, machine.activeGeneration != 0, machine.outcomeCounts(generation) {
            machine.abandonCommit(generation)
            resolve(generation, .superseded)
            // The state moved as this load began (from the initial screen to loading, say).
            return dataSource.report(.stateChanged)
        }
        let hasContent = dataSource.hasContent
        // `hasContent` is the app's code: it may have begun a newer load, which owns the state.
        guard machine.outcomeCounts(generation) else { return resolve(generation, .superseded) }
        error = nil
        _ = machine.settle(generation, outcome: .outcome(error: nil, hasContent: hasContent))
        resolve(generation, LoadOutcome(error: nil, hasContent: hasContent))
        dataSource.report(.stateChanged)
    }

    /// Runs `update`, which replaced the model with content that needs no load, and redraws it at
    /// once as a new outcome, as ``settleAtOnce(update:)`` does, but for the common case, where a
    /// settled screen shows and no load is in flight: then nothing is superseded and no token is
    /// published, so only the state machine moves (a shared store's write drawn on every screen
    /// of its key, docs/Benchmarks.md, "Optimistic writes"). Its outcome is recorded for a caller
    /// awaiting what a `loadContent()` began (``DataSource/reload(ownedBy:)`` of a fresh stored
    /// value), as a load's would be. In any other case it is `settleAtOnce`.
    ///
    /// `owner` is the data source that owns this coordinator, which calls: handing it in spares
    /// a load of the weak ``dataSource`` and the slow release after it.
    func redrawAtOnce(of owner: DataSource, update: () -> Void) {
        redrawAtOnce(
            of: owner,
            standing: {
                update()
                return true
            })
    }

    /// ``redrawAtOnce(of:update:)`` of an `update` that answers whether its change stands, as for
    /// `settleAtOnce`: `false` when a newer change made inside it (the app's code) drew itself.
    @usableFromInline
    func redrawAtOnce(of owner: DataSource, standing update: () -> Bool) {
        assert(owner === dataSource, "redrawn by a data source that does not own this coordinator")
        guard machine.canRedraw else { return settleAtOnce(update: update) }
        let dataSource = owner
        dataSource.lifecycle?.contentLoadWillBegin()
        guard update() else { return }
        // Read after `update`, the app's code, which may have begun a load: the machine then
        // keeps the load's state and records this outcome to return to.
        let hasContent = dataSource.hasContent
        error = nil
        let (generation, _) = machine.redraw(hasContent: hasContent)
        resolve(generation, LoadOutcome(error: nil, hasContent: hasContent))
        dataSource.report(.stateChanged)
    }

    /// Runs `update`, which replaced the model with content that needs no load while a load is in
    /// flight (a shared store's value written or landed meanwhile), and records it as the outcome
    /// that load returns to: the load keeps the state (a refresh stays refreshing), and cancelling
    /// it settles on this content (or empty, by ``DataSource/hasContent``), never on the state
    /// from before the model held anything. With `draws`, a refreshing wrapper draws the new
    /// content at once, under its refresh indicator; without, the load's commit draws it.
    ///
    /// If `update`, the app's code, ended the load (cancelled it), the outcome settles at once, as
    /// ``redrawAtOnce(of:update:)`` settles one. `update` answers whether its change stands: a
    /// newer change made inside it (a key change) is left to settle or load on its own.
    @usableFromInline
    func redrawDuringLoad(of owner: DataSource, draws: Bool, update: () -> Bool) {
        assert(owner === dataSource, "redrawn by a data source that does not own this coordinator")
        guard update() else { return }
        let hasContent = owner.hasContent
        // `update` and `hasContent` are the app's code: with no load left in flight (cancelled
        // inside), what they left settles as any change outside a load does, and is drawn.
        let loadEnded = machine.activeGeneration == 0
        if loadEnded, !machine.canRedraw { return settleAtOnce(update: { true }) }
        error = nil
        let (generation, transition) = machine.redraw(hasContent: hasContent)
        resolve(generation, LoadOutcome(error: nil, hasContent: hasContent))
        if loadEnded || transition != nil {
            owner.report(.stateChanged)
        } else if draws, machine.state == .refreshing {
            // The loading screen draws no content: only a refresh has something to draw again.
            owner.report(.refreshRedrawn)
        }
    }

    /// Re-evaluates content against empty after the model changed outside a load.
    ///
    /// Call it (or ``DataSource/contentDidChange()``) when, say, the user deletes the last
    /// row: the state moves between ``ContentState/content`` and ``ContentState/empty`` if
    /// ``DataSource/hasContent`` says so, and from ``ContentState/error`` to content when the
    /// model now has something to show. Other states are left alone.
    public func contentDidChange() {
        let dataSource = self.dataSource
        guard machine.contentDidChange(hasContent: dataSource?.hasContent ?? false) != nil else { return }
        dataSource?.report(.stateChanged)
    }
}

extension LoadingCoordinator: LoadLaneOwner {
    static var laneKind: RetryAttempt.Lane { .content }
    nonisolated var laneTokens: ActiveLoad { activeLoad }
    var laneDataSource: DataSource? { dataSource }

    func cancelLaneLoad() -> Bool { cancel() }

    func failLaneLoad(_ state: LoadingState, error: any Error) -> Bool { finish(state, error: error) }

    func laneTaskDidChange() {
        // Only on the async path (the synchronous path never has a task). The data source keeps
        // a copy for its deinit, which may run on any thread and so cannot read `lane`:
        // releasing it cancels the task even while something else holds this coordinator.
        dataSource?.contentTaskForRelease = lane.task
    }
}
