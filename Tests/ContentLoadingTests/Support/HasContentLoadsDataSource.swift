import ContentLoading
import ContentLoadingTestSupport

/// A data source whose every `loadContent()` begins a `load { }` waiting on a gate of its own,
/// and whose `hasContent` can begin another load once, as a load begins.
@MainActor
final class HasContentLoadsDataSource: DataSource {
    var items: [String] = []
    /// One gate per load begun, in the order `loadContent()` was called.
    private(set) var gates: [AsyncGate<[String]>] = []
    /// Each load's task, by the index of its gate.
    private(set) var tasks: [Int: Task<Bool, Never>] = [:]
    /// Whether the loads' work stops when cancelled.
    var observesCancellation = true
    /// When a failed attempt of the loads' work is tried again; by default never.
    var policy = RetryPolicy.never
    /// Runs once, the next time `hasContent` is asked.
    var onHasContent: (() -> Void)?

    override var hasContent: Bool {
        if let callback = onHasContent {
            onHasContent = nil
            callback()
        }
        return !items.isEmpty
    }

    override func loadContent() {
        let gate = AsyncGate<[String]>(observesCancellation: observesCancellation)
        let index = gates.count
        gates.append(gate)
        tasks[index] = load(retrying: policy) { _ in
            try await gate.wait()
        } commit: { dataSource, items in
            dataSource.items = items
        }
    }
}
