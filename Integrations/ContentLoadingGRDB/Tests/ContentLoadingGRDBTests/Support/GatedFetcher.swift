import ContentLoadingTestSupport
import Foundation  // NSLock

/// A fetch whose every call waits on a gate the test opens, and which counts its calls.
final class GatedFetcher<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `gates` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var gates: [AsyncGate<Value>] = []

    /// Waits on a new gate.
    func fetch() async throws -> Value {
        let gate = AsyncGate<Value>()
        lock.withLock { gates.append(gate) }
        return try await gate.wait()
    }

    /// How many fetches began.
    var count: Int { lock.withLock { gates.count } }

    /// The gate of fetch `index`.
    func gate(_ index: Int) -> AsyncGate<Value> { lock.withLock { gates[index] } }

    /// Opens every gate, so that no fetch is left waiting behind a test.
    func openAll() {
        for gate in lock.withLock({ gates }) { gate.open(throwing: CancellationError()) }
    }
}
