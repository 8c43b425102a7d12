import ContentLoading

/// A child data source for the composition suites: a list of strings, loaded synchronously
/// through its coordinator, whose tokens the harness finishes.
@MainActor
final class SectionDataSource: DataSource {
    /// The model: what the last accepted load (or a model change) wrote.
    var items: [String] = []
    /// Whether ``loadContent()`` keeps content shown while it loads.
    var keepsContent = true
    /// Every token this child's coordinator handed out, oldest first: ``loadContent()``'s and
    /// those the harness began directly.
    var tokens: [LoadingState] = []
    /// Runs at each ``loadContent()``; the planted cycle fault uses it.
    var onLoadContent: (() -> Void)?
    /// Called back (app code the framework reaches) whenever `hasContent` is asked.
    var onHasContent: (() -> Void)?

    override var hasContent: Bool {
        onHasContent?()
        return !items.isEmpty
    }

    override func loadContent() {
        onLoadContent?()
        tokens.append(loadingCoordinator.loadContent(keepingContent: keepsContent) { _ in })
    }

    /// Begins a load directly, as a pull to refresh on this section would.
    func begin(keepingContent: Bool) {
        tokens.append(loadingCoordinator.loadContent(keepingContent: keepingContent) { _ in })
    }
}
