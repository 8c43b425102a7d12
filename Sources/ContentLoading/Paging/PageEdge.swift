/// An end of a paged list: the page a capped ``PagedDataSource`` asks its model to drop.
public enum PageEdge: Sendable, Hashable {
    /// The oldest page: the list grew past its cap at the end after the rows.
    case first
    /// The newest page: a page dropped earlier was refetched before the rows.
    case last
}
