import ContentLoading
import ContentLoadingTestSupport
import Observation
import Testing

/// A paged data source an app marked `@Observable`, whose pages a test finishes by hand: the
/// pattern the SwiftUI and Pagination articles document.
@Observable
final class ObservedRowsDataSource: PagedDataSource<Int> {
    private(set) var rows: [String] = []
    @ObservationIgnored private(set) var firstPageTokens: [LoadingState] = []
    @ObservationIgnored private(set) var pageTokens: [LoadingState] = []

    override var hasContent: Bool { !rows.isEmpty }

    override func loadContent() {
        loadingCoordinator.loadContent { state in firstPageTokens.append(state) }
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        pageTokens.append(state)
    }

    /// Finishes the last first page with three rows, followed by cursor 3.
    func completeFirstPage() {
        finishFirstPage(firstPageTokens[firstPageTokens.count - 1], next: 3) { rows = ["row 0", "row 1", "row 2"] }
    }

    /// Finishes the last page with three more rows, followed by `next`.
    func completePage(next: Int?) {
        finishPage(pageTokens[pageTokens.count - 1], next: next) {
            rows += (rows.count..<rows.count + 3).map { "row \($0)" }
        }
    }
}

/// A screen that draws an observable paged data source into a model, under the standard policy
/// on a manual clock.
@MainActor
final class ObservedRowsScreen: DataSourceDelegate {
    let dataSource = ObservedRowsDataSource()
    let model = ScreenModel()
    let clock = ManualClock()
    private(set) var wrapper: ContentWrapper!

    init() {
        wrapper = ContentWrapper(drawingInto: model, policy: .standard, clock: clock)
        dataSource.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    /// Advances the clock by `milliseconds` and draws what is due.
    func advance(_ milliseconds: Int) {
        clock.advance(by: .milliseconds(milliseconds))
        wrapper.presentDueChanges()
    }
}

/// Whatever a view reads of a data source notifies Observation whenever it
/// changes, under every presentation policy, even when the wrapper draws nothing.
@MainActor
@Suite("Observable data sources", .timeLimit(.minutes(1)), .hangLimit)
struct ObservableDataSourceTests {
    @Test func aPageThatLandsWithinTheLoadingDelayNotifiesTheRowsThoughNothingIsDrawn() {
        let screen = ObservedRowsScreen()
        let dataSource = screen.dataSource
        dataSource.loadContent()
        dataSource.completeFirstPage()
        #expect(screen.model.state == .content)

        let rows = ObservationCounter { _ = dataSource.rows }
        let appendState = ObservationCounter { _ = dataSource.appendState }
        let contentState = ObservationCounter { _ = dataSource.contentState }
        let model = ObservationCounter { _ = (screen.model.screen, screen.model.footer) }

        #expect(dataSource.loadMore().isStarted)
        #expect(appendState.drain() == 1, "idle to loading more")
        #expect(model.drain() == 0, "the indicator waits out the loading delay")

        screen.advance(300)
        dataSource.completePage(next: 6)
        #expect(dataSource.rows.count == 6)
        #expect(rows.drain() == 1, "the view reads the new rows")
        #expect(appendState.drain() == 1, "loading more to idle")
        #expect(model.drain() == 0, "nothing was drawn: the footer never showed")
        #expect(contentState.drain() == 0, "the content state never moved")
        #expect(!screen.wrapper.isPresentationPending)
        guard case .idle = screen.model.footer.state else {
            Issue.record("expected no footer, got \(screen.model.footer)")
            return
        }
    }

    @Test func aSlowPageAndAFailedOneNotifyTheAppendStateAndTheModelsFooter() {
        let screen = ObservedRowsScreen()
        let dataSource = screen.dataSource
        dataSource.loadContent()
        dataSource.completeFirstPage()
        let appendState = ObservationCounter { _ = dataSource.appendState }
        let cursor = ObservationCounter { _ = dataSource.nextCursor }
        let footer = ObservationCounter { _ = screen.model.footer }

        dataSource.loadMore()
        #expect(appendState.drain() == 1)
        screen.advance(500)
        #expect(footer.drain() == 1, "the indicator shows once the delay runs out")
        #expect(dataSource.finishPage(dataSource.pageTokens[0], error: TestError(1)))
        #expect(appendState.drain() == 1, "loading more to failed, at once")
        #expect(dataSource.nextCursor == 3, "a failed page keeps its cursor")
        #expect(footer.drain() == 0, "the indicator waits out its minimum")
        screen.advance(500)
        #expect(footer.drain() == 1)
        guard case .failed = screen.model.footer.state, let placeholder = screen.model.footer.placeholder,
            let retry = placeholder.action
        else {
            Issue.record("expected a failed footer with Retry, got \(screen.model.footer)")
            return
        }

        retry.perform()
        #expect(dataSource.pageTokens.count == 2, "Retry requests the page again")
        #expect(appendState.drain() == 1, "failed to loading more")
        dataSource.completePage(next: nil)
        #expect(appendState.drain() == 1, "loading more to the end")
        #expect(cursor.drain() >= 1, "the cursor is observed with the lane, whose every move notifies it")
        #expect(dataSource.nextCursor == nil)
        guard case .endReached = dataSource.appendState else {
            Issue.record("expected the end, got \(dataSource.appendState)")
            return
        }
    }

    @Test func theContentStateNotifiesWhenItMovesAndOnlyThen() {
        let screen = ObservedRowsScreen()
        let dataSource = screen.dataSource
        let contentState = ObservationCounter { _ = dataSource.contentState }
        let rows = ObservationCounter { _ = dataSource.rows }

        dataSource.loadContent()
        #expect(contentState.drain() == 1, "initial to loading")
        dataSource.loadContent()
        #expect(contentState.drain() == 0, "a second load keeps the state")
        dataSource.completeFirstPage()
        #expect(contentState.drain() == 1, "loading to content, within the delay")
        #expect(rows.drain() == 1)
        #expect(screen.model.state == .content)

        dataSource.loadContent()
        #expect(contentState.drain() == 1, "content to refreshing")
        dataSource.loadingCoordinator.finish(dataSource.firstPageTokens[2], error: TestError(2))
        #expect(contentState.drain() == 1, "refreshing back to content: the refresh failed")
        #expect(rows.drain() == 0)
    }

    @Test func aSegmentedSourcesSelectionAndStateAndAComposedSourcesChildrenAreObservable() {
        let (popular, recent) = (ItemsDataSource(), ItemsDataSource())
        let tabs = SegmentedDataSource(children: [popular, recent])
        let fixture = CompositionFixture(tabs, policy: .standard, clock: ManualClock())
        let selection = ObservationCounter { _ = tabs.selectedIndex }
        let selected = ObservationCounter { _ = tabs.selected }
        let tabsState = ObservationCounter { _ = tabs.contentState }

        tabs.loadContent()
        #expect(tabsState.drain() == 1, "the selected segment began loading")
        popular.complete(popular.tokens[0], with: ["a"])
        #expect(tabsState.drain() == 1)
        #expect(tabs.select(1))
        #expect((selection.drain(), selected.drain()) == (1, 1))
        #expect(tabsState.drain() == 1, "the other segment, loading")
        #expect(tabs.select(1))
        #expect((selection.drain(), tabsState.drain()) == (0, 0), "selecting the selected segment changes nothing")
        popular.loadContent()
        #expect(tabsState.drain() == 0, "a deselected segment's load does not move the screen")
        #expect(fixture.shown == .loading)

        let screen = ComposedDataSource()
        let section = ItemsDataSource()
        let children = ObservationCounter { _ = screen.children }
        screen.add(section)
        #expect(children.drain() == 1)
        screen.add(section)
        #expect(children.drain() == 0, "a child already there is not added again")
        #expect(screen.remove(section))
        #expect(children.drain() == 1)
        #expect(screen.children.isEmpty)
    }

    @Test func anObserverThatLoadsAgainHearsOfThatLoadToo() {
        let screen = ObservedRowsScreen()
        let dataSource = screen.dataSource
        dataSource.loadContent()
        dataSource.completeFirstPage()
        let observer = ReloadingObserver(dataSource)
        dataSource.loadContent()
        dataSource.completeFirstPage()
        #expect(Array(observer.states.prefix(4)) == [.content, .refreshing, .content, .refreshing])
        // Observation may notify once more for a change made inside `onChange`, as it does for
        // any `@Observable` property; what matters is that the observer ends on the truth.
        #expect(observer.states.last == .refreshing)
        #expect(screen.model.state == .refreshing)
        #expect(dataSource.firstPageTokens.count == 3)
    }
}

/// Records the content state at each notification, and begins a refresh from inside the one
/// for the first refresh's content.
@MainActor
private final class ReloadingObserver {
    let dataSource: ObservedRowsDataSource
    private(set) var states: [ContentState] = []

    init(_ dataSource: ObservedRowsDataSource) {
        self.dataSource = dataSource
        arm()
    }

    private func arm() {
        states.append(
            withObservationTracking {
                dataSource.contentState
            } onChange: { [weak self] in
                MainActor.assumeIsolated { self?.heard() }
            })
    }

    private func heard() {
        // Observers run once the report is out: the state read is the new one, and a load begun
        // here is reported, and heard of, in turn.
        arm()
        if states.last == .content, dataSource.firstPageTokens.count == 2 { dataSource.loadContent() }
    }
}

extension LoadMoreAnswer {
    /// Whether a page began.
    var isStarted: Bool {
        if case .started = self { return true }
        return false
    }
}
