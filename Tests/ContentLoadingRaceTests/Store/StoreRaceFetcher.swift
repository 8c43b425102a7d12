import ContentLoading
import ContentLoadingTestSupport
import Foundation  // NSLock

/// The store's fetch for the race lane: every call waits until the test answers it, ignoring
/// cancellation (so a superseded fetch's response still comes, late, when the test says). Its
/// value is `key#fN` for the key's Nth fetch.
final class StoreRaceFetcher: @unchecked Sendable {
    // @unchecked: every mutable property is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var calls: [(key: String, gate: AsyncGate<String>, isAnswered: Bool)] = []
    private var returned = 0
    private let hop: Duration

    /// A fetcher each fetch reaches after `hop`, as a hop delayed on a loaded machine would.
    init(hop: Duration = .zero) { self.hop = hop }

    func fetch(_ key: String) async throws -> String {
        if hop > .zero { try? await Task.sleep(for: hop) }
        let gate = AsyncGate<String>()
        // Numbered among the key's fetches: fetches of several keys that a signal begins
        // together reach the fetcher in no set order.
        let index = lock.withLock {
            calls.append((key, gate, false))
            return calls.count { $0.key == key }
        }
        defer { lock.withLock { returned += 1 } }
        return try await gate.wait().replacingOccurrences(of: "#f?", with: "#f\(index)")
    }

    /// The keys fetched, in order.
    var keys: [String] { lock.withLock { calls.map(\.key) } }

    /// The positions of `key`'s unanswered fetches, oldest first.
    func unanswered(_ key: String) -> [Int] {
        lock.withLock { calls.indices.filter { calls[$0].key == key && !calls[$0].isAnswered } }
    }

    /// Answers fetch `index`.
    func answer(_ index: Int, with result: Result<String, any Error>) {
        let gate = lock.withLock {
            calls[index].isAnswered = true
            return calls[index].gate
        }
        gate.open(with: result)
    }

    /// Answers `key`'s oldest or newest unanswered fetch, failing it or with its value, and says
    /// what became of it as the reference models do: `failed` or `landed` for the key's current
    /// fetch in `store`, `failed, superseded` or `dropped` for a late one; `none` without one.
    @MainActor
    func finish(_ key: String, newest: Bool, fails: Bool, in store: ContentStore<String, String>) -> String {
        let open = unanswered(key)
        guard let index = newest ? open.last : open.first else { return "none" }
        // A key being fetched is fetched by its newest fetch: that one's answer is current.
        let isCurrent = index == open.last && store.isFetching(key)
        answer(index, with: fails ? .failure(RaceError(index)) : .success("\(key)#f?"))
        if fails { return isCurrent ? "failed" : "failed, superseded" }
        return isCurrent ? "landed" : "dropped"
    }

    /// How many of `key`'s fetches wait unanswered and uncancelled: the store cancels every
    /// fetch it supersedes, so at rest this is 1 while the key is being fetched, else 0.
    func uncancelled(_ key: String) -> Int {
        lock.withLock { calls.count { $0.key == key && !$0.isAnswered && !$0.gate.sawCancellation } }
    }

    /// Whether every answered fetch has returned to the store.
    var allAnsweredReturned: Bool { lock.withLock { returned == calls.count { $0.isAnswered } } }

    /// Answers every fetch not yet answered with a failure nobody waits for.
    func answerAll() {
        for index in lock.withLock({ calls.indices.filter { !calls[$0].isAnswered } }) {
            answer(index, with: .failure(CancellationError()))
        }
    }

    /// Whether `key`'s fetch in `store` has come to rest for `loading` loads waiting on it: as
    /// many waiters, a fetch exactly while one waits, and that fetch (its task hops off the main
    /// actor to get here) waiting in this fetcher, uncancelled.
    @MainActor
    func isSettled(_ key: String, in store: ContentStore<String, String>, loading: Int) -> Bool {
        let fetching = store.isFetching(key)
        return store.waiterCount(for: key) == loading && fetching == (loading > 0)
            && uncancelled(key) == (fetching ? 1 : 0)
    }
}
