import ContentLoading

/// A data source whose content is a flag: the benchmarks drive its coordinator directly.
@MainActor
final class BenchmarkDataSource: DataSource {
    /// Whether the model holds content; a refresh keeps it, a first load starts without.
    var holdsContent = false

    override var hasContent: Bool { holdsContent }

    override func loadContent() {
        loadingCoordinator.loadContent { _ in }
    }
}
