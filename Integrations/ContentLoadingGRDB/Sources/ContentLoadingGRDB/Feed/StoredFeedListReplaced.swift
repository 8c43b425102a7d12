/// The error a ``StoredFeedDataSource``'s page fails with when the stored list was replaced by
/// a refresh (from another screen of the list) since its rows were read: nothing of the page
/// is written or shown, and the next `loadContent()` shows the stored list anew.
public struct StoredFeedListReplaced: Error, Equatable, CustomStringConvertible {
    /// The error.
    public init() {}

    /// What the footer says.
    public var description: String { "The list was refreshed elsewhere; refresh to see it." }
}
