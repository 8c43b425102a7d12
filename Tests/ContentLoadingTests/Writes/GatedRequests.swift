import ContentLoadingTestSupport
import Foundation  // NSLock

/// Write requests whose every call waits on a gate the test opens, and which records the order
/// they started in.
final class GatedRequests: @unchecked Sendable {
    // @unchecked: `calls` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var calls: [(name: String, gate: AsyncGate<String?>)] = []

    /// A request named `name` (a write's description) that waits on a new gate.
    func request(_ name: String) -> @Sendable () async throws -> String? {
        { [self] in
            let gate = AsyncGate<String?>(observesCancellation: true)
            lock.withLock { calls.append((name, gate)) }
            return try await gate.wait()
        }
    }

    /// The requests started, by name, in order.
    var started: [String] { lock.withLock { calls.map(\.name) } }

    /// The gate of the request named `name`.
    func gate(_ name: String) -> AsyncGate<String?> {
        lock.withLock { calls.first { $0.name == name }!.gate }
    }

    /// Opens every gate not yet open, so no request is left waiting behind a test.
    func openAll() {
        for call in lock.withLock({ calls }) { call.gate.open(throwing: CancellationError()) }
    }
}
