import ContentLoading
import Foundation

/// The feed command's network: pages of articles after a latency, and the articles starred on
/// the server, or a failure while offline. The stars are the server's state, kept in a file of
/// their own beside the database (the app's database is not the server).
struct FeedServer: Sendable {
    /// How many articles a page holds.
    static let pageSize = 4
    /// How many pages the server holds.
    static let pageCount = 5

    let isOffline: Bool
    let latency: Duration
    /// The file the server keeps the starred articles' numbers in, one a line.
    let starsFile: String

    /// The page at `cursor` (`nil`: the first), and the cursor of the page after it.
    func page(at cursor: Int?) async throws -> Page<[Article], Int> {
        try await Task.sleep(for: latency)
        if isOffline { throw DemoServer.Failure.offline }
        let number = cursor ?? 0
        let first = number * Self.pageSize + 1
        let articles = (first..<first + Self.pageSize).map { Article(id: $0, title: "Article \($0)") }
        return Page(articles, next: number + 1 < Self.pageCount ? number + 1 : nil)
    }

    /// The articles starred on the server, by number.
    func stars() async throws -> [Int] {
        try await Task.sleep(for: latency)
        if isOffline { throw DemoServer.Failure.offline }
        return storedStars()
    }

    /// Stars article `id` on the server; returns `nil`: the stars as changed are the new value.
    func star(_ id: Int) async throws -> [Int]? {
        try await Task.sleep(for: latency)
        if isOffline { throw DemoServer.Failure.offline }
        var stars = storedStars()
        if !stars.contains(id) { stars.append(id) }
        try stars.map(String.init).joined(separator: "\n").write(toFile: starsFile, atomically: true, encoding: .utf8)
        return nil
    }

    private func storedStars() -> [Int] {
        guard let text = try? String(contentsOfFile: starsFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { Int($0) }
    }
}
