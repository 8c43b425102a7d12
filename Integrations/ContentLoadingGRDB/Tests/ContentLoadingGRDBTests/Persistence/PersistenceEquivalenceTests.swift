import ContentLoading
import ContentLoadingGRDB
import ContentLoadingTestSupport
import GRDB
import Testing

/// The shared store over SQLite behaves as over memory: seeded sequences of writes, fetches,
/// invalidations, removals, evictions, time passing and relaunches, run against two stores, one
/// per persistence, show the same value for every key after every step (the
/// store's steps against the SQLite store).
///
/// A relaunch makes a new store on each side: over a new connection to the same file, and over
/// the same `MemoryPersistence` (which plays a file that never loses anything). Staleness is
/// compared only within a launch: after one, the SQLite side knows its values' ages and the
/// memory side does not.
@MainActor
@Suite("Persistence equivalence", .timeLimit(.minutes(1)), .hangLimit)
struct PersistenceEquivalenceTests {
    /// The steps a run is made of.
    enum Step: CustomStringConvertible {
        case write(String, String)
        case fetch(String)
        case invalidate(String)
        case remove(String)
        case advance(Int)
        case relaunch

        var description: String {
            switch self {
            case .write(let value, let key): "write(\(value), \(key))"
            case .fetch(let key): "fetch(\(key))"
            case .invalidate(let key): "invalidate(\(key))"
            case .remove(let key): "remove(\(key))"
            case .advance(let seconds): "advance(\(seconds) s)"
            case .relaunch: "relaunch"
            }
        }
    }

    let keys = ["a", "b", "c", "d"]

    @Test(arguments: 0..<8)
    func sqliteAndMemoryShowTheSameValues(run: Int) async throws {
        let seed = UInt64.random(in: 0..<1_000_000)
        print("PersistenceEquivalenceTests run \(run) seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        let folder = try TemporaryFolder()
        let path = folder.path("store.sqlite")
        let wallClock = TestWallClock()
        let clock = ManualClock()
        let memory = MemoryPersistence<String, String>()
        var fetches = 0

        func makeStores() throws -> (sqlite: ContentStore<String, String>, memory: ContentStore<String, String>) {
            let persistence = try SQLitePersistence<String, String>(
                database: try DatabaseQueue(path: path), name: "values", formatVersion: 1, now: wallClock.now)
            func store(_ persistence: any ContentStorePersistence<String, String>) -> ContentStore<String, String> {
                ContentStore(
                    staleAfter: .after(.seconds(60)), retention: .seconds(120), countLimit: 3,
                    persistence: persistence, clock: clock
                ) { key in "fetched \(key)" }
            }
            return (store(persistence), store(memory))
        }

        var stores = try makeStores()
        /// The keys stored in this launch: only their staleness is the same on both sides.
        var storedThisLaunch: Set<String> = []
        var steps: [Step] = []
        for _ in 0..<60 {
            let key = keys.randomElement(using: &random)!
            let step: Step =
                switch Int.random(in: 0..<12, using: &random) {
                case 0..<4: .write("v\(Int.random(in: 0..<100, using: &random))", key)
                case 4..<6: .fetch(key)
                case 6: .invalidate(key)
                case 7: .remove(key)
                case 8..<10: .advance(Int.random(in: 1...90, using: &random))
                default: .relaunch
                }
            steps.append(step)
            switch step {
            case .write(let value, let key):
                stores.sqlite.write(value, for: key)
                stores.memory.write(value, for: key)
                storedThisLaunch.insert(key)
            case .fetch(let key):
                fetches += 1
                let outcomes = (await stores.sqlite.fetch(key), await stores.memory.fetch(key))
                #expect(outcomes.0 == outcomes.1, "seed \(seed), after \(steps)")
                if outcomes.0.value != nil { storedThisLaunch.insert(key) }
            case .invalidate(let key):
                stores.sqlite.invalidate(key)
                stores.memory.invalidate(key)
            case .remove(let key):
                #expect(
                    stores.sqlite.removeValue(for: key) == stores.memory.removeValue(for: key),
                    "seed \(seed), after \(steps)")
            case .advance(let seconds):
                clock.advance(by: .seconds(seconds))
                wallClock.advance(bySeconds: Double(seconds))
            case .relaunch:
                stores = try makeStores()
                storedThisLaunch = []
            }
            for key in keys {
                #expect(
                    stores.sqlite.value(for: key) == stores.memory.value(for: key),
                    "seed \(seed), key \(key), after \(steps)")
                if storedThisLaunch.contains(key) {
                    #expect(
                        stores.sqlite.isStale(key) == stores.memory.isStale(key),
                        "seed \(seed), key \(key), after \(steps)")
                }
            }
        }
        print("PersistenceEquivalenceTests run \(run): \(fetches) fetches in \(steps.count) steps")
    }
}
