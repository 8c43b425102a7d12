/// One step of a lists sequence: what lists, detail screens, the app's writes and the server's
/// responses do to one store of shared items.
///
/// Lists and details are named by their place among those still open (modulo how many there
/// are); a list's requests and the pending writes by `.oldest` or `.newest` among those not yet
/// answered.
indirect enum ListStep: Hashable, CustomStringConvertible {
    /// Which unanswered request or pending write a step answers.
    enum Which: Hashable, CustomStringConvertible {
        case oldest, newest

        var description: String { self == .oldest ? ".oldest" : ".newest" }
    }

    /// How a pending optimistic write's request answers.
    enum Settlement: Hashable, CustomStringConvertible {
        /// Succeeds with no value: the change is committed.
        case commit
        /// Succeeds with the server's value (`<id>:server*******`).
        case server
        /// Fails: the change is rolled back.
        case fail
        /// Throws `CancellationError`: cancelled, the change removed.
        case cancel

        var description: String {
            switch self {
            case .commit: ".commit"
            case .server: ".server"
            case .fail: ".fail"
            case .cancel: ".cancel"
            }
        }
    }

    /// Opens a list (a feed, a search, ...) with a recording list renderer in a wrapper.
    case openList
    /// Opens a paged list (a `PagedListDataSource`, whose every page has a next) as `openList`
    /// does; of the row edits it takes removes alone.
    case openPagedList
    /// Paged list `index` loads more: a page begins, gated (`started`, `already` while one is in
    /// flight, `refused` without content or while it refreshes; `none` for a list not paged).
    case loadMore(Int)
    /// Answers one of paged list `index`'s page requests as `answer` does: landed when it is
    /// the page in flight, dropped when a refresh began after it.
    case answerPage(Int, Which, ids: [Int], title: String)
    /// Fails one of paged list `index`'s page requests.
    case failPage(Int, Which)
    /// Loads (or refreshes) list `index`: its request begins, gated.
    case load(Int)
    /// Answers one of list `index`'s requests with `ids`, each item titled `title` (a later copy of
    /// a repeated id titled `title'`): landed when it is the list's current request, else dropped.
    case answer(Int, Which, ids: [Int], title: String)
    /// Fails one of list `index`'s requests.
    case fail(Int, Which)
    /// Releases list `index`.
    case closeList(Int)
    /// Opens a detail screen (a `StoreDataSource`) on item `id`.
    case openDetail(Int)
    /// Opens a detail screen on the temporary id of the newest pending insert, among every
    /// list's: it shows the list's item, and is re-keyed to the server's id as the create
    /// commits (or shows nothing, with the create's failure beside it, as it fails).
    case openDetailOnNewRow
    /// Releases detail `index`.
    case closeDetail(Int)
    /// The app writes item `id` into the store, titled `title`, no stars.
    case write(Int, title: String)
    /// An optimistic write stars item `id` (its request waits, concurrent with the others).
    case star(Int)
    /// Answers a pending optimistic write's request.
    case settle(Which, Settlement)
    /// The app invalidates item `id` (a detail on it revalidates; its fetch fails at once).
    case invalidate(Int)
    /// The app removes item `id` (refused while something shows it).
    case remove(Int)
    /// Evicts what is due, moves the clock past the retention and evicts again: every item nothing
    /// shows goes.
    case evict
    /// Arms list `index`'s renderer: the next time it applies a difference, it does `step` from
    /// inside `apply`, once.
    case reenter(Int, ListStep)
    /// Arms list `index`'s renderer: the next time the wrapper shows it (or hides it), it does
    /// `step` from inside `show` (or `hide`), once.
    case reenterScreen(Int, hides: Bool, ListStep)
    /// List `index` (when it shows rows) inserts a row under a new temporary id (-1, -2, ...) at
    /// `offset`; its create request waits, and commits under the server's id (100 + n for -n).
    case insertRow(Int, at: Int)
    /// List `index` (when it shows two rows or more) removes the row at `row`, modulo its rows;
    /// the request waits (until the row's insert commits, on a temporary id).
    case removeRow(Int, row: Int)
    /// List `index` (when it shows rows) moves the row at `row`, modulo its rows, to `offset`.
    case moveRow(Int, row: Int, to: Int)
    /// List `index` stars the row of its newest pending insert (once) through
    /// `ListDataSource.perform` on its temporary id: performed on the server's id once it commits.
    case starNewRow(Int)
    /// The newest detail, while its key is a pending insert's temporary id (and no star waits on
    /// that insert yet), stars its item through `ContentStore.perform`: shown at once, performed
    /// on the server's id once the create commits, failed with it; answered as an edit is.
    case starDetail
    /// Answers an edit's request (`.commit`, or `.fail`), among those sent: a create commits
    /// the server's item.
    case settleEdit(Which, Settlement)
    /// The oldest or newest pending edit is cancelled (`ListEdit.cancel()`): a star already sent
    /// with its row's server id is left alone (that is a store write's cancel).
    case cancelEdit(Which)

    var description: String {
        switch self {
        case .openList: ".openList"
        case .openPagedList: ".openPagedList"
        case .loadMore(let index): ".loadMore(\(index))"
        case .answerPage(let index, let which, let ids, let title):
            ".answerPage(\(index), \(which), ids: \(ids), title: \"\(title)\")"
        case .failPage(let index, let which): ".failPage(\(index), \(which))"
        case .load(let index): ".load(\(index))"
        case .answer(let index, let which, let ids, let title):
            ".answer(\(index), \(which), ids: \(ids), title: \"\(title)\")"
        case .fail(let index, let which): ".fail(\(index), \(which))"
        case .closeList(let index): ".closeList(\(index))"
        case .openDetail(let id): ".openDetail(\(id))"
        case .openDetailOnNewRow: ".openDetailOnNewRow"
        case .closeDetail(let index): ".closeDetail(\(index))"
        case .write(let id, let title): ".write(\(id), title: \"\(title)\")"
        case .star(let id): ".star(\(id))"
        case .settle(let which, let settlement): ".settle(\(which), \(settlement))"
        case .invalidate(let id): ".invalidate(\(id))"
        case .remove(let id): ".remove(\(id))"
        case .evict: ".evict"
        case .reenter(let index, let step): ".reenter(\(index), \(step))"
        case .reenterScreen(let index, let hides, let step): ".reenterScreen(\(index), hides: \(hides), \(step))"
        case .insertRow(let index, let offset): ".insertRow(\(index), at: \(offset))"
        case .removeRow(let index, let row): ".removeRow(\(index), row: \(row))"
        case .moveRow(let index, let row, let offset): ".moveRow(\(index), row: \(row), to: \(offset))"
        case .starNewRow(let index): ".starNewRow(\(index))"
        case .starDetail: ".starDetail"
        case .settleEdit(let which, let settlement): ".settleEdit(\(which), \(settlement))"
        case .cancelEdit(let which): ".cancelEdit(\(which))"
        }
    }
}
