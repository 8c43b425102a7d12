import ContentLoadingTestSupport
import Testing

@testable import ContentLoading

/// Awaiting a page with `loadMore(ownedBy:)`: every way a page ends, both owners, a page in
/// flight awaited rather than fetched again, and callbacks that end the page while it begins.
@MainActor
@Suite("Awaitable pages", .timeLimit(.minutes(1)), .hangLimit)
struct AwaitablePageTests {
    /// A data source whose first page is on screen, with a next cursor (2).
    func makeDataSource() async -> GatedPagesDataSource {
        let dataSource = GatedPagesDataSource()
        #expect(await dataSource.reload(ownedBy: .caller) == .committed(hasContent: true))
        return dataSource
    }

    /// Starts `loadMore(ownedBy:)` in a task and returns once it waits for its page.
    func startLoadingMore(
        _ dataSource: GatedPagesDataSource, ownedBy owner: LoadOwner
    ) async -> Task<PageOutcome, Never> {
        let waiting = dataSource.pageWaiters?.waiters.count ?? 0
        let task = Task { await dataSource.loadMore(ownedBy: owner) }
        await eventually { (dataSource.pageWaiters?.waiters.count ?? 0) > waiting }
        return task
    }

    // MARK: - How a page ends

    @Test(arguments: [LoadOwner.dataSource, .caller])
    func aPageThatLandsIsAppendedAndSaysWhetherMoreFollow(owner: LoadOwner) async {
        let dataSource = await makeDataSource()
        let first = await startLoadingMore(dataSource, ownedBy: owner)
        dataSource.pageGates[0].open(returning: dataSource.page(next: 4))
        #expect(await first.boundedValue() == .committed(hasMore: true))
        let last = await startLoadingMore(dataSource, ownedBy: owner)
        dataSource.pageGates[1].open(returning: dataSource.page(next: nil))
        #expect(await last.boundedValue() == .committed(hasMore: false))
        #expect(dataSource.rows == (0..<6).map { "row \($0)" })
        #expect(dataSource.cursors == [2, 4])
        #expect(await dataSource.loadMore(ownedBy: owner) == .refused(.endReached))
        #expect(dataSource.pageGates.count == 2, "the end fetches nothing")
    }

    @Test func aFailedPageAnswersItsError() async {
        let dataSource = await makeDataSource()
        let loading = await startLoadingMore(dataSource, ownedBy: .dataSource)
        dataSource.pageGates[0].open(throwing: TestError(2))
        let outcome = await loading.boundedValue()
        #expect(outcome == .failed(TestError(2)))
        #expect(outcome != .failed(TestError(3)), "failures compare their errors")
        #expect(outcome?.isAccepted == true)
        #expect(dataSource.appendState == .failed(TestError(2)))
        #expect(dataSource.nextCursor == 2, "a failed page keeps its cursor")
        #expect(dataSource.rows.count == 2)
    }

    @Test func noPageIsRequestedAndTheReasonIsTheAnswerLoadMoreGives() async {
        let dataSource = GatedPagesDataSource()
        #expect(await dataSource.loadMore(ownedBy: .caller) == .refused(.noContent))
        dataSource.firstPageNext = nil
        dataSource.loadContent()  // the first page's task has not run yet
        #expect(await dataSource.loadMore(ownedBy: .caller) == .refused(.refreshInFlight))
        #expect(await dataSource.reload(ownedBy: .dataSource) == .committed(hasContent: true))
        #expect(await dataSource.loadMore(ownedBy: .dataSource) == .refused(.endReached))
        #expect(dataSource.pageGates.isEmpty)
        #expect(PageOutcome.refused(.endReached).isAccepted == false)
    }

    @Test func aRefreshSupersedesThePageAwaited() async {
        let dataSource = await makeDataSource()
        let loading = await startLoadingMore(dataSource, ownedBy: .caller)
        dataSource.loadContent()
        #expect(await loading.boundedValue() == .superseded)
        #expect(dataSource.pageGates[0].sawCancellation, "the page's work was cancelled")
        #expect(await dataSource.reload(ownedBy: .dataSource) == .committed(hasContent: true))
        #expect(dataSource.rows == ["row 0", "row 1"], "nothing of the old list's page landed")
    }

    @Test func cancelLoadMoreCancelsThePageAwaited() async {
        let dataSource = await makeDataSource()
        let loading = await startLoadingMore(dataSource, ownedBy: .dataSource)
        #expect(dataSource.cancelLoadMore())
        #expect(await loading.boundedValue() == .cancelled)
        #expect(dataSource.appendState == .idle)
        #expect(dataSource.nextCursor == 2, "the cursor is kept")
    }

    @Test func aCancellationErrorCancelsThePageAwaited() async {
        let dataSource = await makeDataSource()
        dataSource.observesCancellation = false
        let loading = await startLoadingMore(dataSource, ownedBy: .dataSource)
        dataSource.pageGates[0].open(throwing: CancellationError())
        #expect(await loading.boundedValue() == .cancelled)
        #expect(dataSource.appendState == .idle, "a cancellation is never a failed page")
    }

    // MARK: - Owners

    /// Owned by the caller: cancelling the caller cancels the page, and the next load more
    /// requests the same page.
    @Test func cancellingTheCallerOfAPageItOwnsCancelsThePage() async {
        let dataSource = await makeDataSource()
        let loading = await startLoadingMore(dataSource, ownedBy: .caller)
        loading.cancel()
        #expect(await loading.boundedValue() == .cancelled)
        #expect(dataSource.pageGates[0].sawCancellation, "the page's work was cancelled")
        #expect(dataSource.appendState == .idle)
        let again = await startLoadingMore(dataSource, ownedBy: .caller)
        dataSource.pageGates[1].open(returning: dataSource.page(next: nil))
        #expect(await again.boundedValue() == .committed(hasMore: false))
        #expect(dataSource.cursors == [2, 2])
    }

    /// Owned by the data source: cancelling the caller ends the wait at once, and the page lands.
    @Test func cancellingTheCallerOfAPageTheDataSourceOwnsLetsItLand() async {
        let dataSource = await makeDataSource()
        let loading = await startLoadingMore(dataSource, ownedBy: .dataSource)
        loading.cancel()
        #expect(await loading.boundedValue() == .stillRunning)
        #expect(dataSource.appendState.isLoadingMore)
        #expect(!dataSource.pageGates[0].sawCancellation)
        let landing = await startLoadingMore(dataSource, ownedBy: .dataSource)
        dataSource.pageGates[0].open(returning: dataSource.page(next: 4))
        #expect(await landing.boundedValue() == .committed(hasMore: true))
        #expect(dataSource.pageGates.count == 1, "awaiting the page again fetched nothing again")
    }

    @Test func aCallerAlreadyCancelledRequestsNoPageItWouldOwn() async {
        let dataSource = await makeDataSource()
        let loading = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await dataSource.loadMore(ownedBy: .caller)
        }
        #expect(await loading.boundedValue() == .cancelled)
        #expect(dataSource.pageGates.isEmpty)
        #expect(dataSource.appendState == .idle)
    }

    /// Cancelled while its page begins (from `loadPage`): a page the caller owns is cancelled;
    /// one the data source owns runs on.
    @Test(arguments: [LoadOwner.dataSource, .caller])
    func aCallerCancelledWhileItsPageBegins(owner: LoadOwner) async {
        let dataSource = await makeDataSource()
        dataSource.onLoadPage = { _ in withUnsafeCurrentTask { $0?.cancel() } }
        let outcome = await Task { await dataSource.loadMore(ownedBy: owner) }.boundedValue()
        #expect(outcome == (owner == .caller ? .cancelled : .stillRunning))
        #expect(dataSource.appendState.isLoadingMore == (owner == .dataSource))
        dataSource.pageGates[0].open(returning: dataSource.page(next: nil))
    }

    // MARK: - A page in flight

    @Test func aPageInFlightIsAwaitedNotFetchedAgain() async {
        let dataSource = await makeDataSource()
        #expect(dataSource.loadMore().isLoading)  // a plain load more: a row's onAppear, say
        let first = await startLoadingMore(dataSource, ownedBy: .dataSource)
        let second = await startLoadingMore(dataSource, ownedBy: .caller)
        #expect(dataSource.pageGates.count == 1)
        dataSource.pageGates[0].open(returning: dataSource.page(next: 4))
        #expect(await first.boundedValue() == .committed(hasMore: true))
        #expect(await second.boundedValue() == .committed(hasMore: true))
    }

    /// Every waiter of a page hears how it ended, once: a caller that owns it cancels it for all.
    @Test func aCallerThatOwnsAPageInFlightCancelsItForEveryWaiter() async {
        let dataSource = await makeDataSource()
        let bystander = await startLoadingMore(dataSource, ownedBy: .dataSource)
        let owner = await startLoadingMore(dataSource, ownedBy: .caller)
        owner.cancel()
        #expect(await owner.boundedValue() == .cancelled)
        #expect(await bystander.boundedValue() == .cancelled)
        #expect(dataSource.pageWaiters?.waiters.count == 0)
    }

    // MARK: - Callbacks that end the page while it begins

    /// What `loadPage(after:_:)` does after beginning the page's work, and the outcome it leads to.
    enum Reentry: CaseIterable, CustomTestStringConvertible {
        case finishesItByHand, failsIt, cancelsIt, beginsARefresh, loadsMoreAgain

        var testDescription: String { "\(self)" }

        var outcome: PageOutcome {
            switch self {
            case .finishesItByHand: .committed(hasMore: false)
            case .failsIt: .failed(TestError(5))
            case .cancelsIt: .cancelled
            case .beginsARefresh: .superseded
            case .loadsMoreAgain: .committed(hasMore: true)
            }
        }
    }

    @Test(arguments: Reentry.allCases)
    func aPageEndedWhileItBeginsIsAnsweredAtOnce(_ reentry: Reentry) async {
        let dataSource = await makeDataSource()
        dataSource.onLoadPage = { [unowned dataSource] state in
            switch reentry {
            case .finishesItByHand: dataSource.finishPage(state, next: nil) { dataSource.rows.append("cached") }
            case .failsIt: dataSource.finishPage(state, error: TestError(5))
            case .cancelsIt: dataSource.cancelLoadMore()
            case .beginsARefresh: dataSource.loadContent()
            case .loadsMoreAgain: #expect(dataSource.loadMore() == .alreadyLoading(state))
            }
        }
        let loading = Task { await dataSource.loadMore(ownedBy: .caller) }
        if reentry == .loadsMoreAgain {
            await eventually { dataSource.pageWaiters?.waiters.count == 1 }
            dataSource.pageGates[0].open(returning: dataSource.page(next: 4))
        }
        #expect(await loading.boundedValue() == reentry.outcome)
        #expect(dataSource.pageGates.count == 1)
        #expect(dataSource.pageWaiters?.waiters.isIdle == true, "nobody waits, nothing is recorded")
    }

    /// The footer is drawn before the page's work begins: a renderer that begins a refresh
    /// there supersedes the page before it is requested.
    @Test func aFooterThatBeginsARefreshSupersedesThePageAsItBegins() async {
        let fixture = PagingFixture()
        fixture.loadFirstPage()
        fixture.content.onShowFooter = { [unowned fixture] footer in
            if case .loadingMore = footer.state { fixture.dataSource.loadContent() }
        }
        #expect(await fixture.dataSource.loadMore(ownedBy: .caller) == .superseded)
        #expect(fixture.dataSource.pageRequests.isEmpty)
        fixture.content.onShowFooter = nil
    }

    // MARK: - Lifetimes

    /// The call holds the data source: released by everyone else while a caller awaits, it
    /// lives until the page ends, and then goes.
    @Test func aWaitHoldsItsDataSourceUntilThePageEnds() async {
        var dataSource: GatedPagesDataSource? = await makeDataSource()
        weak let released = dataSource
        let loading = await startLoadingMore(dataSource!, ownedBy: .dataSource)
        let gate = dataSource!.pageGates[0]
        dataSource = nil
        #expect(released != nil, "the awaiting call holds it")
        _ = gate.open(returning: Page(["row 2"], next: nil))
        #expect(await loading.boundedValue() == .committed(hasMore: false))
        await eventually { released == nil }
    }

    /// Waiters left behind when their data source goes (which a caller's own wait prevents) are
    /// answered, never stranded.
    @Test func waitersLeftWhenTheirDataSourceGoesAreAnsweredCancelled() async throws {
        var waiters: PageWaiters? = PageWaiters()
        let waiting = AsyncGate<Void>()
        let task = Task { [weak waiters] in
            await withCheckedContinuation { (continuation: CheckedContinuation<PageOutcome, Never>) in
                guard let waiters else { return continuation.resume(returning: .stillRunning) }
                waiters.waiters.add(continuation, id: 1, generation: 1)
                _ = waiting.open(returning: ())
            }
        }
        try await waiting.wait()
        waiters = nil
        #expect(await task.boundedValue() == .cancelled)
    }
}
