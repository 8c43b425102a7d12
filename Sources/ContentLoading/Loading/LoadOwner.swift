/// Who a load awaited with ``DataSource/reload(ownedBy:)`` (or a page awaited with
/// ``PagedDataSource/loadMore(ownedBy:)``) belongs to: what cancelling the awaiting task does
/// to it.
///
/// ```swift
/// List(dataSource.colors, id: \.self) { Text($0) }
///     .task { await dataSource.reload(ownedBy: .caller) }           // leaving cancels the load
///     .refreshable { await dataSource.reload(ownedBy: .dataSource) } // the load always lands
/// ```
public enum LoadOwner: Sendable, Hashable {
    /// The data source owns the load: cancelling the caller ends the wait at once
    /// (``LoadOutcome/stillRunning``), and the load runs on and lands. What `.refreshable`
    /// needs, since SwiftUI cancels its task when the view re-renders.
    case dataSource
    /// The caller owns the load: cancelling the caller's task cancels the load and returns the
    /// state to where it began (``LoadOutcome/cancelled``); a task already cancelled begins
    /// none. What `.task { }` wants: leaving the screen stops the work.
    case caller
}
