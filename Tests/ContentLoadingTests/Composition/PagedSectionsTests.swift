import ContentLoading
import ContentLoadingTestSupport
import Testing

/// Open and closed tabs of paged lists, drawn into a model under the standard policy on a
/// manual clock.
@MainActor
final class PagedTabsScreen: DataSourceDelegate, ContentWrapperDelegate {
    let open = RowsDataSource()
    let closed = RowsDataSource()
    let tabs: SegmentedDataSource
    let model = ScreenModel()
    let clock = ManualClock()
    private(set) var wrapper: ContentWrapper!
    /// What the wrapper announced, in order.
    private(set) var announcements: [Announcement] = []

    init() {
        tabs = SegmentedDataSource(children: [open, closed])
        wrapper = ContentWrapper(drawingInto: model, policy: .standard, clock: clock)
        wrapper.delegate = self
        tabs.delegate = self
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func contentWrapper(_ wrapper: ContentWrapper, announce announcement: Announcement) {
        announcements.append(announcement)
    }

    /// Advances the clock by `milliseconds` and draws what is due.
    func advance(_ milliseconds: Int) {
        clock.advance(by: .milliseconds(milliseconds))
        wrapper.presentDueChanges()
    }

    /// Loads `tab`'s first page, three rows with a next cursor unless `next` says otherwise, and
    /// lets any loading screen go.
    func loadFirstPage(of tab: RowsDataSource, next: Int? = 3) {
        if tab.firstPageTokens.isEmpty { tabs.loadContent() }
        tab.completeFirstPage(tab.firstPageTokens[tab.firstPageTokens.count - 1], next: next)
        advance(1000)
    }

    /// The footer drawn, by name, with its error for a failed page.
    var footer: String {
        switch model.footer.state {
        case .idle: "hidden"
        case .loadingMore: "loadingMore"
        case .failed(let error): "failed \(error)"
        case .endReached: "endReached"
        }
    }
}

/// A segmented screen's selected tab pages on the screen's wrapper and model,
/// and a composed screen's paged sections page on their own.
@MainActor
@Suite("Paged sections and segments", .timeLimit(.minutes(1)), .hangLimit)
struct PagedSectionsTests {
    @Test func theSelectedTabsFooterIsTheScreensAndItsRetryRequestsThatTabsPage() {
        let screen = PagedTabsScreen()
        screen.loadFirstPage(of: screen.open)
        let model = ObservationCounter { _ = screen.model.footer }
        let appendState = ObservationCounter { _ = screen.open.appendState }

        #expect(screen.open.loadMore().isStarted)
        #expect(appendState.drain() == 1, "the tab's lane is observable, though it has no delegate")
        #expect(screen.footer == "hidden", "the indicator waits out the loading delay")
        screen.advance(500)
        #expect(screen.footer == "loadingMore")
        #expect(model.drain() == 1)

        #expect(screen.open.finishPage(screen.open.lastPage, error: TestError(1)))
        #expect(appendState.drain() == 1)
        screen.advance(500)
        #expect(screen.footer == "failed TestError(1)", "after the indicator's minimum")
        #expect(model.drain() == 1)
        #expect(screen.announcements.last?.text == "Couldn't load more", "the failed page is announced")
        guard case .failed = screen.model.footer.state, let placeholder = screen.model.footer.placeholder,
            let retry = placeholder.action
        else {
            Issue.record("expected Retry in the footer, got \(screen.model.footer)")
            return
        }

        retry.perform()
        #expect(screen.open.pageRequests.map(\.cursor) == [3, 3], "Retry requests the tab's failed page again")
        screen.open.completePage(screen.open.lastPage, next: nil)
        #expect(screen.footer == "endReached", "a page within the delay: from the failure to the end at once")
        #expect(screen.open.rows.count == 6)
    }

    @Test func switchingTabsShowsThatTabsFooterAtOnce() {
        let screen = PagedTabsScreen()
        screen.loadFirstPage(of: screen.open)
        screen.open.loadMore()
        screen.advance(500)
        #expect(screen.footer == "loadingMore")

        // The closed tab has no footer: the open tab's indicator goes at once, not after its minimum.
        #expect(screen.tabs.select(1))
        #expect(screen.footer == "hidden")
        screen.loadFirstPage(of: screen.closed, next: nil)
        #expect(screen.footer == "endReached")

        // The open tab's page is still loading: its indicator shows at once on selection.
        let model = ObservationCounter { _ = (screen.model.screen, screen.model.footer) }
        #expect(screen.tabs.select(0))
        #expect(screen.footer == "loadingMore")
        #expect(screen.model.state == .content)
        #expect(model.drain() == 1, "the tab's screen and footer in one change")

        // A deselected tab's page lands in its model without touching the screen's footer.
        #expect(screen.tabs.select(1))
        #expect(screen.open.finishPage(screen.open.lastPage, error: TestError(1)))
        #expect(screen.footer == "endReached")
        #expect(screen.tabs.select(0))
        #expect(screen.footer == "failed TestError(1)")
        #expect(screen.tabs.select(1))
        #expect(screen.footer == "endReached")
    }

    @Test func twoTabsWithFailedPagesEachShowTheirOwnFailure() {
        let screen = PagedTabsScreen()
        screen.loadFirstPage(of: screen.open)
        screen.open.loadMore()
        screen.open.finishPage(screen.open.lastPage, error: TestError(1))
        #expect(screen.tabs.select(1))
        screen.loadFirstPage(of: screen.closed)
        screen.closed.loadMore()
        screen.closed.finishPage(screen.closed.lastPage, error: TestError(2))
        #expect(screen.footer == "failed TestError(2)")

        #expect(screen.tabs.select(0))
        #expect(screen.footer == "failed TestError(1)", "the other tab's failure, though the kind is the same")
        guard case .failed = screen.model.footer.state, let placeholder = screen.model.footer.placeholder else {
            Issue.record("expected a failed footer, got \(screen.model.footer)")
            return
        }
        placeholder.action?.perform()
        #expect(screen.open.pageRequests.count == 2, "its Retry is the open tab's")
        #expect(screen.closed.pageRequests.count == 1)
    }

    @Test func aTabsPageRetryIsTheScreensUntilAnotherTabIsSelected() async {
        let clock = ManualClock()
        let paged = RetryingPagesDataSource([
            .success(Page(["a"], next: 1)), .failure(TestError(1)), .success(Page(["b"], next: nil)),
        ])
        let other = ItemsDataSource()
        let tabs = SegmentedDataSource(children: [paged, other])
        let listener = RetryListener(ContentWrapper(drawingInto: ScreenModel(), policy: .immediate, clock: clock))
        tabs.delegate = listener
        tabs.loadContent()
        await eventually { paged.contentState == .content }
        paged.loadMore()
        await eventually { clock.sleeperCount == 1 }
        #expect(listener.dataSourceHeard.map(\.lane) == [.page], "the screen's delegate hears of the tab's page retry")
        #expect(listener.wrapper.retryAttempt?.lane == .page)
        guard case .loadingMore = listener.wrapper.footer.state else {
            Issue.record("the footer keeps loading more while the page retries, got \(listener.wrapper.footer)")
            return
        }
        #expect(
            listener.announcements.contains { if case .retrying = $0.kind { true } else { false } },
            "a retry of a page whose indicator shows is announced")

        #expect(tabs.select(1))
        #expect(listener.wrapper.retryAttempt == nil, "the other tab retries nothing")
        guard case .idle = listener.wrapper.footer.state else {
            Issue.record("the other tab has no footer, got \(listener.wrapper.footer)")
            return
        }
        clock.advance(by: .seconds(1))
        #expect(await paged.pageTasks[0].value)
        #expect(paged.rows == ["a", "b"])
        #expect(tabs.select(0))
        guard case .endReached = listener.wrapper.footer.state else {
            Issue.record("the retried page ended the list, got \(listener.wrapper.footer)")
            return
        }
        other.complete(other.tokens[0], with: [])
    }

    @Test func aComposedScreensPagedSectionPagesOnItsOwn() {
        let feed = RowsDataSource()
        let header = ItemsDataSource()
        let screen = ComposedDataSource(children: [header, feed])
        let fixture = CompositionFixture(screen, policy: .standard, clock: ManualClock())
        screen.loadContent()
        header.complete(header.tokens[0], with: ["profile"])
        feed.completeFirstPage(feed.firstPageTokens[0])
        #expect(fixture.shown == .content)
        let appendState = ObservationCounter { _ = feed.appendState }
        let screenState = ObservationCounter { _ = screen.contentState }
        _ = fixture.log.drain()

        #expect(feed.loadMore().isStarted)
        #expect(feed.finishPage(feed.lastPage, error: TestError(1)))
        #expect(appendState.drain() == 2, "the section's lane, loading more then failed")
        guard case .failed(let error) = feed.appendState else {
            Issue.record("expected the section's failed page, got \(feed.appendState)")
            return
        }
        #expect(error as? TestError == TestError(1))
        #expect(screenState.drain() == 0, "a page moves no section's state")
        #expect(fixture.log.drain().isEmpty, "the screen's wrapper draws no section's footer")
        guard case .idle = fixture.wrapper.footer.state else {
            Issue.record("expected no footer on the composed screen, got \(fixture.wrapper.footer)")
            return
        }

        #expect(feed.loadMore().isStarted, "the section's own Retry requests its page again")
        feed.completePage(feed.lastPage, next: nil)
        #expect(feed.rows.count == 6)
        #expect(appendState.drain() == 2)
        #expect(fixture.log.drain().isEmpty)
    }
}
