/// Thrown inside a ``StoredFeed``'s page transaction, which then rolls back: a page is already
/// stored after the position the page follows (another screen of the list stored it first).
struct PageAlreadyStored: Error {}
