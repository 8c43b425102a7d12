@testable import ContentLoading

/// The framework's transition table, reached through `@testable import` in one place.
enum ContentStateTable {
    /// Whether the table allows `from` → `to`.
    static func isLegal(from: ContentState, to: ContentState) -> Bool {
        LoadingStateMachine.isLegal(from: from, to: to)
    }
}
