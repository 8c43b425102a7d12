import ContentLoading
import ContentLoadingTestSupport
import Dispatch
import Testing

/// The shared store's fetches finished from threads. Several data sources
/// share a few keys of one store; the main actor reloads, writes, invalidates and changes keys
/// while worker threads answer the fetches in flight, in random order, with values or
/// failures, each from a detached task. When a round settles, every screen must show its key's
/// stored value (the newest that landed), none may still be loading or show a placeholder, and
/// no fetch called before a write or an invalidation of its key may have been stored after it.
///
/// Thread interleavings are not replayable: a failure prints its seed (which fixes the workers'
/// choices and jitter, not the scheduler).
@MainActor
@Suite(.timeLimit(RaceSettings.timeLimit), .hangLimit) struct StoreContentionTests {
    private nonisolated static let workers = 6
    private static let keys = ["a", "b", "c"]

    @Test func threadsAnswerSharedFetchesWhileTheAppWritesInvalidatesAndChangesKeys() async {
        let seed = RaceSettings.seed(for: "StoreContentionTests")
        var random = SeededGenerator(seed: seed)
        let fetcher = StoreContentionFetcher()
        let persistence = SequencedPersistence(sequence: fetcher.sequence)
        let store = ContentStore<String, String>(staleAfter: .always, persistence: persistence) {
            try await fetcher.fetch($0)
        }
        let dataSources = (0..<6).map { StoreDataSource(store: store, key: Self.keys[$0 % Self.keys.count]) }
        var writes = 0
        let rounds = RaceSettings.iterations(200)
        /// One of the app's steps on the main actor; then a few yields, so that loads begun
        /// reach the fetcher before the next step supersedes them.
        func appStep(_ random: inout SeededGenerator) async {
            let key = Self.keys.randomElement(using: &random)!
            let dataSource = dataSources.randomElement(using: &random)!
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4: dataSource.loadContent()
            case 4..<6:
                writes += 1
                persistence.noteChange(of: key)
                store.write("\(key)=w\(writes)", for: key)
            case 6..<8:
                persistence.noteChange(of: key)
                store.invalidate(key)
            default: dataSource.changeKey(to: key)
            }
            await Jitter.yield(&random, limit: 3)
        }
        for round in 0..<rounds {
            for _ in 0..<Int.random(in: 2...6, using: &random) { await appStep(&random) }
            // Worker threads answer what is in flight, each answer from a detached task, while
            // the main actor goes on writing, invalidating, reloading and changing keys.
            let collector = BoundedTasks<Void>()
            let roundSeed = SeededGenerator.seed(base: seed, index: round)
            let answering = Task.detached {
                DispatchQueue.concurrentPerform(iterations: Self.workers) { worker in
                    var random = SeededGenerator(seed: SeededGenerator.seed(base: roundSeed, index: worker))
                    _ = Jitter.spin(&random, limit: 20_000)
                    let fails = random.chance(15)
                    collector.add(Task.detached { fetcher.answerOne(failing: fails) })
                }
            }
            for _ in 0..<Int.random(in: 1...6, using: &random) { await appStep(&random) }
            await answering.value
            await collector.awaitAll()
            // Then everything still in flight lands, until the round is at rest.
            let settled = await eventually {
                fetcher.answerAll()
                return !dataSources.contains(where: \.loadingCoordinator.isLoading)
                    && !Self.keys.contains(where: store.isFetching)
            }
            guard settled else { break }
            for dataSource in dataSources {
                #expect(
                    dataSource.value == store.value(for: dataSource.key) && !dataSource.isPlaceholder,
                    "seed \(seed), round \(round): a screen of \(dataSource.key) shows \(dataSource.value ?? "nil")")
            }
            let stale = persistence.supersededWrites
            #expect(stale.isEmpty, "seed \(seed), round \(round): superseded results stored: \(stale)")
            if !stale.isEmpty { break }
        }
        print(
            "store contention: \(fetcher.callCount) fetches, \(fetcher.answeredOneCount) answered from threads, "
                + "\(persistence.fetchedWrites) results stored")
    }
}
