import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

@Suite("LoadingStateMachine", .hangLimit)
struct LoadingStateMachineTests {
    /// The table as the docs state it, written out independently of the implementation.
    static let legalMoves: Set<[ContentState]> = [
        [.initial, .loading],
        [.loading, .initial], [.loading, .content], [.loading, .empty], [.loading, .error],
        [.refreshing, .content], [.refreshing, .empty], [.refreshing, .error],
        [.content, .loading], [.content, .refreshing], [.content, .empty],
        [.empty, .loading], [.empty, .refreshing], [.empty, .content],
        [.error, .loading], [.error, .refreshing], [.error, .content], [.error, .empty],
    ]

    @Test("every pair of states is legal exactly when the table says so", arguments: ContentState.allCases)
    func transitionTable(from: ContentState) {
        for to in ContentState.allCases {
            #expect(
                LoadingStateMachine.isLegal(from: from, to: to) == Self.legalMoves.contains([from, to]),
                "\(from) -> \(to)")
        }
    }

    @Test func staysPutWithoutAMove() {
        for state in ContentState.allCases {
            #expect(!LoadingStateMachine.isLegal(from: state, to: state))
        }
    }

    @Test func firstLoadGoesToLoadingAndSettlesByContent() {
        var machine = LoadingStateMachine()
        let (generation, begun) = machine.begin(keepingContent: true, hasContent: false)
        #expect(begun == .init(from: .initial, to: .loading))
        do {
            let result = machine.accept(generation)
            #expect(result)
        }
        do {
            let result = machine.settle(generation, outcome: .succeeded(hasContent: true))
            #expect(result == .init(from: .loading, to: .content))
        }

        let (second, _) = machine.begin(keepingContent: true, hasContent: false)
        #expect(machine.state == .loading)
        do {
            let result = machine.accept(second)
            #expect(result)
        }
        do {
            let result = machine.settle(second, outcome: .succeeded(hasContent: false))
            #expect(result == .init(from: .loading, to: .empty))
        }
    }

    @Test func reloadKeepsContentOnlyWhenAskedAndThereIsSome() {
        for keep in [false, true] {
            for hasContent in [false, true] {
                var machine = LoadingStateMachine()
                let (first, _) = machine.begin(keepingContent: keep, hasContent: false)
                _ = machine.accept(first)
                _ = machine.settle(first, outcome: .succeeded(hasContent: true))
                let (_, transition) = machine.begin(keepingContent: keep, hasContent: hasContent)
                #expect(
                    transition?.to == (keep && hasContent ? .refreshing : .loading), "keep \(keep) has \(hasContent)")
            }
        }
    }

    @Test func failedRefreshWithContentKeepsContent() {
        var machine = LoadingStateMachine()
        let (first, _) = machine.begin(keepingContent: true, hasContent: false)
        _ = machine.accept(first)
        _ = machine.settle(first, outcome: .succeeded(hasContent: true))
        let (refresh, _) = machine.begin(keepingContent: true, hasContent: true)
        _ = machine.accept(refresh)
        do {
            let result = machine.settle(refresh, outcome: .failed(hasContent: true))
            #expect(result == .init(from: .refreshing, to: .content))
        }
    }

    @Test func failedLoadWithoutKeepingShowsError() {
        var machine = LoadingStateMachine()
        let (first, _) = machine.begin(keepingContent: false, hasContent: false)
        _ = machine.accept(first)
        _ = machine.settle(first, outcome: .succeeded(hasContent: true))
        let (reload, _) = machine.begin(keepingContent: false, hasContent: true)
        _ = machine.accept(reload)
        do {
            let result = machine.settle(reload, outcome: .failed(hasContent: true))
            #expect(result == .init(from: .loading, to: .error))
        }
    }

    @Test func newerLoadSupersedesAndKeepsState() {
        var machine = LoadingStateMachine()
        let (first, _) = machine.begin(keepingContent: true, hasContent: false)
        let (second, transition) = machine.begin(keepingContent: true, hasContent: false)
        #expect(transition == nil)
        let acceptedFirst = machine.accept(first)
        #expect(!acceptedFirst)
        do {
            let result = machine.accept(second)
            #expect(result)
        }
        let acceptedSecond = machine.accept(second)
        #expect(!acceptedSecond, "finishing twice")
    }

    @Test func cancelRestoresTheStateBeforeTheFirstOfOverlappingLoads() {
        var machine = LoadingStateMachine()
        let (first, _) = machine.begin(keepingContent: true, hasContent: false)
        _ = machine.accept(first)
        _ = machine.settle(first, outcome: .failed(hasContent: false))
        _ = machine.begin(keepingContent: true, hasContent: false)
        let (last, _) = machine.begin(keepingContent: true, hasContent: false)
        let (cancelled, transition) = machine.cancel(hasContent: false)
        #expect(cancelled)
        #expect(transition == .init(from: .loading, to: .error))
        let acceptedLast = machine.accept(last)
        #expect(!acceptedLast)
        do {
            let result = machine.cancel(hasContent: false).cancelled
            #expect(result == false, "nothing left to cancel")
        }
    }

    @Test func settleAfterANewerBeginIsIgnored() {
        var machine = LoadingStateMachine()
        let (first, _) = machine.begin(keepingContent: true, hasContent: false)
        _ = machine.accept(first)
        _ = machine.begin(keepingContent: true, hasContent: false)
        do {
            let result = machine.settle(first, outcome: .succeeded(hasContent: true))
            #expect(result == nil)
        }
        #expect(machine.state == .loading)
    }

    @Test func contentChangesOutsideALoadMoveOnlyBetweenContentAndEmpty() {
        var machine = LoadingStateMachine()
        do {
            let result = machine.contentDidChange(hasContent: true)
            #expect(result == nil, "initial stays")
        }
        let (first, _) = machine.begin(keepingContent: true, hasContent: false)
        do {
            let result = machine.contentDidChange(hasContent: true)
            #expect(result == nil, "loading stays")
        }
        _ = machine.accept(first)
        _ = machine.settle(first, outcome: .succeeded(hasContent: true))
        do {
            let result = machine.contentDidChange(hasContent: false)
            #expect(result == .init(from: .content, to: .empty))
        }
        do {
            let result = machine.contentDidChange(hasContent: true)
            #expect(result == .init(from: .empty, to: .content))
        }
    }

    /// The state a cancel returns to follows the model as it is now, as a content change would:
    /// content emptied during the load returns to empty, and so on.
    @Test(arguments: [
        (ContentState.content, false, ContentState.empty),
        (.content, true, .content),
        (.empty, true, .content),
        (.empty, false, .empty),
        (.error, true, .content),
        (.error, false, .error),
    ])
    func cancelReevaluatesTheStateItReturnsTo(before: ContentState, hasContent: Bool, after: ContentState) {
        var machine = LoadingStateMachine()
        let (first, _) = machine.begin(keepingContent: true, hasContent: false)
        _ = machine.accept(first)
        let outcome: LoadingStateMachine.Outcome =
            switch before {
            case .content: .succeeded(hasContent: true)
            case .empty: .succeeded(hasContent: false)
            default: .failed(hasContent: false)
            }
        _ = machine.settle(first, outcome: outcome)
        #expect(machine.state == before)
        _ = machine.begin(keepingContent: false, hasContent: false)
        let (cancelled, _) = machine.cancel(hasContent: hasContent)
        #expect(cancelled)
        #expect(machine.state == after)
        #expect(machine.settledLoadFailed == (after == .error))
    }

    /// A redraw (a shared store's value changed outside a load) settles as a load begun and
    /// finished at once, without one in flight: a newer settled load, the state by the model,
    /// a failure beside the content cleared.
    @Test func aRedrawSettlesANewerOutcomeWithoutALoadInFlight() {
        var machine = LoadingStateMachine()
        #expect(!machine.canRedraw, "nothing has settled: a redraw needs a load")
        let (first, _) = machine.begin(keepingContent: true, hasContent: false)
        #expect(!machine.canRedraw, "a load is in flight")
        _ = machine.accept(first)
        #expect(!machine.canRedraw, "a load is committing")
        _ = machine.settle(first, outcome: .succeeded(hasContent: true))
        #expect(machine.canRedraw)

        #expect(machine.redraw(hasContent: false).transition == .init(from: .content, to: .empty))
        #expect(machine.settledLoad > first && machine.activeGeneration == 0)
        let emptied = machine.settledLoad
        #expect(machine.redraw(hasContent: true).transition == .init(from: .empty, to: .content))
        #expect(machine.redraw(hasContent: true).transition == nil, "no move, but a newer outcome to draw")
        #expect(machine.settledLoad > emptied)

        // A refresh that failed beside its content: a redraw is a success, so the failure goes.
        let (refresh, _) = machine.begin(keepingContent: true, hasContent: true)
        _ = machine.accept(refresh)
        _ = machine.settle(refresh, outcome: .failed(hasContent: true))
        #expect(machine.state == .content && machine.settledLoadFailed)
        _ = machine.redraw(hasContent: true)
        #expect(!machine.settledLoadFailed)
    }

    /// A load begun by the app's code while the model changed keeps its state; cancelling it
    /// returns to the redrawn outcome, and the redraw's generation never makes a token valid.
    @Test func aLoadBegunDuringARedrawKeepsTheStateAndCancelsBackToIt() {
        var machine = LoadingStateMachine()
        let (first, _) = machine.begin(keepingContent: true, hasContent: false)
        _ = machine.accept(first)
        _ = machine.settle(first, outcome: .succeeded(hasContent: true))
        let (inner, _) = machine.begin(keepingContent: true, hasContent: true)
        #expect(machine.redraw(hasContent: false).transition == nil, "the load in flight owns the state")
        #expect(machine.state == .refreshing && machine.isActive(inner))
        #expect(!machine.isActive(machine.settledLoad))
        #expect(machine.cancel(hasContent: false) == (true, .init(from: .refreshing, to: .empty)))
    }
}
