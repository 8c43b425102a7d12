import ContentLoading
import ContentLoadingTestSupport
import Foundation
import Testing

/// The profile the Sharing Content article's store keeps.
struct Profile: Sendable, Equatable {
    let name: String
}

/// The API the article's store fetches from; it counts its requests.
actor ProfileAPI {
    private(set) var requests = 0

    func profile(_ id: Int) throws -> Profile {
        requests += 1
        return Profile(name: "user \(id)")
    }
}

// Sharing article example begin
/// The app's profiles: fresh for a minute, kept five minutes once no screen shows them.
@MainActor
func makeProfileStore(api: ProfileAPI) -> ContentStore<Int, Profile> {
    ContentStore(staleAfter: .after(.seconds(60)), retention: .seconds(300), countLimit: 500) { id in
        try await api.profile(id)
    }
}
// Sharing article example end

@MainActor
@Suite("Sharing Content article example", .timeLimit(.minutes(1)), .hangLimit)
struct SharingContentArticleTests {
    // Sharing article test begin
    @Test func aSecondScreenOfAProfileDrawsItAtOnce() async {
        let api = ProfileAPI()
        let profiles = makeProfileStore(api: api)
        let first = StoreDataSource(store: profiles, key: 1)
        #expect(await first.reload(ownedBy: .caller) == .committed(hasContent: true))
        let second = StoreDataSource(store: profiles, key: 1)
        #expect(second.contentState == .content)  // its first frame: the stored profile, no spinner
        #expect(await second.reload(ownedBy: .caller) == .committed(hasContent: true))
        #expect(await api.requests == 1)  // fresh for a minute: no second request
    }
    // Sharing article test end

    @Test func theArticleShowsThisCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/ContentLoading/ContentLoading.docc/SharingContent.md"),
            encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let example = try copy(
            in: source, between: "// Sharing article example begin\n", and: "// Sharing article example end")
        #expect(article.contains(example), "SharingContent.md's store differs from this test's copy")
        // The test is shown at the top level, one indent out from this suite.
        let test = try copy(
            in: source, between: "    // Sharing article test begin\n", and: "    // Sharing article test end"
        )
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.hasPrefix("    ") ? $0.dropFirst(4) : $0 }
        .joined(separator: "\n")
        #expect(article.contains(test), "SharingContent.md's test differs from this test's copy")
    }

    /// The text of `source` between the two markers.
    func copy(in source: String, between begin: String, and end: String) throws -> String {
        let begin = try #require(source.range(of: begin)).upperBound
        let end = try #require(source.range(of: end, range: begin..<source.endIndex)).lowerBound
        return String(source[begin..<end])
    }
}
