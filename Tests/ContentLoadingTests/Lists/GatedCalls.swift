import ContentLoadingTestSupport
import Foundation  // NSLock

/// Async calls that each wait on a gate the test opens, in the order they began.
final class GatedCalls<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `gates` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var gates: [AsyncGate<Value>] = []

    /// Waits on a new gate.
    func call() async throws -> Value {
        let gate = AsyncGate<Value>(observesCancellation: false)
        lock.withLock { gates.append(gate) }
        return try await gate.wait()
    }

    /// How many calls began.
    var count: Int { lock.withLock { gates.count } }

    /// The gate of call `index`.
    func gate(_ index: Int) -> AsyncGate<Value> { lock.withLock { gates[index] } }

    /// Opens every gate not yet open, so no call is left waiting behind a test.
    func openAll() {
        for gate in lock.withLock({ gates }) { gate.open(throwing: CancellationError()) }
    }
}
