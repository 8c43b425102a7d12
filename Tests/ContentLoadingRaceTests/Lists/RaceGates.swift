import ContentLoadingTestSupport
import Foundation  // NSLock

/// Async calls that each wait, ignoring cancellation, on a gate the test opens: numbered by the
/// caller, or in the order they arrive.
///
/// Calls numbered in the order they arrive are a data source's loads, whose tasks reach the gate
/// on the cooperative pool in either order when two loads begin in one main-actor turn (a load
/// begun from inside a draw, then the reload once a list's edits settle). Only the newest load
/// begun counts, and it is the one the test must tell apart: it is the last call to arrive
/// whose task was not cancelled (each newer load cancels the task of the one before it, on the
/// main actor, when it begins). ``newest`` names it, and ``unanswered`` puts it last.
final class RaceGates<Value: Sendable>: @unchecked Sendable {
    // @unchecked: every mutable property is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var gates: [Int: (gate: AsyncGate<Value>, isAnswered: Bool)] = [:]
    /// The last call to arrive, in arrival order, whose task was not cancelled.
    private var newestCall: Int?
    /// The id each call was handed, by number.
    private var sentIDs: [Int: Int] = [:]
    /// Whether the test answered every call: a call arriving later (a load's task that started
    /// late, on a loaded machine) is answered at once with a cancellation.
    private var isClosed = false
    /// Whether a call numbered in arrival order whose load was superseded lags, as on a loaded
    /// machine: it waits, bounded, for the next call to arrive first, and once answered returns
    /// only after ten thousand yields.
    let supersededLoadsLag: Bool

    init(supersededLoadsLag: Bool = false) {
        self.supersededLoadsLag = supersededLoadsLag
    }

    /// Waits on the gate numbered `number`, or on the next in arrival order.
    func call(_ number: Int? = nil, sending id: Int? = nil) async throws -> Value {
        let gate = AsyncGate<Value>(observesCancellation: false)
        let lags = number == nil && supersededLoadsLag && Task.isCancelled
        if lags {
            let arrived = count
            for _ in 0..<10_000 where count == arrived { await Task.yield() }
        }
        let isClosed = lock.withLock {
            // Read under the lock: a call that arrives before its load is superseded is numbered
            // before the newer load's, whose task starts on the main actor after the cancelling.
            if number == nil, !Task.isCancelled { newestCall = gates.count }
            let number = number ?? gates.count
            gates[number] = (gate, self.isClosed)
            sentIDs[number] = id
            return self.isClosed
        }
        if isClosed { throw CancellationError() }
        do {
            let value = try await gate.wait()
            if lags { await Self.lag() }
            return value
        } catch {
            if lags { await Self.lag() }
            throw error
        }
    }

    /// A task descheduled for a while.
    private static func lag() async {
        for _ in 0..<10_000 { await Task.yield() }
    }

    /// How many calls arrived.
    var count: Int { lock.withLock { gates.count } }

    /// Whether call `number` arrived.
    func arrived(_ number: Int) -> Bool { lock.withLock { gates[number] != nil } }

    /// The id call `number` was handed, if it arrived with one.
    func sentID(_ number: Int) -> Int? { lock.withLock { sentIDs[number] } }

    /// The calls numbered in arrival order: the newest load begun (see the type's summary), if
    /// it arrived.
    var newest: Int? { lock.withLock { newestCall } }

    /// Whether call `number` was answered.
    func isAnswered(_ number: Int) -> Bool { lock.withLock { gates[number]?.isAnswered ?? false } }

    /// The calls not answered yet, by number; a call numbered in arrival order that is the newest
    /// load begun comes last. The others' loads were superseded: their order among themselves
    /// is the order they arrived in, and changes no answer, as every one of them is dropped.
    var unanswered: [Int] {
        lock.withLock {
            gates.filter { !$0.value.isAnswered }.keys.sorted { left, right in
                if left == newestCall || right == newestCall { return right == newestCall && left != right }
                return left < right
            }
        }
    }

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
