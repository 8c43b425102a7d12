/// The pure logic of a page cap (``PagedDataSource/maxPages``): which pages the model holds, by
/// the cursor each was loaded at, and which were dropped before them, to refetch.
///
/// Until a first page commits after the cap is set, the window holds nothing and counts nothing.
///
/// | event                                   | pages (oldest first)  | dropped before      | the app is told |
/// |-----------------------------------------|-----------------------|---------------------|-----------------|
/// | a first page commits                    | `[first]`             | none                | —               |
/// | the page at `c` commits after the rows  | `+ c`; over the cap, the oldest goes | `+ oldest` | drop the first page |
/// | the page before the rows commits        | `nearest dropped +`; over the cap, the newest goes | `- nearest` | drop the last page (its cursor is the next) |
///
/// The list's first page has no cursor (the refresh lane loaded it): it is `nil` here. The API
/// behind a paged data source pages forward only, so the cursor of a page before the rows is the
/// one that page was loaded at, remembered when it was dropped.
struct PageWindow<Cursor: Sendable>: Sendable {
    /// The most pages the model keeps, at least one.
    let limit: Int
    /// The cursor each page in the model was loaded at, oldest first; `nil` for the list's first page.
    private(set) var pages: [Cursor?] = []
    /// The cursor of each page dropped before the rows, the nearest last.
    private(set) var dropped: [Cursor?] = []
    /// The cursor of the page after the rows in flight, from its request to its commit.
    private(set) var requested: Cursor?

    init(limit: Int) {
        self.limit = max(limit, 1)
    }

    /// Whether a page was dropped before the rows: the page before them can be refetched.
    var hasPageBefore: Bool { !dropped.isEmpty }

    /// The cursor the page before the rows was loaded at (`nil`: the list's first page).
    var cursorBefore: Cursor? { dropped.last ?? nil }

    /// A first page committed: the list starts over, with nothing dropped.
    mutating func startOver() {
        pages = [nil]
        dropped = []
    }

    /// The page after the rows at `cursor` was requested.
    mutating func pageRequested(at cursor: Cursor) {
        requested = cursor
    }

    /// The page requested after the rows committed; `true` when the cap drops the first page.
    ///
    /// Nothing is counted before a first page committed since the cap was set: the window does
    /// not know the pages of the list on screen.
    mutating func pageAppended() -> Bool {
        guard !pages.isEmpty else { return false }
        pages.append(requested)
        guard pages.count > limit else { return false }
        dropped.append(pages.removeFirst())
        return true
    }

    /// The page before the rows committed: `dropsLast` when the cap drops the last page, whose
    /// cursor (`last`) the next page is then.
    mutating func pageBeforeJoined() -> (dropsLast: Bool, last: Cursor?) {
        guard let before = dropped.popLast() else { return (false, nil) }
        pages.insert(before, at: 0)
        guard pages.count > limit, let last = pages.popLast() else { return (false, nil) }
        return (true, last)
    }
}
