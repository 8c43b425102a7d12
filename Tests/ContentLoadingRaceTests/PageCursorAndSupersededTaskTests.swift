import ContentLoading
import ContentLoadingTestSupport
import Testing

/// A page's rows and its cursor are committed together, and a superseded load's task is
/// cancelled on every path (paging, retry, composition): one test per case and variant, each of
/// which failed before its fix. The model-based suites generate these kinds of step too; these
/// pin the exact reproductions.
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct PageCursorAndSupersededTaskTests {
    // MARK: - A page's rows and its cursor are committed together

    /// How the refresh begun from inside the page's commit ends.
    enum RefreshEnding: CaseIterable, CustomTestStringConvertible {
        case cancelled, failed, stillInFlight

        var testDescription: String {
            switch self {
            case .cancelled: "refresh cancelled"
            case .failed: "refresh failed"
            case .stillInFlight: "refresh still in flight"
            }
        }
    }

    /// The fuzzer's reproduction: rows `[0, 1]` with cursor 2; the page at 2 commits rows 2 and
    /// 3 with next cursor 4, and its update begins a refresh. However the refresh ends (short of
    /// a first page), the cursor must be 4, so the next page asks for 4 and no row repeats.
    @Test(arguments: RefreshEnding.allCases)
    func aRefreshBegunInsideAPageCommitKeepsThePagesCursor(_ ending: RefreshEnding) {
        let rig = PagedRig()
        rig.loadFirstPage(["0", "1"], next: 2)
        #expect(rig.dataSource.loadMore().isStarted)
        let page = rig.pages.last!
        #expect(page.cursor == 2)
        var refresh: LoadingState?
        #expect(
            rig.dataSource.finishPage(page.state, next: 4) {
                rig.dataSource.loadContent()
                refresh = rig.firstPages.last
                rig.dataSource.items += ["2", "3"]
            })
        #expect(rig.dataSource.nextCursor == 4)
        switch ending {
        case .cancelled:
            #expect(rig.dataSource.loadingCoordinator.cancel())
        case .failed:
            #expect(rig.dataSource.loadingCoordinator.finish(refresh!, error: RaceError(1)))
        case .stillInFlight:
            #expect(rig.dataSource.loadingCoordinator.isLoading)
            #expect(rig.dataSource.loadMore() == .refused(.refreshInFlight))
            #expect(rig.dataSource.loadingCoordinator.cancel())
        }
        #expect(rig.dataSource.items == ["0", "1", "2", "3"])
        #expect(rig.dataSource.nextCursor == 4)
        #expect(rig.dataSource.appendState.isIdle)
        #expect(rig.dataSource.loadMore().isStarted)
        #expect(rig.pages.last?.cursor == 4)
        #expect(rig.dataSource.cancelLoadMore())
    }

    /// The same page, ending the list (no next cursor): the list stays ended.
    @Test func aRefreshBegunInsideTheLastPagesCommitKeepsTheListEnded() {
        let rig = PagedRig()
        rig.loadFirstPage(["0", "1"], next: 2)
        #expect(rig.dataSource.loadMore().isStarted)
        #expect(
            rig.dataSource.finishPage(rig.pages.last!.state, next: nil) {
                rig.dataSource.loadContent()
                rig.dataSource.items += ["2"]
            })
        #expect(rig.dataSource.loadingCoordinator.cancel())
        #expect(rig.dataSource.nextCursor == nil)
        #expect(rig.dataSource.appendState.isEndReached)
        #expect(rig.dataSource.loadMore() == .refused(.endReached))
    }

    /// A refresh that begins and lands its first page inside the page's commit owns the list:
    /// the page's cursor does not overwrite the first page's.
    @Test func aFirstPageCommittedInsideAPageCommitOwnsTheCursor() {
        let rig = PagedRig()
        rig.loadFirstPage(["0", "1"], next: 2)
        #expect(rig.dataSource.loadMore().isStarted)
        #expect(
            rig.dataSource.finishPage(rig.pages.last!.state, next: 4) {
                rig.dataSource.items += ["2", "3"]
                rig.loadFirstPage(["a"], next: 10)
            })
        #expect(rig.dataSource.items == ["a"])
        #expect(rig.dataSource.nextCursor == 10)
        #expect(rig.dataSource.loadMore().isStarted)
        #expect(rig.pages.last?.cursor == 10)
        #expect(rig.dataSource.cancelLoadMore())
    }

    /// A page whose failure is reported after a refresh began (from the retry-ended report, say)
    /// is not shown as failed: the refresh replaces the list it belonged to.
    @Test func aPageFailingAfterARefreshBeganLeavesTheLaneIdle() {
        let rig = PagedRig()
        rig.loadFirstPage(["0", "1"], next: 2)
        #expect(rig.dataSource.loadMore().isStarted)
        let page = rig.pages.last!.state
        rig.dataSource.onIsCancellation = { [unowned rig] in
            rig.dataSource.onIsCancellation = nil
            rig.dataSource.loadContent()
        }
        // The classifier began a refresh: the page is no longer current.
        #expect(!rig.dataSource.finishPage(page, error: RaceError(1)))
        #expect(rig.dataSource.appendState.isIdle)
        #expect(rig.dataSource.loadingCoordinator.cancel())
        #expect(rig.dataSource.nextCursor == 2)
    }

    // MARK: - A superseded load's task is cancelled on every path

    /// A load begun from inside `hasContent`, which the coordinator asks while the outer load
    /// is beginning, is superseded by the outer load: its task must be cancelled.
    @Test func aLoadBegunFromHasContentDuringABeginIsCancelled() async {
        let dataSource = RaceDataSource()
        dataSource.items = ["shown"]
        let innerGate = AsyncGate<[String]>(observesCancellation: true)
        let outerGate = AsyncGate<[String]>()
        var inner: Task<Bool, Never>?
        dataSource.onHasContent = { [unowned dataSource] in
            dataSource.onHasContent = nil
            inner = dataSource.loadingCoordinator.load { _ in
                try await innerGate.wait()
            } commit: { [unowned dataSource] in
                dataSource.items = $0
            }
        }
        let outer = dataSource.loadingCoordinator.load { _ in
            try await outerGate.wait()
        } commit: { [unowned dataSource] in
            dataSource.items = $0
        }
        #expect(inner?.isCancelled == true)
        #expect(!outer.isCancelled)
        // The inner work honours cancellation, so its task ends without the test opening it.
        #expect(await inner?.boundedValue() == false)
        outerGate.open(returning: ["new"])
        #expect(await outer.boundedValue() == true)
        #expect(dataSource.items == ["new"])
    }

    /// Releasing a paged data source whose first-page task was superseded during a begin
    /// cancels every task it began.
    @Test func releasingAPagedDataSourceCancelsATaskSupersededDuringABegin() async {
        var dataSource: PagedRaceDataSource? = PagedRaceDataSource()
        let innerGate = AsyncGate<Page<[String], Int>>(observesCancellation: true)
        let outerGate = AsyncGate<Page<[String], Int>>(observesCancellation: true)
        var inner: Task<Bool, Never>?
        dataSource!.items = ["shown"]
        dataSource!.onHasContent = { [unowned(unsafe) source = dataSource!] in
            source.onHasContent = nil
            inner = source.loadFirstPage { _ in
                try await innerGate.wait()
            } commit: {
                $0.items = $1
            }
        }
        let outer = dataSource!.loadFirstPage { _ in
            try await outerGate.wait()
        } commit: {
            $0.items = $1
        }
        dataSource = nil
        #expect(inner?.isCancelled == true)
        #expect(outer.isCancelled)
        #expect(await inner?.boundedValue() == false)
        #expect(await outer.boundedValue() == false)
    }
}

extension LoadMoreAnswer {
    fileprivate var isStarted: Bool {
        if case .started = self { true } else { false }
    }
}

extension AppendState {
    fileprivate var isIdle: Bool {
        if case .idle = self { true } else { false }
    }

    fileprivate var isEndReached: Bool {
        if case .endReached = self { true } else { false }
    }
}
