import ContentLoading

/// A section of a composed screen, loaded by hand: a load begins with ``loadContent()`` and
/// stays in flight until ``finishLoad()``, both synchronous on the main actor. Its content is
/// a flag, like ``BenchmarkDataSource``'s.
@MainActor
final class BenchmarkChildDataSource: DataSource {
    private var pending: LoadingState?

    override var hasContent: Bool { true }

    override func loadContent() {
        pending = loadingCoordinator.loadContent { _ in }
    }

    /// Finishes the load in flight; `false` if there was none, or it no longer counted.
    @discardableResult
    func finishLoad() -> Bool {
        guard let state = pending else { return false }
        pending = nil
        return loadingCoordinator.finish(state)
    }
}
