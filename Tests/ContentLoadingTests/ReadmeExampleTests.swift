import ContentLoading
import ContentLoadingTestSupport
import Foundation
import Testing

// README example begin
/// Loads colour names; the model is written only when its load still counts.
@MainActor
final class ColorsDataSource: DataSource {
    private(set) var colors: [String] = []
    let fetch: @Sendable () async throws -> [String]

    init(fetch: @escaping @Sendable () async throws -> [String]) {
        self.fetch = fetch
    }

    override var hasContent: Bool { !colors.isEmpty }

    override func loadContent() {
        load { [fetch] _ in
            try await fetch()
        } commit: { dataSource, colors in
            dataSource.colors = colors
        }
    }
}

/// Connects the data source to a wrapper and customises the error placeholder.
@MainActor
final class ColorsScreen: DataSourceDelegate, ContentWrapperDelegate {
    let dataSource: ColorsDataSource
    let wrapper: ContentWrapper

    init(
        dataSource: ColorsDataSource, list: any ContentRenderer, spinner: any ContentRenderer,
        placeholder: any ContentRenderer
    ) {
        self.dataSource = dataSource
        // Blank until the first load's answer, or its spinner after the 500 ms loading delay.
        wrapper = ContentWrapper(content: list, loading: spinner, empty: placeholder, error: placeholder)
        wrapper.delegate = self
        dataSource.delegate = self
    }

    /// Loads as the screen appears; leaving it (cancelling the caller) cancels the load.
    func appear() async -> LoadOutcome {
        await dataSource.reload(ownedBy: .caller)
    }

    /// Pull to refresh: the load is the data source's and lands even if the caller is cancelled.
    func refresh() async -> LoadOutcome {
        await dataSource.reload(ownedBy: .dataSource)
    }

    func contentWrapper(for dataSource: DataSource) -> ContentWrapper { wrapper }

    func contentWrapper(
        _ wrapper: ContentWrapper, placeholderFor error: any Error, proposed: Placeholder
    ) -> Placeholder {
        Placeholder(
            title: "Couldn't load colours", message: "\(error)",
            action: .init(title: "Retry") { [weak self] in self?.dataSource.loadContent() })
    }
}
// README example end

/// Answers a fetch with each of its results in turn.
actor ScriptedFetch {
    private var results: [Result<[String], any Error>]
    init(_ results: [Result<[String], any Error>]) { self.results = results }
    func next() throws -> [String] { try results.removeFirst().get() }
}

@MainActor
@Suite("README example", .timeLimit(.minutes(1)), .hangLimit)
struct ReadmeExampleTests {
    @Test func exampleLoadsShowsErrorsAndRetries() async throws {
        let log = RenderLog()
        let placeholder = RecordingRenderer("placeholder", log: log)
        let fetch = ScriptedFetch([.failure(TestError(1)), .success(["red", "green"])])
        let dataSource = ColorsDataSource { try await fetch.next() }
        let list = RecordingRenderer("list", log: log)
        let screen = ColorsScreen(
            dataSource: dataSource, list: list, spinner: RecordingRenderer("spinner", log: log),
            placeholder: placeholder)

        let failure = try await nextScreen(of: placeholder) { dataSource.loadContent() }
        #expect(dataSource.contentState == .error)
        guard case .error(_, let shown) = failure, let retry = shown.action else {
            Issue.record("expected an error placeholder with an action, got \(failure)")
            return
        }
        #expect(shown.title == "Couldn't load colours")
        #expect(retry.title == "Retry")

        let content = try await nextScreen(of: list) { retry.perform() }
        #expect(content.state == .content)
        #expect(dataSource.colors == ["red", "green"])
        #expect(screen.wrapper.displayedState == .content)
    }

    /// Runs `action`, then waits for `renderer` to show its next screen (on a gate, so the wait
    /// is bounded: see `WaitLimit`).
    func nextScreen(of renderer: RecordingRenderer, after action: () -> Void) async throws -> Screen {
        let shown = AsyncGate<Screen>()
        renderer.onShow = { [unowned renderer] screen in
            renderer.onShow = nil
            shown.open(returning: screen)
        }
        action()
        return try await shown.wait()
    }

    @Test func readmeShowsThisCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let begin = source.range(of: "// README example begin\n")!.upperBound
        let end = source.range(of: "// README example end")!.lowerBound
        #expect(readme.contains(String(source[begin..<end])), "README.md's usage example differs from this test's copy")
    }
}
