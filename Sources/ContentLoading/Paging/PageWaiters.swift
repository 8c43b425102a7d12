/// The callers awaiting pages through ``PagedDataSource/loadMore(ownedBy:)``: made the first time
/// a caller awaits one, so a paged data source nobody awaits holds one `nil` reference and every
/// page's end costs one check of it.
@MainActor
final class PageWaiters {
    /// The waiters and, while a caller begins a page, how pages ended.
    var waiters = LoadWaiters<PageOutcome>()

    deinit {
        // Nobody can end these pages any more. (A caller's own wait holds the data source, and
        // with it this, so none is left here unless the data source went some other way.)
        for waiter in waiters.takeAll() { waiter.resume(returning: .cancelled) }
    }
}
