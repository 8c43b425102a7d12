import ContentLoading
import ContentLoadingTestSupport
import Testing

/// `resetContent()` puts a composed or segmented screen back to never loaded.
/// Every child's load in flight is cancelled, the screen shows the initial state, and the next
/// load is a first load, whatever rows the children's models still hold.
@MainActor
@Suite(.timeLimit(.minutes(1)), .hangLimit)
struct ContainerResetTests {
    let warm = ItemsDataSource()
    let cool = ItemsDataSource()

    /// A composed screen over `warm` and `cool`, both loaded with content.
    private func loadedScreen(reveal: RevealPolicy = .allTogether) -> (ComposedDataSource, CompositionFixture) {
        let screen = ComposedDataSource(children: [warm, cool], reveal: reveal)
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        warm.complete(warm.tokens[0], with: ["red"])
        cool.complete(cool.tokens[0], with: ["blue"])
        return (screen, fixture)
    }

    // MARK: - Composed

    @Test func aResetComposedScreenShowsTheInitialStateAndLoadsAfreshNext() {
        let (screen, fixture) = loadedScreen()
        _ = fixture.log.drain()
        screen.resetContent()
        #expect(screen.contentState == .initial)
        #expect(!screen.hasContent)
        #expect(fixture.shown == .initial)
        #expect(warm.items == ["red"], "the sections' models are the app's")
        screen.loadContent()
        #expect(fixture.shown == .loading, "a first load, not a refresh over content no longer shown")
        warm.complete(warm.tokens[1], with: ["red 2"])
        #expect(fixture.shown == .loading, "under allTogether the sections appear together again")
        cool.complete(cool.tokens[1], with: ["blue 2"])
        #expect(fixture.shown == .content)
        #expect(fixture.finished == ["ok", "ok"])
    }

    @Test func aResetDuringTheScreensLoadCancelsItAndReportsNoFinish() {
        let screen = ComposedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        screen.resetContent()
        #expect(!warm.tokens[0].isValid && !cool.tokens[0].isValid)
        #expect(fixture.shown == .initial)
        #expect(fixture.finished.isEmpty, "a cancelled load is not reported finished")
        #expect(!warm.complete(warm.tokens[0], with: ["late"]))
        #expect(warm.items.isEmpty)
    }

    @Test func aResetSectionsCancelledLoadGoesBackToTheInitialScreen() {
        let (screen, fixture) = loadedScreen(reveal: .asTheyArrive)
        screen.resetContent()
        warm.loadContent()
        #expect(fixture.shown == .loading)
        warm.loadingCoordinator.cancel()
        #expect(warm.contentState == .content, "the section itself returns to its content")
        #expect(fixture.shown == .initial, "the screen returns to where the load began")
    }

    @Test func aResetForgetsTheFailuresItShowed() {
        let screen = ComposedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        warm.complete(warm.tokens[0], with: ["red"])
        cool.loadingCoordinator.finish(cool.tokens[0], error: TestError(1))
        #expect(fixture.refreshFailures == [TestError(1)])
        screen.resetContent()
        // The failed section, never loaded since, counts as never loaded: no failure.
        warm.loadContent()
        warm.complete(warm.tokens[1], with: ["red 2"])
        #expect(fixture.shown == .content)
        #expect(fixture.refreshFailures == [TestError(1)], "the old failure is not reported again")
        #expect(screen.contentState == .content)
    }

    @Test func aResetCancelsAPagedSectionsPageAndResetsANestedContainer() {
        let paged = RowsDataSource()
        let inner = ComposedDataSource(children: [cool])
        let screen = ComposedDataSource(children: [paged, inner])
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        paged.completeFirstPage(paged.firstPageTokens[0])
        cool.complete(cool.tokens[0], with: ["blue"])
        guard case .started(let page) = paged.loadMore() else {
            Issue.record("no page began")
            return
        }
        cool.loadContent()
        screen.resetContent()
        #expect(!page.isValid, "the page in flight was cancelled")
        #expect(paged.appendState == .idle)
        #expect(!cool.tokens[1].isValid, "the nested container's section was cancelled")
        #expect(inner.contentState == .initial, "the nested container was reset in turn")
        #expect(fixture.shown == .initial)
    }

    @Test func anAwaitedReloadOfAResetScreenAnswersCancelled() async {
        let gated = GatedDataSource()
        let screen = ComposedDataSource(children: [gated, warm])
        let reload = Task { await screen.reload(ownedBy: .dataSource) }
        await eventually { gated.gates.count == 1 }
        screen.resetContent()
        #expect(await reload.boundedValue() == .cancelled)
        #expect(screen.contentState == .initial)
    }

    @Test func aResetFromAResetsOwnCallbackIsThatReset() {
        let screen = ComposedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        // The section's cancel asks its model, which resets the screen again.
        let child = ReentrantReset()
        child.screen = screen
        #expect(screen.insert(child, at: 0))
        child.loadContent()
        screen.resetContent()
        #expect(fixture.shown == .initial)
        #expect(child.resetsSeen == 1)
    }

    @Test func aResetDrawsOnceWhenACallbackOfItsCancelsRemovesASection() {
        // Two sections failed; a third, on its first load, holds the screen loading. Its
        // cancel asks its model, which removes it: the screen must not draw the error screen
        // of the two failed sections on its way to the initial screen.
        let screen = ComposedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(screen)
        screen.loadContent()
        warm.loadingCoordinator.finish(warm.tokens[0], error: TestError(1))
        cool.loadingCoordinator.finish(cool.tokens[0], error: TestError(2))
        let late = ItemsDataSource()
        late.loadContent()
        screen.add(late)
        #expect(fixture.shown == .loading)
        _ = fixture.log.drain()
        late.onHasContent = { #expect(screen.remove(late)) }
        screen.resetContent()
        #expect(screen.children.count == 2)
        let frames = fixture.log.drain().filter { $0.contains(".show(") }
        #expect(frames == ["empty.show(initial)"], "the initial screen, drawn once")
        #expect(fixture.shown == .initial)
    }

    // MARK: - Segmented

    @Test func aResetSegmentedScreenShowsTheInitialStateAndReloadsTheSelectedSegmentAfresh() {
        let tabs = SegmentedDataSource(children: [warm, cool])
        let fixture = CompositionFixture(tabs)
        tabs.loadContent()
        warm.complete(warm.tokens[0], with: ["red"])
        tabs.select(1)
        cool.complete(cool.tokens[0], with: ["blue"])
        tabs.resetContent()
        #expect(tabs.selectedIndex == 1, "the selection stays")
        #expect(tabs.contentState == .initial)
        #expect(!tabs.hasContent)
        #expect(fixture.shown == .initial)
        tabs.loadContent()
        #expect(fixture.shown == .loading, "a first load, not a refresh")
        #expect(tabs.select(0))
        #expect(warm.tokens.count == 2, "selecting a segment after a reset loads it again")
        #expect(tabs.select(1))
        #expect(cool.tokens.count == 2, "a segment loading since the reset is not loaded twice")
        cool.complete(cool.tokens[1], with: ["blue 2"])
        #expect(fixture.shown == .content)
    }

    @Test func aResetDuringTheSelectedSegmentsLoadCancelsItAndReportsNoFinish() async {
        let gated = GatedDataSource()
        let tabs = SegmentedDataSource(children: [gated, warm])
        let fixture = CompositionFixture(tabs)
        let reload = Task { await tabs.reload(ownedBy: .dataSource) }
        await eventually { gated.gates.count == 1 }
        tabs.resetContent()
        #expect(await reload.boundedValue() == .cancelled)
        #expect(fixture.shown == .initial)
        #expect(fixture.finished.isEmpty)
    }

    @Test func aResetPagedSegmentShowsNoFooterUntilItLoadsAgain() {
        let screen = PagedTabsScreen()
        screen.loadFirstPage(of: screen.open, next: nil)
        #expect(screen.footer == "endReached")
        screen.tabs.resetContent()
        screen.advance(1000)
        #expect(screen.footer == "hidden")
        #expect(screen.model.screen.state == .initial)
        screen.tabs.loadContent()
        screen.open.completeFirstPage(screen.open.firstPageTokens[1], next: nil)
        screen.advance(1000)
        #expect(screen.model.screen.state == .content)
        #expect(screen.footer == "endReached")
    }
}

/// A section whose cancellation resets the composed screen it is in, from inside that screen's
/// reset.
@MainActor
final class ReentrantReset: DataSource {
    weak var screen: ComposedDataSource?
    private(set) var resetsSeen = 0
    private var loading = false

    override var hasContent: Bool {
        // Asked when its load is cancelled: the reset under way is asked to reset again.
        if loading {
            resetsSeen += 1
            loading = false
            screen?.resetContent()
        }
        return false
    }

    override func loadContent() {
        loadingCoordinator.loadContent { _ in }
        loading = true
    }
}
