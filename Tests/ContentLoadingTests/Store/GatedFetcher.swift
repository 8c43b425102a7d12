import ContentLoadingTestSupport
import Foundation  // NSLock

/// A store's fetch whose every call waits on a gate the test opens, and which counts its calls.
final class GatedFetcher: @unchecked Sendable {
    // @unchecked: `calls` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var calls: [(key: String, gate: AsyncGate<String>)] = []
    /// Whether the fetches' gates throw when their task is cancelled.
    let observesCancellation: Bool

    init(observesCancellation: Bool = true) {
        self.observesCancellation = observesCancellation
    }

    /// Waits on a new gate for `key`.
    func fetch(_ key: String) async throws -> String {
        let gate = AsyncGate<String>(observesCancellation: observesCancellation)
        lock.withLock { calls.append((key, gate)) }
        return try await gate.wait()
    }

    /// How many fetches began.
    var count: Int { lock.withLock { calls.count } }

    /// The keys fetched, in order.
    var keys: [String] { lock.withLock { calls.map(\.key) } }

    /// The gate of fetch `index`.
    func gate(_ index: Int) -> AsyncGate<String> { lock.withLock { calls[index].gate } }

    /// Opens every gate not yet open, so no fetch is left waiting behind a test.
    func openAll() {
        for call in lock.withLock({ calls }) { call.gate.open(throwing: CancellationError()) }
    }
}
