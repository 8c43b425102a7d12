import ContentLoadingTestSupport
import Testing

/// `demo store list-star` and `list-star-fails`: two lists of one store's shared colours show
/// colour 2; a star on it is one optimistic write, drawn on both lists in the tap's turn as an
/// item-level change of that row, and rolled back on both when the server refuses it.
@Suite(.timeLimit(.minutes(3)), .hangLimit) struct StoreListCommandTests {
    static let fast = StoreCommandTests.fast

    /// The changes list `name` drew (`~2 → [2, 4]`), without its requests and answers.
    static func changes(_ result: DemoResult, of name: String) -> [String] {
        result.lines(startingWith: "list \(name): ").map { String($0.dropFirst("list \(name): ".count)) }
            .filter { $0.contains("→") }
    }

    @Test func aStarRedrawsItsRowOnBothListsInTheTapsTurn() async throws {
        let result = try await DemoRunner.run(["store", "list-star", "--immediate"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(
            Self.changes(result, of: "all") == ["+1 +2 +3 +4 +5 → [1, 2, 3, 4, 5]", "~2 → [1, 2, 3, 4, 5]"], "\(result)"
        )
        #expect(Self.changes(result, of: "favourites") == ["+2 +4 → [2, 4]", "~2 → [2, 4]"], "\(result)")
        let tap = try #require(result.lines.firstIndex(of: "tap: star colour 2"), "\(result)")
        // Both lists draw the starred row before the server answers; its answer, equal to what is
        // drawn, draws nothing.
        let next = Array(result.lines[(tap + 1)...])
        let lands = try #require(next.firstIndex(of: "server: write #1 lands"), "\(result)")
        #expect(next[..<lands].filter { $0.hasSuffix("★") }.count == 2, "\(result)")
        #expect(!next[lands...].contains { $0.hasPrefix("list ") }, "\(result)")
        #expect(result.lines.last { !$0.isEmpty } == "done: 2 screens, 2 requests", "\(result)")
    }

    @Test func aRefusedStarIsRolledBackOnBothListsAndAnnounced() async throws {
        let result = try await DemoRunner.run(["store", "list-star-fails", "--immediate"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        let refused = try #require(result.lines.firstIndex(of: "server: write #1 refused"), "\(result)")
        let after = Array(result.lines[(refused + 1)...])
        for name in ["all", "favourites"] {
            #expect(Self.changes(result, of: name).suffix(2).allSatisfy { $0.hasPrefix("~2 ") }, "\(result)")
            #expect(after.contains("list \(name): announces \"Couldn't star colour 2\""), "\(result)")
        }
        #expect(after.filter { $0.hasPrefix("  2 ") }.count == 2, "\(result)")
        #expect(!after.contains { $0.hasSuffix("★") }, "the truth on both lists: \(result)")
    }

    @Test func aRefreshUnderAPendingMoveEndsOnTheServersOrder() async throws {
        let result = try await DemoRunner.run(["store", "list-move", "--immediate"] + Self.fast)
        #expect(result.status == 0, "\(result)")
        #expect(
            Self.changes(result, of: "all") == [
                "+1 +2 +3 +4 +5 → [1, 2, 3, 4, 5]",
                ">5 → [5, 1, 2, 3, 4]",  // the move, at once
                ">3 → [5, 3, 1, 2, 4]",  // the server's new order, under the pending move
            ], "\(result)")
        let lands = try #require(
            result.lines.firstIndex(of: "server: the move of colour 5 lands: [5, 3, 1, 2, 4]"), "\(result)")
        // After the move lands the list reloads, and the server's order is what it shows.
        #expect(result.lines[lands...].contains("list all: answered: response #4"), "\(result)")
        #expect(result.lines.last { !$0.isEmpty } == "done: 2 screens, 4 requests", "\(result)")
    }
}
