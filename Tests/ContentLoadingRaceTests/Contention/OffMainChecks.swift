import Foundation  // NSLock: a lock ThreadSanitizer understands.
import Synchronization

@testable import ContentLoading

/// What worker threads and tasks check off the main actor, where `LoadingState.isValid` is the
/// only part of the framework that runs: validity only ever turns off, and never lags a newer load.
///
/// The main actor publishes each load's generation right after the coordinator begins it. A
/// worker reads that number *before* it reads a token, so a token it then sees valid must be
/// at least that new: a stale token read valid after a newer load began is a violation. A
/// token a worker has seen invalid goes into a set that the main actor consults *before* it
/// finishes that token: accepting it afterwards is a violation too (tokens never come back).
/// Both checks order reads and writes through an `Atomic` or an `NSLock`, so they report
/// nothing that did not happen.
final class OffMainChecks: @unchecked Sendable {
    // @unchecked: `seenInvalid` and `problems` are only touched while holding `lock`, an
    // NSLock; everything else is an `Atomic`.
    private let newestBegun = Atomic<UInt64>(0)
    private let validCount = Atomic<Int>(0)
    private let invalidCount = Atomic<Int>(0)
    private let lock = NSLock()
    private var seenInvalid: Set<UInt64> = []
    private var problems: [String] = []

    /// Main actor: a load with this generation has just begun.
    func loadDidBegin(_ generation: UInt64) {
        newestBegun.store(generation, ordering: .releasing)
    }

    /// Any thread: reads `token.isValid` as a completion handler would, and checks the answer.
    @discardableResult
    func observe(_ token: LoadingState) -> Bool {
        let newest = newestBegun.load(ordering: .acquiring)
        let valid = token.isValid
        if valid {
            validCount.add(1, ordering: .relaxed)
            if token.generation < newest { record("#\(token.generation) read valid after #\(newest) began") }
        } else {
            invalidCount.add(1, ordering: .relaxed)
            lock.withLock { _ = seenInvalid.insert(token.generation) }
            if token.isValid { record("#\(token.generation) read invalid, then valid again") }
        }
        return valid
    }

    /// Main actor, before finishing: whether some worker has already seen this load's token invalid.
    func wasSeenInvalid(_ generation: UInt64) -> Bool {
        lock.withLock { seenInvalid.contains(generation) }
    }

    /// How many off-main reads found their token valid, and how many invalid.
    var reads: (valid: Int, invalid: Int) {
        (validCount.load(ordering: .relaxed), invalidCount.load(ordering: .relaxed))
    }

    /// What went wrong off the main actor.
    var violations: [String] { lock.withLock { problems } }

    private func record(_ problem: String) {
        lock.withLock { problems.append(problem) }
    }
}
