import ContentLoadingTestSupport
import Foundation  // NSLock

/// Async calls that each wait, ignoring cancellation, on a gate the test opens: numbered by the
/// caller, or in the order they arrive.
final class RaceGates<Value: Sendable>: @unchecked Sendable {
    // @unchecked: every mutable property is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var gates: [Int: (gate: AsyncGate<Value>, isAnswered: Bool)] = [:]
    /// The id each call was handed, by number.
    private var sentIDs: [Int: Int] = [:]
    /// Whether the test answered every call: a call arriving later (a load's task that started
    /// late, on a loaded machine) is answered at once with a cancellation.
    private var isClosed = false

    /// Waits on the gate numbered `number`, or on the next in arrival order.
    func call(_ number: Int? = nil, sending id: Int? = nil) async throws -> Value {
        let gate = AsyncGate<Value>(observesCancellation: false)
        let isClosed = lock.withLock {
            let number = number ?? gates.count
            gates[number] = (gate, self.isClosed)
            sentIDs[number] = id
            return self.isClosed
        }
        if isClosed { throw CancellationError() }
        return try await gate.wait()
    }

    /// How many calls arrived.
    var count: Int { lock.withLock { gates.count } }

    /// Whether call `number` arrived.
    func arrived(_ number: Int) -> Bool { lock.withLock { gates[number] != nil } }

    /// The id call `number` was handed, if it arrived with one.
    func sentID(_ number: Int) -> Int? { lock.withLock { sentIDs[number] } }

    /// The calls not answered yet, by number.
    var unanswered: [Int] { lock.withLock { gates.filter { !$0.value.isAnswered }.keys.sorted() } }

    /// Answers call `number`.
    func answer(_ number: Int, with result: Result<Value, any Error>) {
        let gate = lock.withLock {
            gates[number]?.isAnswered = true
            return gates[number]?.gate
        }
        gate?.open(with: result)
    }

    /// Answers every call not yet answered, and every later one, with a cancellation, so none
    /// is left waiting.
    func answerAll() {
        lock.withLock { isClosed = true }
        for number in unanswered { answer(number, with: .failure(CancellationError())) }
    }
}
