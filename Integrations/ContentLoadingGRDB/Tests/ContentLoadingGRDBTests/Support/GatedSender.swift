import ContentLoadingGRDB
import ContentLoadingTestSupport
import Foundation  // NSLock

/// What the write tests' operations do: add a suffix to the key's value ("red" + "+a").
struct Suffix: Codable, Sendable, Equatable {
    var text: String

    init(_ text: String) { self.text = text }
}

/// A `send` whose every call waits on a gate the test opens, and which records the writes sent.
final class GatedSender: @unchecked Sendable {
    // @unchecked: `calls` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var calls: [(write: PersistedWrite<String, Suffix>, gate: AsyncGate<String?>)] = []

    /// Records `write` and waits on a new gate.
    func send(_ write: PersistedWrite<String, Suffix>) async throws -> String? {
        let gate = AsyncGate<String?>()
        lock.withLock { calls.append((write, gate)) }
        return try await gate.wait()
    }

    /// The writes sent so far, in order.
    var sent: [PersistedWrite<String, Suffix>] { lock.withLock { calls.map(\.write) } }

    /// How many sends began.
    var count: Int { lock.withLock { calls.count } }

    /// The gate of send `index`.
    func gate(_ index: Int) -> AsyncGate<String?> { lock.withLock { calls[index].gate } }

    /// Opens every gate, so that no send is left waiting behind a test.
    func openAll() {
        for call in lock.withLock({ calls }) { call.gate.open(throwing: CancellationError()) }
    }
}
