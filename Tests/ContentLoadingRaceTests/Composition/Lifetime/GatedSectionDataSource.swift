import ContentLoading
import ContentLoadingTestSupport

/// A child whose every load is async work waiting on a gate the test opens, so a test can
/// remove or release it while its work is in flight.
@MainActor
final class GatedSectionDataSource: DataSource {
    var items: [String] = []
    /// Whether cancelling a load's task makes its work throw at once.
    let observesCancellation: Bool
    /// Each load's gate and task, oldest first.
    private(set) var gates: [AsyncGate<[String]>] = []
    private(set) var tasks: [Task<Bool, Never>] = []

    init(observesCancellation: Bool = false) {
        self.observesCancellation = observesCancellation
    }

    override var hasContent: Bool { !items.isEmpty }

    override func loadContent() {
        let gate = AsyncGate<[String]>(observesCancellation: observesCancellation)
        gates.append(gate)
        // The work holds only the gate, and the commit holds the data source weakly, so an
        // in-flight load never keeps it alive.
        tasks.append(
            loadingCoordinator.load { _ in
                try await gate.wait()
            } commit: { [weak self] items in
                self?.items = items
            })
    }
}
