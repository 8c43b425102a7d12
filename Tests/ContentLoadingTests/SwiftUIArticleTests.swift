import ContentLoading
import ContentLoadingTestSupport
import Observation
import Testing

// The model code of the "Loading Content in SwiftUI" article, run here (the view itself needs
// SwiftUI, which this platform lacks). Keep the two in step.

@MainActor
@Observable
final class PaletteDataSource: DataSource {
    private(set) var colors: [String] = []
    let fetch: @Sendable () async throws -> [String]

    init(fetch: @escaping @Sendable () async throws -> [String]) {
        self.fetch = fetch
    }

    override var hasContent: Bool { !colors.isEmpty }

    override func loadContent() {
        load { [fetch] _ in
            try await fetch()  // off the main actor
        } commit: { dataSource, colors in
            dataSource.colors = colors  // on it, only if this load still counts
        }
    }
}

typealias PaletteScreen = ContentScreen<PaletteDataSource>

extension PaletteScreen {
    /// The palette's screen: placeholders with images (the article's also posts announcements,
    /// through SwiftUI, which this platform lacks).
    convenience init(dataSource: PaletteDataSource) {
        self.init(
            dataSource: dataSource,
            // The article's wrapper, under its default policy, on a clock the test owns: its time
            // stands still, so the loading delay never runs out and a load that lands shows its
            // screen at once, however slow the machine (a real clock let a sanitizer's slowness
            // show the loading screen, which then stayed its minimum time).
            policy: .standard, clock: ManualClock(),
            emptyPlaceholder: { _ in
                Placeholder(title: "No colours", message: "The palette came back empty.", imageName: "paintpalette")
            },
            errorPlaceholder: { error, proposed in
                Placeholder(
                    title: "Couldn't load colours", message: "\(error)", imageName: "exclamationmark.triangle",
                    action: proposed.action)
            })
    }
}

@MainActor
@Suite("SwiftUI article", .timeLimit(.minutes(1)), .hangLimit)
struct SwiftUIArticleTests {
    /// What the view's `.task` does, then a failed `.refreshable`, then the Retry button of an
    /// error screen: the model the view switches over says each time what to show.
    @Test func theModelTellsTheViewWhatToShow() async {
        let fetch = ScriptedFetch([.success(["red"]), .failure(TestError(1)), .success(["blue"])])
        let screen = PaletteScreen(dataSource: PaletteDataSource { try await fetch.next() })
        guard case .blank = screen.model.screen else {
            Issue.record("the first frame is blank, got \(screen.model.screen)")
            return
        }
        let appearing = Task { await screen.dataSource.reload(ownedBy: .caller) }
        guard case .committed(hasContent: true)? = await appearing.boundedValue() else {
            Issue.record("the task's load should land")
            return
        }
        guard case .content(isRefreshing: false) = screen.model.screen else {
            Issue.record("expected the list, got \(screen.model.screen)")
            return
        }
        #expect(screen.dataSource.colors == ["red"])

        _ = await Task { await screen.dataSource.reload(ownedBy: .dataSource) }.boundedValue()
        #expect(screen.model.refreshFailure as? TestError == TestError(1), "the list stays, with a notice")
        guard case .content = screen.model.screen else {
            Issue.record("a failed refresh keeps the list")
            return
        }

        _ = await Task { await screen.dataSource.reload(ownedBy: .dataSource) }.boundedValue()
        #expect(screen.dataSource.colors == ["blue"])
        #expect(screen.model.refreshFailure == nil, "a later success clears the notice")
    }

    /// The view hears of new colours from the data source itself, which is `@Observable`.
    @Test func theViewHearsOfNewColoursFromTheDataSource() async {
        let fetch = ScriptedFetch([.success(["red"]), .success(["red", "blue"])])
        let screen = PaletteScreen(dataSource: PaletteDataSource { try await fetch.next() })
        let colors = ObservationCounter { _ = screen.dataSource.colors }
        _ = await Task { await screen.dataSource.reload(ownedBy: .caller) }.boundedValue()
        #expect(colors.drain() == 1)
        _ = await Task { await screen.dataSource.reload(ownedBy: .dataSource) }.boundedValue()
        #expect(colors.drain() == 1)
        #expect(screen.dataSource.colors == ["red", "blue"])
    }

    /// The error placeholder carries the Retry button the view shows.
    @Test func anErrorScreenOffersRetry() async {
        let fetch = ScriptedFetch([.failure(TestError(2)), .success(["green"])])
        let screen = PaletteScreen(dataSource: PaletteDataSource { try await fetch.next() })
        _ = await Task { await screen.dataSource.reload(ownedBy: .caller) }.boundedValue()
        guard case .error(_, let placeholder) = screen.model.screen, let retry = placeholder.action else {
            Issue.record("expected an error screen with Retry, got \(screen.model.screen)")
            return
        }
        #expect(retry.title == "Retry")
        retry.perform()
        await eventually { !screen.dataSource.loadingCoordinator.isLoading }
        #expect(screen.dataSource.colors == ["green"])
    }
}
