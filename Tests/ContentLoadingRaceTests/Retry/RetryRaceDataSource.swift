import ContentLoading

/// A paged data source whose first pages, plain loads and pages all retry with the sequence's
/// policy, each attempt scripted through a ``RetryAttemptBook``. Its work captures only the
/// book, so releasing the data source frees it at once.
@MainActor
final class RetryRaceDataSource: PagedDataSource<Int> {
    /// How the next ``loadContent()`` loads; the error screen's Retry uses the defaults.
    struct Request {
        var keepingContent = true
        var firstPage = true
        var ignoresCancellation = false
    }

    var items: [String] = []
    var nextRequest = Request()
    var nextPageIgnoresCancellation = false
    let book: RetryAttemptBook
    let policy: RetryPolicy
    /// Called back (app code the framework reaches) when `hasContent` is asked, and after a
    /// content load's or a page's commit wrote its rows.
    var onHasContent: (() -> Void)?
    var onCommit: (() -> Void)?
    var onPageCommit: (() -> Void)?
    /// The planted fault ``RetryFault/workCapturesTheDataSource``.
    private let workCapturesSelf: Bool

    init(book: RetryAttemptBook, policy: RetryPolicy, workCapturesSelf: Bool) {
        self.book = book
        self.policy = policy
        self.workCapturesSelf = workCapturesSelf
    }

    override var hasContent: Bool {
        onHasContent?()
        return !items.isEmpty
    }

    /// A content load's commit: writes the rows, then calls back.
    func commit(_ rows: [String]) {
        items = rows
        onCommit?()
    }

    override func loadContent() {
        let request = nextRequest
        nextRequest = Request()
        let number = book.register(isPage: false, ignoresCancellation: request.ignoresCancellation)
        // The task the framework makes inherits the number, so its sleeps are booked under it.
        let task = RetryRaceLoad.$number.withValue(number) {
            let held: RetryRaceDataSource? = workCapturesSelf ? self : nil
            if request.firstPage {
                return loadFirstPage(keepingContent: request.keepingContent, retrying: policy) { [book] state in
                    _ = held
                    let answer = try await book.attempt(number, state: state, cursor: nil)
                    return Page(answer.rows, next: answer.next)
                } commit: { dataSource, rows in
                    dataSource.commit(rows)
                }
            }
            return load(keepingContent: request.keepingContent, retrying: policy) { [book] state in
                _ = held
                return try await book.attempt(number, state: state, cursor: nil).rows
            } commit: { dataSource, rows in
                dataSource.commit(rows)
            }
        }
        book.track(number, task)
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        let ignores = nextPageIgnoresCancellation
        nextPageIgnoresCancellation = false
        let number = book.register(isPage: true, ignoresCancellation: ignores)
        let task = RetryRaceLoad.$number.withValue(number) {
            appendPage(state, retrying: policy) { [book] state in
                let answer = try await book.attempt(number, state: state, cursor: cursor)
                return Page(answer.rows, next: answer.next)
            } commit: { dataSource, rows in
                dataSource.items += rows
                dataSource.onPageCommit?()
            }
        }
        book.track(number, task)
    }
}
