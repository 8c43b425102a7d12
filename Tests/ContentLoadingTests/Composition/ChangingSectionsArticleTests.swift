import ContentLoading
import ContentLoadingTestSupport
import Foundation
import Testing

/// The Composing Data Sources article's examples of changing sections and segments and of
/// resetting a screen, compiled and run here; the test fails when the article's copy differs.
@MainActor
@Suite("Composing article: changing and resetting", .timeLimit(.minutes(1)), .hangLimit)
struct ChangingSectionsArticleTests {
    let header = ItemsDataSource()
    let feed = ItemsDataSource()
    let suggestions = ItemsDataSource()

    @Test func reListingSections() {
        let screen = ComposedDataSource(children: [header, feed, suggestions])
        screen.loadContent()
        // Composing article: sections begin
        // The user hid the suggestions and put the feed above the header.
        screen.setChildren([feed, header])  // suggestions leaves: its load is cancelled
        screen.move(header, to: 0)  // back on top: its load and state are untouched
        screen.insert(suggestions, at: 2)  // joins as it is
        // Composing article: sections end
        #expect(screen.children.map(ObjectIdentifier.init) == [header, feed, suggestions].map(ObjectIdentifier.init))
        #expect(header.tokens[0].isValid && feed.tokens[0].isValid)
        #expect(!suggestions.tokens[0].isValid)
        #expect(screen.contentState == .loading)
    }

    @Test func changingSegments() {
        let popular = ItemsDataSource()
        let recent = ItemsDataSource()
        let saved = ItemsDataSource()
        let tabs = SegmentedDataSource(children: [popular, recent])
        tabs.loadContent()
        // Composing article: segments begin
        tabs.insert(saved, at: 2)  // a third tab; the selected one stays selected
        tabs.remove(at: 0)  // the first tab goes; if it was selected, its neighbour is now
        // Composing article: segments end
        #expect(tabs.selected === recent)
        #expect(!popular.tokens[0].isValid)
        #expect(recent.tokens.count == 1)
    }

    @Test func resettingAScreen() {
        let session = Session(screen: ComposedDataSource(children: [header, feed]))
        session.screen.loadContent()
        header.complete(header.tokens[0], with: ["me"])
        feed.complete(feed.tokens[0], with: ["post"])
        #expect(session.screen.contentState == .content)
        session.userDidSignOut()
        #expect(session.screen.contentState == .initial)
        session.userDidSignIn()
        #expect(session.screen.contentState == .loading)
    }

    @Test func theArticleHasTheseExamples() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let article = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Sources/ContentLoading/ContentLoading.docc/ComposingDataSources.md"),
            encoding: .utf8)
        for name in ["sections", "segments", "reset"] {
            let example = try #require(Self.example(named: name, in: source), "no \(name) example here")
            #expect(
                article.contains(example), "ComposingDataSources.md's \(name) example differs from this test's copy")
        }
    }

    /// The lines between `// Composing article: <name> begin` and `end` in `source`, with their
    /// common indentation removed, as the article prints them.
    static func example(named name: String, in source: String) -> String? {
        guard let begin = source.range(of: "// Composing article: \(name) begin\n"),
            let end = source.range(of: "// Composing article: \(name) end", range: begin.upperBound..<source.endIndex)
        else { return nil }
        var lines = source[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()  // the end marker's indentation
        let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.isEmpty ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n") + "\n"
    }
}

/// Signing out and in, as the article's reset example does it.
@MainActor
final class Session {
    let screen: ComposedDataSource

    init(screen: ComposedDataSource) {
        self.screen = screen
    }

    // Composing article: reset begin
    func userDidSignOut() {
        screen.resetContent()  // the initial screen; every section's load cancelled
    }

    func userDidSignIn() {
        screen.loadContent()  // a first load again: the loading screen, then the sections together
    }
    // Composing article: reset end
}
