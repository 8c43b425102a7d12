import ContentLoading

/// A paged data source whose model is a list of strings; the tests begin and finish its first
/// pages through its coordinator, and its pages by hand or with `appendPage`, as
/// ``onLoadPage`` decides. Its cursor is a plain number.
@MainActor
final class PagedRaceDataSource: PagedDataSource<Int> {
    /// The model: the rows the accepted first page and pages wrote.
    var items: [String] = []
    /// Runs each time the framework asks ``hasContent``, before it answers.
    var onHasContent: (() -> Void)?
    /// Runs each time the framework asks whether an error is a cancellation, before it answers.
    var onIsCancellation: (() -> Void)?
    /// Runs when `loadMore()` asks for the page at a cursor, with the page's token.
    var onLoadPage: ((Int, LoadingState) -> Void)?
    /// Runs at the start of `loadContent()`, with the first page's token.
    var onLoadContent: ((LoadingState) -> Void)?

    override var hasContent: Bool {
        onHasContent?()
        return !items.isEmpty
    }

    override func isCancellation(_ error: any Error) -> Bool {
        onIsCancellation?()
        return super.isCancellation(error)
    }

    override func loadContent() {
        loadingCoordinator.loadContent { state in onLoadContent?(state) }
    }

    override func loadPage(after cursor: Int, _ state: LoadingState) {
        onLoadPage?(cursor, state)
    }
}
