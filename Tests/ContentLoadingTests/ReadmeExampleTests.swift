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

/// The colours screen: the data source, its wrapper and model, placeholders with Retry.
typealias ColorsScreen = ContentScreen<ColorsDataSource>

extension ColorsScreen {
    /// Draws through the app's views: a list, a spinner, one placeholder view for empty and error.
    convenience init(
        dataSource: ColorsDataSource, list: any ContentRenderer, spinner: any ContentRenderer,
        placeholder: any ContentRenderer
    ) {
        // Blank until the first load's answer, or its spinner after the 500 ms loading delay.
        self.init(
            dataSource: dataSource, content: list, loading: spinner, empty: placeholder, error: placeholder,
            errorPlaceholder: { error, proposed in
                Placeholder(title: "Couldn't load colours", message: "\(error)", action: proposed.action)
            })
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
