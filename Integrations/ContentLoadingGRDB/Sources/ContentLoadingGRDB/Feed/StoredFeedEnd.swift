/// What follows a ``StoredFeed``'s stored pages.
public enum StoredFeedEnd<Cursor: Sendable>: Sendable {
    /// No page was ever stored: the list waits for its first refresh.
    case neverFetched
    /// The network's page at this cursor follows the stored pages.
    case more(Cursor)
    /// The stored pages are the whole list: the network's last page is stored.
    case complete
}

extension StoredFeedEnd: Equatable where Cursor: Equatable {}
