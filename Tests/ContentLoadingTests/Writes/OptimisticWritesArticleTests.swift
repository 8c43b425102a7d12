import ContentLoading
import ContentLoadingTestSupport
import Foundation
import Testing

/// The colours the Optimistic Writes article's store keeps.
struct Colours: Sendable, Equatable {
    var names: [String]
    var starred: Set<String> = []
}

/// The server the article's writes go to: it keeps the colours and stars them.
actor ColourAPI {
    private var server = Colours(names: ["teal", "plum"])

    func colours() throws -> Colours { server }

    func star(_ colour: String) throws -> Colours? {
        server.starred.insert(colour)
        return server
    }
}

// Optimistic writes article example begin
/// Stars a colour: every screen of the colours shows the star at once; the server decides.
@MainActor
@discardableResult
func star(_ colour: String, in store: ContentStore<String, Colours>, api: ColourAPI) -> StoreWrite<Colours> {
    store.perform("Star \(colour)", on: "colours") { colours in
        colours.starred.insert(colour)
    } request: {
        try await api.star(colour)  // the server's colours, or nil to keep the change as it is
    }
}
// Optimistic writes article example end

@MainActor
@Suite("Optimistic Writes article example", .timeLimit(.minutes(1)), .hangLimit)
struct OptimisticWritesArticleTests {
    // Optimistic writes article test begin
    @Test func aStarShowsAtOnceAndTheServersAnswerIsCommitted() async {
        let api = ColourAPI()
        let store = ContentStore<String, Colours> { _ in try await api.colours() }
        store.write(Colours(names: ["teal", "plum"]), for: "colours")
        let screen = StoreDataSource(store: store, key: "colours")
        let write = star("teal", in: store, api: api)
        #expect(screen.value?.starred == ["teal"])  // drawn at once, before any answer
        #expect(screen.contentState == .content)  // no spinner
        #expect(await write.settled() == .committed(Colours(names: ["teal", "plum"], starred: ["teal"])))
    }
    // Optimistic writes article test end

    @Test func theArticleShowsThisCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/ContentLoading/ContentLoading.docc/OptimisticWrites.md"),
            encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let example = try copy(
            in: source, between: "// Optimistic writes article example begin\n",
            and: "// Optimistic writes article example end")
        #expect(article.contains(example), "OptimisticWrites.md's example differs from this test's copy")
        // The test is shown at the top level, one indent out from this suite.
        let test = try copy(
            in: source, between: "    // Optimistic writes article test begin\n",
            and: "    // Optimistic writes article test end"
        )
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.hasPrefix("    ") ? $0.dropFirst(4) : $0 }
        .joined(separator: "\n")
        #expect(article.contains(test), "OptimisticWrites.md's test differs from this test's copy")
    }

    /// The text of `source` between the two markers.
    func copy(in source: String, between begin: String, and end: String) throws -> String {
        let begin = try #require(source.range(of: begin)).upperBound
        let end = try #require(source.range(of: end, range: begin..<source.endIndex)).lowerBound
        return String(source[begin..<end])
    }
}
