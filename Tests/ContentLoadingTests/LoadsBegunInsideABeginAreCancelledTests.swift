import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A load begun from the app's code that runs while another load begins (a paged list's
/// `hasContent`, a composed section's, a store data source's `isEmpty`, a cancel's `hasContent`):
/// whichever load is superseded has its task cancelled, and a reload awaiting it ends.
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct LoadsBegunInsideABeginAreCancelledTests {
    /// A paged data source showing its first page, with more to come.
    private func pagedWithContent() async -> HasContentPagesDataSource {
        let dataSource = HasContentPagesDataSource()
        dataSource.loadContent()
        dataSource.firstPageGates[0].open(returning: Page(["row 0", "row 1"], next: 2))
        #expect(await dataSource.firstPageTasks[0]?.boundedValue() == true)
        return dataSource
    }

    @Test(arguments: [LoadOwner.caller, .dataSource])
    func aPageBegunInsideHasContentAsARefreshBeginsIsCancelled(owner: LoadOwner) async {
        let dataSource = await pagedWithContent()
        dataSource.onHasContent = { [unowned dataSource] in _ = dataSource.loadMore() }
        let reload = Task { await dataSource.reload(ownedBy: owner) }
        #expect(await eventually { dataSource.firstPageGates.count == 2 })
        #expect(dataSource.pageTasks.count == 1, "the page began inside hasContent")
        #expect(dataSource.pageTasks.first?.isCancelled == true, "the refresh superseded the page")
        #expect(await dataSource.pageTasks.first?.boundedValue() == false)
        #expect(dataSource.firstPageTasks[1]?.isCancelled == false)
        dataSource.firstPageGates[1].open(returning: Page(["new 0", "new 1"], next: 2))
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(dataSource.rows == ["new 0", "new 1"])
        #expect(dataSource.appendState == .idle)
    }

    @Test(arguments: [LoadOwner.caller, .dataSource])
    func anAwaitedPageAndARefreshBegunInsideHasContentEndWhenAReloadSupersedesThem(owner: LoadOwner) async {
        let dataSource = await pagedWithContent()
        let page = Task { await dataSource.loadMore(ownedBy: .caller) }
        #expect(await eventually { dataSource.pageGates.count == 1 })
        dataSource.onHasContent = { [unowned dataSource] in dataSource.loadContent() }
        let reload = Task { await dataSource.reload(ownedBy: owner) }
        #expect(await eventually { dataSource.firstPageGates.count == 3 })
        // Gate 1 is the reload's first page, gate 2 the one begun inside its `hasContent`.
        #expect(dataSource.firstPageTasks[2]?.isCancelled == true, "the refresh begun inside hasContent is superseded")
        #expect(dataSource.firstPageTasks[1]?.isCancelled == false)
        #expect(dataSource.pageTasks[0].isCancelled, "a refresh cancels the page in flight")
        #expect(await page.boundedValue() == .superseded)
        #expect(await dataSource.firstPageTasks[2]?.boundedValue() == false)
        dataSource.firstPageGates[1].open(returning: Page(["new 0", "new 1"], next: 2))
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(dataSource.rows == ["new 0", "new 1"])
    }

    @Test(arguments: [LoadOwner.caller, .dataSource])
    func aSectionsLoadsBegunInsideItsHasContentDuringAContainersReloadAreCancelled(owner: LoadOwner) async {
        let first = HasContentLoadsDataSource()
        let second = HasContentLoadsDataSource()
        first.items = ["first"]
        second.items = ["second"]
        let screen = ComposedDataSource(children: [first, second])
        // The container loads every section again from inside the first section's begin.
        first.onHasContent = { [unowned screen] in screen.loadContent() }
        let reload = Task { await screen.reload(ownedBy: owner) }
        #expect(await eventually { first.gates.count == 2 && second.gates.count == 2 })
        guard let firstOuter = first.tasks[0], let firstInner = first.tasks[1], let secondInner = second.tasks[0],
            let secondOuter = second.tasks[1]
        else {
            Issue.record("expected two loads of each section")
            return
        }
        #expect(firstInner.isCancelled, "the first section's load begun inside its hasContent is superseded")
        #expect(secondInner.isCancelled, "the second section's first load is superseded by its second")
        #expect(!firstOuter.isCancelled && !secondOuter.isCancelled)
        #expect(await firstInner.boundedValue() == false)
        #expect(await secondInner.boundedValue() == false)
        first.gates[0].open(returning: ["first, reloaded"])
        second.gates[1].open(returning: ["second, reloaded"])
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(first.items == ["first, reloaded"] && second.items == ["second, reloaded"])
    }

    @Test(arguments: [LoadOwner.caller, .dataSource])
    func aLoadBegunInsideHasContentDuringACancelIsCancelledToo(owner: LoadOwner) async {
        let dataSource = HasContentLoadsDataSource()
        dataSource.items = ["shown"]
        dataSource.loadContent()
        dataSource.gates[0].open(returning: ["shown"])
        #expect(await dataSource.tasks[0]?.boundedValue() == true)
        let reload = Task { await dataSource.reload(ownedBy: owner) }
        #expect(await eventually { dataSource.gates.count == 2 })
        dataSource.onHasContent = { [unowned dataSource] in dataSource.loadContent() }
        #expect(dataSource.loadingCoordinator.cancel())
        #expect(dataSource.gates.count == 3, "a load began inside the cancel's hasContent")
        #expect(dataSource.tasks[1]?.isCancelled == true, "the reload's load is superseded")
        #expect(dataSource.tasks[2]?.isCancelled == true, "the cancel stops the load begun inside it")
        #expect(await reload.boundedValue() == .superseded)
        #expect(await dataSource.tasks[2]?.boundedValue() == false)
        #expect(!dataSource.loadingCoordinator.isLoading)
        #expect(dataSource.contentState == .content)
    }

    @Test(arguments: [LoadOwner.caller, .dataSource])
    func aLoadBegunInsideIsEmptyAsAKeyChangeSettlesIsSuperseded(owner: LoadOwner) async {
        let clock = ManualClock()
        let fetcher = GatedFetcher(observesCancellation: true)
        let store = ContentStore<String, String>(staleAfter: .after(.seconds(60)), clock: clock) {
            try await fetcher.fetch($0)
        }
        defer { fetcher.openAll() }
        store.write("B", for: "b")
        clock.advance(by: .seconds(60))
        let isEmpty = OnceCallback()
        let dataSource = StoreDataSource(store: store, key: "a") { _ in
            isEmpty.run()
            return false
        }
        let reload = Task { await dataSource.reload(ownedBy: owner) }
        #expect(await eventually { fetcher.count == 1 })
        // The key change settles on b's stale value, superseding the reload's load, and asks
        // `isEmpty`, which begins a load; the key change then revalidates b, superseding it.
        isEmpty.body = { [unowned dataSource] in dataSource.loadContent() }
        dataSource.changeKey(to: "b")
        #expect(isEmpty.body == nil, "isEmpty was asked")
        #expect(await reload.boundedValue() == .superseded)
        #expect(await eventually { fetcher.gate(0).sawCancellation }, "a's fetch lost its only waiter")
        #expect(await eventually { fetcher.count == 2 && store.waiterCount(for: "b") == 1 })
        // The load begun inside `isEmpty` began before the key change's value settled, so the
        // revalidation keeps that load's state; what matters here is that one load is in flight.
        #expect(dataSource.loadingCoordinator.isLoading)
        fetcher.gate(1).open(returning: "B, revalidated")
        #expect(await eventually { dataSource.contentState == .content })
        #expect(dataSource.value == "B, revalidated")
        #expect(!dataSource.loadingCoordinator.isLoading)
    }

    @Test(arguments: [LoadOwner.caller, .dataSource])
    func aRetryingLoadAndALoadBegunInsideHasContentEndWhenAReloadSupersedesThem(owner: LoadOwner) async {
        let clock = ManualClock()
        let dataSource = HasContentLoadsDataSource()
        let listener = RetryListener(ContentWrapper(drawingInto: ScreenModel(), policy: .immediate, clock: clock))
        dataSource.delegate = listener
        dataSource.items = ["shown"]
        dataSource.policy = RetryPolicy(maxAttempts: 3, jitter: 0)
        let retrying = Task { await dataSource.reload(ownedBy: owner) }
        #expect(await eventually { dataSource.gates.count == 1 })
        dataSource.gates[0].open(throwing: TestError(1))
        #expect(await eventually { clock.sleeperCount == 1 }, "the failed load waits to retry")
        dataSource.onHasContent = { [unowned dataSource] in dataSource.loadContent() }
        let reload = Task { await dataSource.reload(ownedBy: owner) }
        #expect(await eventually { dataSource.gates.count == 3 })
        #expect(dataSource.tasks[0]?.isCancelled == true, "the retrying load is superseded")
        #expect(dataSource.tasks[2]?.isCancelled == true, "the load begun inside hasContent is superseded")
        #expect(dataSource.tasks[1]?.isCancelled == false)
        #expect(await retrying.boundedValue() == .superseded)
        #expect(await dataSource.tasks[0]?.boundedValue() == false)
        #expect(await dataSource.tasks[2]?.boundedValue() == false)
        #expect(clock.sleeperCount == 0, "no retry waits on")
        #expect(listener.wrapper.retryAttempt == nil)
        dataSource.gates[1].open(returning: ["reloaded"])
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(dataSource.items == ["reloaded"])
        withExtendedLifetime(listener) {}
    }

    @Test(arguments: [LoadOwner.caller, .dataSource])
    func aLoadBegunInsideIsEmptyAsAReloadSettlesAFreshValueIsTheOneAwaited(owner: LoadOwner) async {
        let clock = ManualClock()
        let fetcher = GatedFetcher(observesCancellation: true)
        let store = ContentStore<String, String>(staleAfter: .after(.seconds(60)), clock: clock) {
            try await fetcher.fetch($0)
        }
        defer { fetcher.openAll() }
        store.write("A", for: "a")
        let isEmpty = OnceCallback()
        let dataSource = StoreDataSource(store: store, key: "a") { _ in
            isEmpty.run()
            return false
        }
        // A load of the app's own in flight, which the reload's settling of the fresh value
        // supersedes; that settling asks `isEmpty`, which invalidates the key: the revalidation
        // begun there is the load the reload awaits.
        let gate = AsyncGate<Void>(observesCancellation: true)
        let own = dataSource.loadingCoordinator.load { _ in
            try await gate.wait()
        } commit: { _ in
        }
        isEmpty.body = { store.invalidate("a") }
        let reload = Task { await dataSource.reload(ownedBy: owner) }
        #expect(await own.boundedValue() == false)
        #expect(gate.sawCancellation, "the superseded load's work saw its cancellation")
        #expect(await eventually { fetcher.count == 1 }, "the key revalidates")
        #expect(isEmpty.body == nil, "isEmpty was asked")
        fetcher.gate(0).open(returning: "A, revalidated")
        #expect(await reload.boundedValue() == .committed(hasContent: true))
        #expect(dataSource.value == "A, revalidated")
        #expect(!dataSource.loadingCoordinator.isLoading)
    }

    @Test(arguments: [LoadOwner.caller, .dataSource])
    func aLoadBegunInsideIsEmptyAsAReloadRedrawsAFreshValueIsTheOneAwaited(owner: LoadOwner) async {
        let clock = ManualClock()
        let fetcher = GatedFetcher(observesCancellation: true)
        let store = ContentStore<String, String>(staleAfter: .after(.seconds(60)), clock: clock) {
            try await fetcher.fetch($0)
        }
        defer { fetcher.openAll() }
        store.write("A", for: "a")
        let isEmpty = OnceCallback()
        let dataSource = StoreDataSource(store: store, key: "a") { _ in
            isEmpty.run()
            return false
        }
        // With nothing in flight, the reload redraws the fresh value at once; its `isEmpty`
        // invalidates the key, which begins a revalidation: that load is the one awaited, and its
        // failure is the reload's answer, not the redraw's content.
        isEmpty.body = { store.invalidate("a") }
        let reload = Task { await dataSource.reload(ownedBy: owner) }
        #expect(await eventually { fetcher.count == 1 }, "the key revalidates")
        #expect(dataSource.contentState == .refreshing)
        fetcher.gate(0).open(throwing: TestError(1))
        #expect(await reload.boundedValue() == .failed(TestError(1)))
        #expect(dataSource.contentState == .content)
        #expect(dataSource.value == "A")
    }

    @Test(arguments: [false, true])
    func releasingAPagedListAfterALoadBegunInsideHasContentCancelsEveryTask(beginsARefresh: Bool) async {
        var dataSource: HasContentPagesDataSource? = await pagedWithContent()
        weak let released = dataSource
        let tasks = dataSource.map { Self.refreshBeginningALoadInsideHasContent($0, refresh: beginsARefresh) } ?? []
        #expect(tasks.count == 2, "the refresh, and the load or page begun inside it")
        dataSource = nil
        #expect(released == nil)
        #expect(tasks.allSatisfy { $0.isCancelled }, "nothing a released list began runs on")
        for task in tasks { #expect(await task.boundedValue() != nil) }
    }

    /// Refreshes `shown`, whose `hasContent` begins another refresh or a page; returns the tasks
    /// in flight.
    private static func refreshBeginningALoadInsideHasContent(
        _ shown: HasContentPagesDataSource, refresh: Bool
    ) -> [Task<Bool, Never>] {
        shown.onHasContent = { [unowned shown] in
            if refresh { shown.loadContent() } else { _ = shown.loadMore() }
        }
        shown.loadContent()
        // The first page's load has ended; the refresh and what began inside it are in flight.
        return shown.firstPageTasks.filter { $0.key > 0 }.map(\.value) + shown.pageTasks
    }
}
