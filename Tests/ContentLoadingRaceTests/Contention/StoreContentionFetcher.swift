import ContentLoadingTestSupport
import Foundation  // NSLock: a lock ThreadSanitizer understands.

/// A sequence number shared by the fetcher (off the main actor) and the persistence (on it),
/// so that a fetch's call and a key's change can be ordered.
final class ContentionSequence: @unchecked Sendable {
    // @unchecked: `last` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var last = 0

    /// The next number.
    func next() -> Int {
        lock.withLock {
            last += 1
            return last
        }
    }
}

/// The store's fetch for the contention test: each call waits on a gate that any thread may
/// open; its value names the key and the sequence number of the call (`a#17`).
final class StoreContentionFetcher: @unchecked Sendable {
    // @unchecked: `waiting` and `calls` are only touched while holding `lock`, an NSLock; gates
    // are opened after it is released.
    private let lock = NSLock()
    private var waiting: [(gate: AsyncGate<Void>, value: String)] = []
    private var calls = 0
    private var answeredOne = 0
    let sequence = ContentionSequence()

    func fetch(_ key: String) async throws -> String {
        let gate = AsyncGate<Void>()
        let value = "\(key)#\(sequence.next())"
        lock.withLock {
            calls += 1
            waiting.append((gate, value))
        }
        try await gate.wait()
        return value
    }

    /// How many calls wait for an answer.
    var waitingCount: Int { lock.withLock { waiting.count } }

    /// How many calls were made.
    var callCount: Int { lock.withLock { calls } }

    /// How many calls ``answerOne(failing:)`` answered.
    var answeredOneCount: Int { lock.withLock { answeredOne } }

    /// Answers one waiting call, picked by the caller's thread timing, with its value or a failure.
    func answerOne(failing: Bool) {
        let call = lock.withLock {
            guard !waiting.isEmpty else { return nil as (gate: AsyncGate<Void>, value: String)? }
            answeredOne += 1
            return waiting.remove(at: Int.random(in: 0..<waiting.count))
        }
        guard let call else { return }
        _ = failing ? call.gate.open(throwing: ContentionFailure()) : call.gate.open(returning: ())
    }

    /// Answers every waiting call with its value.
    func answerAll() {
        let all = lock.withLock {
            defer { waiting.removeAll() }
            return waiting
        }
        for call in all { _ = call.gate.open(returning: ()) }
    }
}

/// A fetch's failure in the contention test.
struct ContentionFailure: Error {}
