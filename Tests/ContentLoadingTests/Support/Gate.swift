/// A value a test hands to suspended async work when it chooses: the work awaits ``wait()``,
/// the test calls ``open(with:)`` or ``fail(with:)``.
@MainActor
final class Gate<Value: Sendable> {
    private var continuation: CheckedContinuation<Value, any Error>?
    private var outcome: Result<Value, any Error>?

    /// Whether work is suspended on the gate.
    var isWaiting: Bool { continuation != nil }

    func wait() async throws -> Value {
        if let outcome { return try outcome.get() }
        return try await withCheckedThrowingContinuation { continuation = $0 }
    }

    func open(with value: Value) { resume(.success(value)) }

    func fail(with error: any Error) { resume(.failure(error)) }

    private func resume(_ result: Result<Value, any Error>) {
        if let continuation {
            self.continuation = nil
            continuation.resume(with: result)
        } else {
            outcome = result
        }
    }
}
