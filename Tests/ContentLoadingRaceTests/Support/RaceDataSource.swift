import ContentLoading

/// A data source whose model is a list of strings; the tests begin and finish its loads
/// through its coordinator directly.
@MainActor
final class RaceDataSource: DataSource {
    /// The model: what the last accepted load wrote.
    var items: [String] = []
    /// Runs at the start of `loadContent()`, so a test can re-enter it.
    var onLoadContent: (() -> Void)?
    /// The tokens `loadContent()` began, oldest first.
    private(set) var tokens: [LoadingState] = []

    /// Runs each time the framework asks ``hasContent``, before it answers.
    var onHasContent: (() -> Void)?
    /// Runs each time the framework asks whether an error is a cancellation, before it answers.
    var onIsCancellation: (() -> Void)?

    override func isCancellation(_ error: any Error) -> Bool {
        onIsCancellation?()
        return super.isCancellation(error)
    }

    override var hasContent: Bool {
        onHasContent?()
        return !items.isEmpty
    }

    override func loadContent() {
        onLoadContent?()
        tokens.append(loadingCoordinator.loadContent { _ in })
    }
}
