import ContentLoading

/// A data source whose model is a list of strings and whose loads a test finishes by hand.
@MainActor
final class ItemsDataSource: DataSource {
    var items: [String] = []
    /// The tokens handed to `loadContent()`, oldest first.
    private(set) var tokens: [LoadingState] = []
    var keepingContent = true
    /// Runs at the end of each `loadContent()`, after its load began.
    var onLoadContent: ((ItemsDataSource) -> Void)?

    /// Runs once, the next time `hasContent` is asked (as a load's cancel asks it).
    var onHasContent: (() -> Void)?

    override var hasContent: Bool {
        if let callback = onHasContent {
            onHasContent = nil
            callback()
        }
        return !items.isEmpty
    }

    override func loadContent() {
        loadingCoordinator.loadContent(keepingContent: keepingContent) { state in
            tokens.append(state)
        }
        onLoadContent?(self)
    }

    /// Finishes `state` with `items`, as a loader's completion would.
    @discardableResult
    func complete(_ state: LoadingState, with items: [String]) -> Bool {
        loadingCoordinator.finish(state) { self.items = items }
    }
}

/// A subclass that forgets to override `loadContent()`.
@MainActor
final class ForgetfulDataSource: DataSource {}
