import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Every misuse has a documented outcome: `false` and no change, or a defined order of
/// events. None crashes, and none shows a screen the model does not back.
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct MisuseMatrixTests {
    // MARK: - Tokens

    /// Finishing twice: the second finish (either kind) returns `false` and changes nothing.
    @Test func finishTwice() {
        let rig = Rig()
        let token = rig.begin()
        #expect(rig.finish(token, with: ["first"]))
        let log = rig.log.entries
        #expect(!rig.finish(token, with: ["second"]))
        #expect(!rig.coordinator.finish(token, error: RaceError(1)))
        #expect(rig.dataSource.items == ["first"])
        #expect(rig.shown == .content)
        #expect(rig.log.entries == log)
        #expect(rig.finished == ["ok"])
    }

    /// A stale token: `false`, no change, and the current token still finishes.
    @Test func finishStaleToken() {
        let rig = Rig()
        let stale = rig.begin()
        let current = rig.begin()
        let log = rig.log.entries
        #expect(!rig.finish(stale, with: ["stale"]))
        #expect(!rig.coordinator.finish(stale, error: RaceError(1)))
        #expect(rig.log.entries == log)
        #expect(rig.dataSource.items.isEmpty)
        #expect(current.isValid)
        #expect(rig.finish(current, with: ["current"]))
        #expect(rig.dataSource.items == ["current"])
    }

    /// Before any load there is no token of this coordinator; a token from elsewhere, and
    /// `cancel()`, both return `false` and the initial screen stays (blank: nothing is drawn).
    @Test func finishAndCancelBeforeAnyLoad() {
        let rig = Rig()
        let elsewhere = RaceDataSource()
        let foreign = elsewhere.loadingCoordinator.loadContent { _ in }
        #expect(!rig.finish(foreign, with: ["foreign"]))
        #expect(!rig.coordinator.finish(foreign, error: RaceError(1)))
        #expect(!rig.coordinator.cancel())
        #expect(rig.coordinator.state == .initial)
        #expect(rig.log.entries.isEmpty)
        #expect(rig.wrapper.screen == .blank)
        #expect(foreign.isValid, "the other coordinator's load is untouched")
    }

    /// A token from another coordinator with the same load number: `false`, both untouched.
    @Test func tokenFromAnotherCoordinator() {
        let rig = Rig()
        let other = Rig()
        let mine = rig.begin()
        let theirs = other.begin()
        #expect(mine != theirs)
        #expect(!rig.finish(theirs, with: ["theirs"]))
        #expect(mine.isValid && theirs.isValid)
        #expect(rig.shown == .loading && other.shown == .loading)
        #expect(rig.finish(mine, with: ["mine"]))
        #expect(theirs.isValid)
        #expect(other.dataSource.items.isEmpty)
    }

    // MARK: - Cancel against finish

    /// Cancel and finish of the same load: whichever the main actor runs first wins, the
    /// other returns `false`.
    @Test func cancelThenFinishAndFinishThenCancel() {
        let rig = Rig()
        let cancelled = rig.begin()
        #expect(rig.coordinator.cancel())
        #expect(!rig.finish(cancelled, with: ["late"]))
        #expect(rig.shown == .initial && rig.dataSource.items.isEmpty)
        let finished = rig.begin()
        #expect(rig.finish(finished, with: ["done"]))
        #expect(!rig.coordinator.cancel())
        #expect(rig.shown == .content && rig.dataSource.items == ["done"])
    }

    /// Two threads race, one to cancel and one to finish the same load: exactly one wins, and
    /// the screen and model show its outcome.
    @Test func cancelRacingFinishFromThreads() async {
        let seed = RaceSettings.seed(for: "MisuseMatrixTests.cancelRacingFinish")
        let rig = Rig()
        var finishWins = 0
        var cancelWins = 0
        for round in 0..<RaceSettings.iterations(1_000) {
            let before = (items: rig.dataSource.items, shown: rig.shown)
            let token = rig.begin(keepingContent: round % 3 != 0)
            let results = BoundedTasks<(name: String, won: Bool)>()
            await runSeededThreads(2, seed: seed, round: round) { racer, random in
                _ = Jitter.spin(&random, limit: 300)
                results.add(
                    Task { @MainActor in
                        racer == 0
                            ? ("cancel", rig.coordinator.cancel())
                            : ("finish", rig.finish(token, with: ["round \(round)"]))
                    })
            }
            let outcomes = await results.values()
            let winners = outcomes.filter(\.won).map(\.name)
            #expect(winners.count == 1, "seed \(seed), round \(round): \(outcomes)")
            if winners == ["finish"] {
                finishWins += 1
                #expect(rig.dataSource.items == ["round \(round)"] && rig.shown == .content, "seed \(seed)")
            } else {
                cancelWins += 1
                #expect(rig.dataSource.items == before.items && rig.shown == before.shown, "seed \(seed)")
            }
        }
        #expect(finishWins + cancelWins == RaceSettings.iterations(1_000))
        #expect(rig.switchesAreLegal)
    }

    // MARK: - Re-entrancy

    /// `loadContent()` from `dataSourceWillBeginLoading`: the inner load supersedes the outer
    /// one before the outer's token is even handed out; the screen shows loading once.
    @Test func loadContentFromWillBeginLoading() {
        let rig = Rig()
        var reentered = false
        rig.onWillBegin = { [unowned rig] in
            guard !reentered else { return }
            reentered = true
            rig.dataSource.loadContent()
        }
        rig.dataSource.loadContent()
        let (inner, outer) = (rig.dataSource.tokens[0], rig.dataSource.tokens[1])
        #expect(inner.isValid && !outer.isValid)
        #expect(rig.shownStates == [.loading])
        #expect(!rig.finish(outer, with: ["outer"]))
        #expect(rig.finish(inner, with: ["inner"]))
        #expect(rig.dataSource.items == ["inner"] && rig.shown == .content)
    }

    /// An async `load { }` begun from `dataSourceWillBeginLoading` supersedes the one being
    /// begun, whose task is cancelled at once and never lands.
    @Test func asyncLoadFromWillBeginLoading() async {
        let rig = Rig()
        let innerGate = AsyncGate<[String]>(observesCancellation: true)
        var inner: Task<Bool, Never>?
        var reentered = false
        rig.onWillBegin = { [unowned rig] in
            guard !reentered else { return }
            reentered = true
            inner = rig.coordinator.load { _ in
                try await innerGate.wait()
            } commit: {
                rig.dataSource.items = $0
            }
        }
        let outerGate = AsyncGate<[String]>(observesCancellation: false)
        let outer = rig.coordinator.load { _ in
            try await outerGate.wait()
        } commit: {
            rig.dataSource.items = $0
        }
        #expect(outer.isCancelled)
        outerGate.open(with: .success(["outer"]))
        #expect(await outer.value == false)
        innerGate.open(with: .success(["inner"]))
        #expect(await inner!.value)
        #expect(rig.dataSource.items == ["inner"] && rig.shown == .content)
    }

    /// A load begun and finished at once from `dataSourceWillBeginLoading` (a cache hit, say):
    /// the screen ends on its content, not on the loading screen the outer begin asked for.
    @Test func loadFinishedAtOnceFromWillBeginLoading() {
        let rig = Rig()
        rig.finish(rig.begin(), with: ["a"])
        var reentered = false
        rig.onWillBegin = { [unowned rig] in
            guard !reentered else { return }
            reentered = true
            rig.finish(rig.begin(keepingContent: false), with: ["cached"])
        }
        rig.begin(keepingContent: false)
        #expect(rig.coordinator.state == .content && rig.shown == .content)
        #expect(rig.dataSource.items == ["cached"])
        #expect(rig.switchesAreLegal)
    }

    /// `cancel()` from `dataSourceWillBeginLoading`: the screen stays where it was.
    @Test func cancelFromWillBeginLoading() {
        let rig = Rig()
        rig.onWillBegin = { [unowned rig] in rig.coordinator.cancel() }
        let token = rig.begin()
        #expect(!token.isValid)
        #expect(rig.coordinator.state == .initial && rig.shown == .initial)
        #expect(rig.shownStates.isEmpty, "the loading screen was never drawn")
    }

    /// A rig whose first load failed, and whose error placeholder callback began a newer load.
    private func rigWithALoadBegunFromThePlaceholderCallback() -> Rig {
        let rig = Rig()
        var reentered = false
        rig.onErrorPlaceholder = { [unowned rig] in
            guard !reentered else { return }
            reentered = true
            rig.begin()
        }
        rig.coordinator.finish(rig.begin(), error: RaceError(1))
        #expect(reentered)
        return rig
    }

    /// A load begun from the error placeholder callback: the screen ends on loading, with the
    /// loading renderer visible and the error renderer hidden.
    @Test func loadContentFromThePlaceholderCallback() {
        let rig = rigWithALoadBegunFromThePlaceholderCallback()
        #expect(rig.coordinator.state == .loading)
        #expect(rig.shown == .loading)
        #expect(rig.renderers.loading.isVisible && !rig.renderers.error.isVisible)
        #expect(rig.switchesAreLegal)
    }

    /// The error screen whose placeholder callback began a newer load is stale before it shows,
    /// so it is not drawn. The newer load's report is queued in the data source (the error is
    /// being drawn by one of its reports), not in the wrapper, so the data source tells the
    /// wrapper that a newer state is on its way. (This failed before that was fixed.)
    @Test func staleErrorScreenIsNotDrawnWhenThePlaceholderCallbackBeginsALoad() {
        let rig = rigWithALoadBegunFromThePlaceholderCallback()
        #expect(rig.shown == .loading)
        #expect(!rig.shownStates.contains(.error), "announced: \(rig.shownStates)")
        #expect(!rig.log.entries.contains("error.show(error)"), "drawn: \(rig.log.entries)")
    }

    /// Delegate calls arrive in the order things happened, even when a renderer begins and
    /// finishes a load while the previous load's result is being drawn.
    @Test func delegateCallsStayInOrderWhenARendererLoads() {
        let rig = Rig()
        var reentered = false
        rig.renderers.content.onShow = { [unowned rig] _ in
            guard !reentered else { return }
            reentered = true
            rig.finish(rig.begin(), with: ["inner"])
        }
        rig.finish(rig.begin(), with: ["outer"])
        #expect(
            rig.events == [
                "willBegin", "willShow(loading)",
                "willShow(content)", "finished(ok)",  // the outer load, in full
                "willBegin", "willShow(content)", "finished(ok)",  // then the inner one
            ])
        #expect(rig.dataSource.items == ["inner"] && rig.shown == .content)
    }

    /// `loadContent()` from `dataSource(_:didFinishLoadingWith:)`: the finished load is drawn,
    /// then the new one refreshes it.
    @Test func loadContentFromDidFinishLoading() {
        let rig = Rig()
        var reloads = 0
        rig.onDidFinish = { [unowned rig] in
            guard reloads == 0 else { return }
            reloads += 1
            rig.dataSource.loadContent()
        }
        #expect(rig.finish(rig.begin(), with: ["a"]))
        #expect(rig.shownStates == [.loading, .content, .refreshing])
        #expect(rig.coordinator.state == .refreshing && rig.shown == .refreshing)
        #expect(rig.finish(rig.dataSource.tokens.last!, with: ["b"]))
        #expect(rig.shown == .content && rig.dataSource.items == ["b"])
        #expect(rig.switchesAreLegal)
    }

    /// `loadContent()` from the wrapper's `willShow`: the new screen is drawn after the one
    /// being drawn, in order.
    @Test func loadContentFromWillShow() {
        let rig = Rig()
        rig.onWillShow = { [unowned rig] screen in
            if screen.state == .content && rig.dataSource.tokens.isEmpty { rig.dataSource.loadContent() }
        }
        #expect(rig.finish(rig.begin(), with: ["a"]))
        #expect(rig.shownStates == [.loading, .content, .refreshing])
        #expect(rig.shown == rig.coordinator.state)
        #expect(rig.log.entries.suffix(3) == ["loading.hide", "content.show(content)", "content.show(refreshing)"])
    }

    /// A finish, and a begin, from inside a renderer's `show`: drawn after the current
    /// screen, in order; a stale token finished there is dropped.
    @Test func finishFromInsideARenderer() {
        let rig = Rig()
        var staleAnswer: Bool?
        rig.renderers.loading.onShow = { [unowned rig] _ in
            if let previous = rig.dataSource.tokens.last { staleAnswer = rig.finish(previous, with: ["stale"]) }
        }
        var fromRenderer: Bool?
        rig.renderers.content.onShow = { [unowned rig] screen in
            guard fromRenderer == nil, screen.state == .content else { return }
            let token = rig.begin()
            fromRenderer = rig.finish(token, with: ["from renderer"])
        }
        rig.dataSource.loadContent()
        #expect(rig.finish(rig.dataSource.tokens[0], with: ["first"]))
        #expect(fromRenderer == true)
        #expect(rig.dataSource.items == ["from renderer"])
        // Reports of the load begun and finished inside `show` follow the current one, and the
        // wrapper is told the state as it is by then: the new content, drawn once more. The
        // refresh that lasted no time at all is never drawn.
        #expect(rig.shownStates == [.loading, .content, .content])
        #expect(rig.shown == .content && rig.coordinator.state == .content)
        rig.dataSource.loadContent()  // keepingContent: refreshing, the loading renderer is not shown.
        rig.coordinator.cancel()
        rig.dataSource.items = []
        rig.dataSource.contentDidChange()  // content -> empty
        rig.dataSource.loadContent()  // empty -> loading: its renderer finishes the previous token.
        #expect(staleAnswer == false)
        #expect(rig.shown == .loading)
        #expect(rig.switchesAreLegal)
    }

    // MARK: - Inside the update closure

    /// A finish nested in its own update: `false`; the outer finish completes normally.
    @Test func finishNestedInItsOwnUpdate() {
        let rig = Rig()
        let token = rig.begin()
        var nested: Bool?
        #expect(
            rig.coordinator.finish(token) {
                nested = rig.finish(token, with: ["nested"])
                rig.dataSource.items = ["outer"]
            })
        #expect(nested == false)
        #expect(rig.dataSource.items == ["outer"] && rig.shown == .content)
    }

    /// A load begun inside an update owns the state: the accepted finish wrote the model, the
    /// screen stays loading until the newer load finishes.
    @Test func loadBegunInsideAnUpdateOwnsTheState() {
        let rig = Rig()
        let first = rig.begin()
        #expect(rig.finish(first, with: ["first"]) == true)
        let second = rig.begin(keepingContent: false)
        var third: LoadingState?
        #expect(
            rig.coordinator.finish(second) {
                rig.dataSource.items = ["second"]
                third = rig.begin()
            })
        #expect(rig.dataSource.items == ["second"])
        #expect(rig.coordinator.state == .loading && rig.shown == .loading)
        #expect(rig.finish(third!, with: ["third"]))
        #expect(rig.shown == .content && rig.dataSource.items == ["third"])
    }

    /// A load begun inside an update and then cancelled: the model holds the accepted load's
    /// content, so that is what must show, not the screen from before the accepted load.
    @Test func loadBegunInsideAnUpdateThenCancelled() {
        let rig = Rig()
        let token = rig.begin()
        #expect(
            rig.coordinator.finish(token) {
                rig.dataSource.items = ["accepted"]
                rig.begin()
            })
        #expect(rig.coordinator.cancel())
        #expect(rig.dataSource.items == ["accepted"])
        #expect(rig.coordinator.state == .content, "the model has content")
        #expect(rig.shown == rig.coordinator.state)
        #expect(rig.switchesAreLegal)
    }
}
