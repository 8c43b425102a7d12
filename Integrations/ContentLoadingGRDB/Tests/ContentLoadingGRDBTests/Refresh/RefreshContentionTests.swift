import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import Dispatch
import Foundation
import GRDB
import Testing

/// Refreshes begun on the main actor while older ones write from other threads, some of them
/// held inside their open transaction until the next refresh began: whatever the interleaving,
/// a refresh superseded inside its transaction never commits, the database never takes an older
/// refresh's rows after a newer one's, and it ends holding all of the newest refresh.
/// Run under ThreadSanitizer in CI.
@MainActor
@Suite("Refresh contention", .timeLimit(.minutes(1)), .hangLimit)
struct RefreshContentionTests {
    @Test func supersededRefreshesNeverCommitWhateverTheInterleaving() async throws {
        let seed = UInt64.random(in: 0..<1_000_000)
        print("RefreshContentionTests seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        let folder = try TemporaryFolder()
        let database = try ItemsDatabase.openPool(folder.path("app.sqlite"))
        let writer = try RefreshWriter(database: database, list: "items")
        let loads = DataSource()
        let commits = CommitLog()

        var writes: [Task<Void, any Error>] = []
        /// Refreshes held inside their transaction until the next one began: none may commit.
        var heldAndSuperseded: Set<Int> = []
        var heldWrite: (refresh: Int, release: DispatchSemaphore)?
        for refresh in 1...60 {
            let ticket = writer.beginRefresh()
            let token = loads.loadingCoordinator.loadContent { _ in }
            if let held = heldWrite {
                // The newer refresh has begun while the older one's rows sit in its open transaction.
                heldAndSuperseded.insert(held.refresh)
                held.release.signal()
                heldWrite = nil
            }
            let rows = Int.random(in: 1...40, using: &random)
            let holds = refresh < 60 && Int.random(in: 0..<3, using: &random) == 0
            let inside = AsyncGate<Void>()
            let release = DispatchSemaphore(value: 0)
            writes.append(
                Task.detached {
                    let written = try await writer.writeRefresh(ticket, token: token) { db in
                        try ItemsDatabase.replace(db, with: (0..<rows).map { "\(refresh)-\($0)" })
                        if holds {
                            inside.open(returning: ())
                            _ = release.wait(timeout: .now() + 30)
                        }
                    }
                    if let written { commits.append(refresh: refresh, generation: written.generation) }
                })
            if holds {
                try await inside.wait()
                heldWrite = (refresh, release)
            } else if Bool.random(using: &random) {
                // Sometimes let the writes run before the next refresh begins.
                await Task.yield()
            }
        }
        for write in writes { try await write.value }

        let committed = commits.entries.sorted { $0.generation < $1.generation }
        let refreshes = committed.map(\.refresh)
        #expect(refreshes == refreshes.sorted(), "seed \(seed): in commit order, refreshes only get newer")
        #expect(Set(refreshes).count == refreshes.count)
        #expect(
            heldAndSuperseded.isDisjoint(with: refreshes),
            "seed \(seed): a refresh superseded inside its transaction never commits")
        let names = try await database.read(ItemsDatabase.names)
        let last = try #require(committed.last, "seed \(seed): the newest refresh always commits")
        #expect(last.refresh == 60, "seed \(seed)")
        #expect(names.allSatisfy { $0.hasPrefix("60-") }, "seed \(seed): all of one refresh")
    }
}

/// The refreshes that committed, with the generations they wrote, from any thread.
final class CommitLog: @unchecked Sendable {
    // @unchecked: `list` is only touched while holding `lock`, an NSLock.
    private let lock = NSLock()
    private var list: [(refresh: Int, generation: Int64)] = []

    func append(refresh: Int, generation: Int64) {
        lock.withLock { list.append((refresh, generation)) }
    }

    var entries: [(refresh: Int, generation: Int64)] { lock.withLock { list } }
}
