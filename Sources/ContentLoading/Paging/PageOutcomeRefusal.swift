extension PageOutcome {
    /// Why ``PagedDataSource/loadMore(ownedBy:)`` requested no page: the answers of
    /// ``PagedDataSource/loadMore()`` that fetch nothing and have no page to wait for.
    public enum Refusal: Sendable, Hashable, CustomStringConvertible {
        /// The last page had no next cursor: the list is complete until a refresh.
        case endReached
        /// A first load or refresh is in flight: it replaces the list, so a page of the old one
        /// would be stale. Ask again once it lands.
        case refreshInFlight
        /// No content is on screen (no first page committed, or the state is not
        /// ``ContentState/content``): there is nothing to extend.
        case noContent

        /// The reason's name, for logs.
        public var description: String {
            switch self {
            case .endReached: "endReached"
            case .refreshInFlight: "refreshInFlight"
            case .noContent: "noContent"
            }
        }
    }
}
